/**
 * Building and reading messages (content.ts declares their shapes): plain functions over the
 * inferred types, which load no schema library.
 */
import type { ContentBlock, ImageBlock, Message, TextBlock } from "./content.js";

export const text = (value: string): TextBlock => ({ type: "text", text: value });
export const userMessage = (...blocks: ContentBlock[]): Message => ({ role: "user", content: blocks });
export const assistantMessage = (...blocks: ContentBlock[]): Message => ({
  role: "assistant",
  content: blocks,
});

/** The concatenated text blocks of a message (tool results and thinking excluded). */
export function messageText(message: Message): string {
  return message.content
    .filter((b): b is TextBlock => b.type === "text")
    .map((b) => b.text)
    .join("");
}

/** The image blocks of a message: its own and those its tool results carry, in order. */
export function messageImages(message: Message): ImageBlock[] {
  return message.content.flatMap((b) =>
    b.type === "image" ? [b] : b.type === "tool_result" && b.images ? b.images : [],
  );
}
