/**
 * A `session/prompt`'s content blocks as the user's text: text as is, a resource link as an
 * `@path` mention (the model reads it with its tools), an embedded text resource as a fenced
 * block named by its URI. Images and audio are not advertised (`promptCapabilities`), so a
 * client does not send them; if one does, it is named in the text rather than dropped silently.
 */
import type * as acp from "@agentclientprotocol/sdk";

export function promptText(blocks: readonly acp.ContentBlock[]): string {
  return blocks.map(blockText).join("\n");
}

function blockText(block: acp.ContentBlock): string {
  switch (block.type) {
    case "text":
      return block.text;
    case "resource_link":
      return `@${filePath(block.uri)}`;
    case "resource": {
      const resource = block.resource;
      if ("text" in resource) return `<resource uri="${resource.uri}">\n${resource.text}\n</resource>`;
      return `[binary resource ${resource.uri} not included]`;
    }
    case "image":
      return "[an image was attached; this agent reads text only]";
    case "audio":
      return "[audio was attached; this agent reads text only]";
    default:
      return "";
  }
}

function filePath(uri: string): string {
  return uri.startsWith("file://") ? decodeURIComponent(new URL(uri).pathname) : uri;
}
