/**
 * What the model sees of a `tools/call` result: text as it is; an image or audio as a one-line
 * attachment note (the bytes are saved beside the session's spilled outputs, never base64 in
 * context); an embedded resource as its text (or a note for a blob); a resource link as a line;
 * structured content as JSON when the server sent no text. `isError` makes it a tool error.
 * Long results are cut by the engine like every tool output (the full text spilled to a file).
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import type { ToolOutput } from "@picasso/protocol";

const EXTENSIONS: Record<string, string> = {
  "image/png": "png",
  "image/jpeg": "jpg",
  "image/gif": "gif",
  "image/webp": "webp",
  "image/svg+xml": "svg",
  "audio/wav": "wav",
  "audio/mpeg": "mp3",
};

export function renderCallResult(
  result: CallToolResult,
  where: { spillDir: string; label: string },
  mask: (text: string) => string,
): ToolOutput {
  const parts: string[] = [];
  let attachments = 0;
  const save = (data: string, mimeType: string): string => {
    attachments += 1;
    const bytes = Buffer.from(data, "base64");
    const file = join(where.spillDir, `${where.label}-${attachments}.${EXTENSIONS[mimeType] ?? "bin"}`);
    try {
      mkdirSync(where.spillDir, { recursive: true });
      writeFileSync(file, bytes);
      return `${bytes.length} bytes, saved to ${file}`;
    } catch {
      return `${bytes.length} bytes, not saved`;
    }
  };
  for (const block of result.content ?? []) {
    switch (block.type) {
      case "text":
        parts.push(block.text);
        break;
      case "image":
      case "audio":
        parts.push(`[${block.type} attachment: ${block.mimeType}, ${save(block.data, block.mimeType)}]`);
        break;
      case "resource": {
        const resource = block.resource;
        if ("text" in resource && typeof resource.text === "string")
          parts.push(`[resource ${resource.uri}]\n${resource.text}`);
        else parts.push(`[resource ${resource.uri}: ${resource.mimeType ?? "binary"} blob, not shown]`);
        break;
      }
      case "resource_link":
        parts.push(`[resource link: ${block.uri}${block.name ? ` (${block.name})` : ""}]`);
        break;
      default:
        parts.push("[content of an unknown type, not shown]");
    }
  }
  if (result.structuredContent && parts.every((p) => p.trim() === ""))
    parts.push(JSON.stringify(result.structuredContent, null, 2));
  const content = mask(parts.join("\n").trim() || "(the tool returned no content)");
  return result.isError ? { content, isError: true } : { content };
}
