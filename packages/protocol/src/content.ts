/**
 * Provider-neutral conversation content: messages, content blocks and tool specs.
 *
 * These are the shapes every package agrees on. Adapters in `@picasso/providers` translate them
 * to and from each provider's wire format; the session log stores them verbatim so a request can
 * be rebuilt byte for byte. Schemas validate data where it crosses a boundary (log files,
 * scripts, SDK input); inside the process the inferred types are trusted.
 */
import { z } from "zod";

export const TextBlockSchema = z.object({ type: z.literal("text"), text: z.string() });
export const ToolUseBlockSchema = z.object({
  type: z.literal("tool_use"),
  id: z.string().min(1),
  name: z.string().min(1),
  input: z.record(z.string(), z.unknown()),
});
export const ToolResultBlockSchema = z.object({
  type: z.literal("tool_result"),
  toolUseId: z.string().min(1),
  content: z.string(),
  isError: z.boolean().optional(),
});
export const ThinkingBlockSchema = z.object({
  type: z.literal("thinking"),
  thinking: z.string(),
  signature: z.string().optional(),
});

export const ContentBlockSchema = z.discriminatedUnion("type", [
  TextBlockSchema,
  ToolUseBlockSchema,
  ToolResultBlockSchema,
  ThinkingBlockSchema,
]);

export const RoleSchema = z.enum(["user", "assistant"]);
export const MessageSchema = z.object({ role: RoleSchema, content: z.array(ContentBlockSchema) });

export type TextBlock = z.infer<typeof TextBlockSchema>;
export type ToolUseBlock = z.infer<typeof ToolUseBlockSchema>;
export type ToolResultBlock = z.infer<typeof ToolResultBlockSchema>;
export type ThinkingBlock = z.infer<typeof ThinkingBlockSchema>;
export type ContentBlock = z.infer<typeof ContentBlockSchema>;
export type Role = z.infer<typeof RoleSchema>;
export type Message = z.infer<typeof MessageSchema>;

/** A JSON Schema object describing a tool's input. Kept as plain JSON. */
export type JsonSchema = { [key: string]: unknown };

export const ToolSpecSchema = z.object({
  name: z.string().regex(/^[a-zA-Z0-9_-]{1,64}$/, "tool names are 1-64 letters, digits, _ or -"),
  description: z.string(),
  inputSchema: z.record(z.string(), z.unknown()),
});
export type ToolSpec = z.infer<typeof ToolSpecSchema>;

/** One block of the system prompt. `id` names the section it came from (e.g. `harness:identity`). */
export const SystemBlockSchema = z.object({ id: z.string(), text: z.string() });
export type SystemBlock = z.infer<typeof SystemBlockSchema>;

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
