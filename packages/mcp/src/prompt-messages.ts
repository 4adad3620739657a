/**
 * A `prompts/get` result as the text of the user's turn: each message's text in order — an
 * embedded resource as its text (a blob is a note), an image or audio noted, never its bytes, a
 * resource link as a line. A message the server gives the assistant role is marked so the model
 * knows it was not the user's. The whole is cut at `MAX_PROMPT_CHARS`; what was left out or cut
 * is told in `notes`, shown to the user before the turn. Secret values are masked.
 */
import type { GetPromptResult } from "@modelcontextprotocol/sdk/types.js";

export const MAX_PROMPT_CHARS = 100_000;
const MAX_MESSAGES = 100;

export function promptMessagesText(
  result: GetPromptResult,
  mask: (text: string) => string,
): { prompt: string; notes: string[] } {
  const parts: string[] = [];
  const notes: string[] = [];
  const messages = Array.isArray(result.messages) ? result.messages : [];
  for (const message of messages.slice(0, MAX_MESSAGES)) {
    const text = contentText(message.content, notes);
    if (!text) continue;
    parts.push(message.role === "assistant" ? `[assistant]\n${text}` : text);
  }
  if (messages.length > MAX_MESSAGES)
    notes.push(`${messages.length - MAX_MESSAGES} more messages were left out`);
  let prompt = mask(parts.join("\n\n").trim());
  if (prompt.length > MAX_PROMPT_CHARS) {
    notes.push(`the prompt was cut at ${MAX_PROMPT_CHARS} characters of ${prompt.length}`);
    prompt = prompt.slice(0, MAX_PROMPT_CHARS);
  }
  return { prompt, notes: notes.map(mask) };
}

function contentText(content: GetPromptResult["messages"][number]["content"], notes: string[]): string {
  switch (content.type) {
    case "text":
      return content.text;
    case "image":
    case "audio":
      notes.push(`an ${content.type} (${content.mimeType}) in the prompt was left out`);
      return `[${content.type} ${content.mimeType} left out]`;
    case "resource": {
      const resource = content.resource;
      if ("text" in resource && typeof resource.text === "string")
        return `[resource ${resource.uri}]\n${resource.text}`;
      notes.push(`the ${resource.mimeType ?? "binary"} resource ${resource.uri} in the prompt was left out`);
      return `[resource ${resource.uri}: ${resource.mimeType ?? "binary"} blob left out]`;
    }
    case "resource_link":
      return `[resource link: ${content.uri}${content.name ? ` (${content.name})` : ""}]`;
    default:
      notes.push("content of an unknown type in the prompt was left out");
      return "";
  }
}
