/**
 * A `session/prompt`'s content blocks as the user's text: text as is, a resource link as an
 * `@path` mention (the model reads it with its tools), an embedded text resource as a fenced
 * block named by its URI. Image blocks (`promptCapabilities.image`) are the turn's attached
 * images (`promptImages`: base64 and MIME type, checked, capped and downscaled by the session's
 * image resolver: docs/images.md); they add no text. Audio is not advertised, so a client does
 * not send it; if one does, it is named in the text rather than dropped silently.
 */
import type * as acp from "@agentclientprotocol/sdk";
import type { ImageInput } from "@picasso/protocol";

export function promptText(blocks: readonly acp.ContentBlock[]): string {
  return blocks
    .filter((block) => block.type !== "image")
    .map(blockText)
    .join("\n");
}

/** The prompt's image blocks as images attached to the turn, named by their URI when given. */
export function promptImages(blocks: readonly acp.ContentBlock[]): ImageInput[] {
  return blocks.flatMap((block) =>
    block.type === "image"
      ? [{ data: block.data, mediaType: block.mimeType, ...(block.uri ? { name: fileName(block.uri) } : {}) }]
      : [],
  );
}

function fileName(uri: string): string {
  return uri.startsWith("file://") ? filePath(uri) : uri;
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
    case "audio":
      return "[audio was attached; this agent reads text only]";
    default:
      return "";
  }
}

function filePath(uri: string): string {
  return uri.startsWith("file://") ? decodeURIComponent(new URL(uri).pathname) : uri;
}
