/**
 * Validation of OpenAI Chat Completions requests: the schema (field names and types), then the
 * tool-call pairing rules the real API enforces — a `tool` message must answer a `tool_calls` id of
 * the assistant message before it, and every such id must be answered before the next
 * non-tool message. Failures are RequestErrors whose message starts with the field.
 */
import { z } from "zod";
import { describeIssue } from "./anthropic-request.js";
import { RequestError } from "./errors.js";

const ToolCallSchema = z.looseObject({
  id: z.string().min(1),
  type: z.literal("function"),
  function: z.looseObject({ name: z.string().min(1), arguments: z.string() }),
});
const MessageSchema = z.looseObject({
  role: z.enum(["system", "developer", "user", "assistant", "tool"]),
  content: z.union([z.string(), z.array(z.looseObject({ type: z.string() })), z.null()]).optional(),
  tool_call_id: z.string().optional(),
  tool_calls: z.array(ToolCallSchema).optional(),
});
const ToolSchema = z.looseObject({
  type: z.literal("function"),
  function: z.looseObject({
    name: z.string().min(1),
    description: z.string().optional(),
    parameters: z.record(z.string(), z.unknown()).optional(),
  }),
});
const maxTokens = z.number().int().positive().nullable().optional();
const ChatSchema = z.looseObject({
  model: z.string().min(1),
  messages: z.array(MessageSchema).min(1),
  tools: z.array(ToolSchema).optional(),
  stream: z.boolean().nullable().optional(),
  stream_options: z.looseObject({ include_usage: z.boolean().optional() }).nullable().optional(),
  max_tokens: maxTokens,
  max_completion_tokens: maxTokens,
});

export type ChatRequest = z.infer<typeof ChatSchema>;

export function parseChatRequest(body: unknown): ChatRequest {
  const parsed = ChatSchema.safeParse(body);
  if (!parsed.success) throw new RequestError(describeIssue(parsed.error.issues[0]));
  const chat = parsed.data;
  let pending = new Set<string>();
  chat.messages.forEach((message, i) => {
    if (message.role === "tool") {
      if (!message.tool_call_id)
        throw new RequestError(`messages.${i}.tool_call_id: Field required for role "tool"`);
      if (!pending.delete(message.tool_call_id)) {
        throw new RequestError(
          `messages.${i}: messages with role 'tool' must be a response to a preceding message with 'tool_calls' (unknown tool_call_id ${message.tool_call_id})`,
        );
      }
      return;
    }
    if (pending.size > 0) {
      throw new RequestError(
        `messages.${i}: an assistant message with 'tool_calls' must be followed by tool messages responding to each 'tool_call_id'. Missing: ${[...pending].join(", ")}`,
      );
    }
    pending = new Set(message.role === "assistant" ? (message.tool_calls ?? []).map((c) => c.id) : []);
  });
  return chat;
}
