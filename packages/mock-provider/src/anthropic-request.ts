/**
 * Validation of Anthropic Messages requests, as the real API does it: the schema (field names and
 * types) first, then the rules that span fields — at most 4 cache_control breakpoints (a top-level
 * automatic `cache_control` takes one slot), no 1h breakpoint after a 5m one, no cache_control on
 * thinking or empty text blocks, and every `tool_use` answered by a `tool_result` in the next user
 * message. A failure is a `RequestError` whose message names the field (`messages.0.content: ...`).
 * Success yields a normalised prompt: string system/content become text blocks.
 */
import { z } from "zod";
import { RequestError } from "./errors.js";

const CacheControlSchema = z.object({
  type: z.literal("ephemeral"),
  ttl: z.enum(["5m", "1h"]).optional(),
});
export type CacheControl = z.infer<typeof CacheControlSchema>;

const cacheControl = CacheControlSchema.optional().nullable();
const TextBlockSchema = z.looseObject({
  type: z.literal("text"),
  text: z.string(),
  cache_control: cacheControl,
});
const MediaBlock = (type: "image" | "document") =>
  z.looseObject({
    type: z.literal(type),
    source: z.record(z.string(), z.unknown()),
    cache_control: cacheControl,
  });
const ToolResultContent = z.union([
  z.string(),
  z.array(z.discriminatedUnion("type", [TextBlockSchema, MediaBlock("image"), MediaBlock("document")])),
]);
const BlockSchema = z.discriminatedUnion("type", [
  TextBlockSchema,
  MediaBlock("image"),
  MediaBlock("document"),
  z.looseObject({
    type: z.literal("tool_use"),
    id: z.string().min(1),
    name: z.string().min(1),
    input: z.record(z.string(), z.unknown()),
    cache_control: cacheControl,
  }),
  z.looseObject({
    type: z.literal("tool_result"),
    tool_use_id: z.string().min(1),
    content: ToolResultContent.optional(),
    is_error: z.boolean().optional(),
    cache_control: cacheControl,
  }),
  z.looseObject({ type: z.literal("thinking"), thinking: z.string(), signature: z.string() }),
  z.looseObject({ type: z.literal("redacted_thinking"), data: z.string() }),
]);
export type AnthropicBlock = z.infer<typeof BlockSchema>;

const MessageSchema = z.looseObject({
  role: z.enum(["user", "assistant"]),
  content: z.union([z.string(), z.array(BlockSchema)]),
});
const ToolSchema = z.looseObject({
  name: z.string().min(1),
  description: z.string().optional(),
  input_schema: z.record(z.string(), z.unknown()).optional(),
  type: z.string().optional(),
  cache_control: cacheControl,
});
export type AnthropicTool = z.infer<typeof ToolSchema>;

const CountTokensSchema = z.looseObject({
  model: z.string().min(1),
  messages: z.array(MessageSchema).min(1),
  system: z.union([z.string(), z.array(TextBlockSchema)]).optional(),
  tools: z.array(ToolSchema).optional(),
  cache_control: cacheControl,
});
const MessagesSchema = CountTokensSchema.extend({
  max_tokens: z.number().int().nonnegative(),
  stream: z.boolean().optional(),
  temperature: z.number().min(0).max(1).optional(),
  stop_sequences: z.array(z.string()).optional(),
});

export interface AnthropicPrompt {
  model: string;
  maxTokens: number;
  stream: boolean;
  tools: AnthropicTool[];
  system: Array<z.infer<typeof TextBlockSchema>>;
  messages: Array<{ role: "user" | "assistant"; content: AnthropicBlock[] }>;
  /** Top-level automatic caching marker, if any. */
  autoCache?: CacheControl;
}

/** Validates a `/v1/messages` (or, with `countTokens`, a `/count_tokens`) body. */
export function parseAnthropicRequest(
  body: unknown,
  options: { countTokens?: boolean } = {},
): AnthropicPrompt {
  const schema = options.countTokens ? CountTokensSchema : MessagesSchema;
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw new RequestError(describeIssue(parsed.error.issues[0]));
  const data = parsed.data as z.infer<typeof MessagesSchema>;
  const prompt: AnthropicPrompt = {
    model: data.model,
    maxTokens: data.max_tokens ?? 0,
    stream: data.stream === true,
    tools: data.tools ?? [],
    system:
      typeof data.system === "string"
        ? data.system === ""
          ? []
          : [{ type: "text", text: data.system }]
        : (data.system ?? []),
    messages: data.messages.map((m) => ({
      role: m.role,
      content: typeof m.content === "string" ? [{ type: "text", text: m.content }] : m.content,
    })),
    ...(data.cache_control ? { autoCache: data.cache_control } : {}),
  };
  if (prompt.stream && prompt.maxTokens === 0 && !options.countTokens) {
    throw new RequestError("max_tokens: 0 (cache pre-warm) is not supported with stream: true");
  }
  checkTools(prompt);
  checkContent(prompt);
  checkCacheControl(prompt);
  checkToolPairing(prompt);
  return prompt;
}

const TOOL_NAME = /^[a-zA-Z0-9_-]{1,128}$/;

function checkTools(prompt: AnthropicPrompt): void {
  const seen = new Set<string>();
  prompt.tools.forEach((tool, i) => {
    const custom = tool.type === undefined || tool.type === "custom";
    if (custom && !TOOL_NAME.test(tool.name)) {
      throw new RequestError(`tools.${i}.name: String should match pattern '${TOOL_NAME.source}'`);
    }
    if (custom && !tool.input_schema) throw new RequestError(`tools.${i}.input_schema: Field required`);
    if (seen.has(tool.name)) throw new RequestError(`tools: Tool names must be unique (${tool.name})`);
    seen.add(tool.name);
  });
}

function checkContent(prompt: AnthropicPrompt): void {
  prompt.system.forEach((block, i) => {
    if (block.text === "") throw new RequestError(`system.${i}.text: text content blocks must be non-empty`);
  });
  const lastIndex = prompt.messages.length - 1;
  prompt.messages.forEach((message, m) => {
    const finalAssistant = m === lastIndex && message.role === "assistant";
    const empty =
      message.content.length === 0 ||
      (message.content.length === 1 && message.content[0]?.type === "text" && message.content[0].text === "");
    if (empty && !finalAssistant) {
      throw new RequestError(
        `messages.${m}: all messages must have non-empty content except for the optional final assistant message`,
      );
    }
    message.content.forEach((block, b) => {
      if (block.type === "text" && block.text === "" && !empty) {
        throw new RequestError(`messages.${m}.content.${b}.text: text content blocks must be non-empty`);
      }
    });
    const last = message.content[message.content.length - 1];
    if (finalAssistant && last?.type === "text" && last.text !== "" && /\s$/.test(last.text)) {
      throw new RequestError(`messages.${m}: final assistant content cannot end with trailing whitespace`);
    }
  });
}

function checkCacheControl(prompt: AnthropicPrompt): void {
  const marks: Array<{ field: string; ttl: "5m" | "1h" }> = [];
  prompt.tools.forEach((tool, i) => {
    if (tool.cache_control) marks.push({ field: `tools.${i}`, ttl: tool.cache_control.ttl ?? "5m" });
  });
  prompt.system.forEach((block, i) => {
    if (block.cache_control) marks.push({ field: `system.${i}`, ttl: block.cache_control.ttl ?? "5m" });
  });
  prompt.messages.forEach((message, m) => {
    message.content.forEach((block, b) => {
      const field = `messages.${m}.content.${b}`;
      const mark = (block as { cache_control?: CacheControl | null }).cache_control;
      if (!mark) return;
      if (block.type === "thinking" || block.type === "redacted_thinking") {
        throw new RequestError(`${field}.cache_control: cache_control cannot be set on ${block.type} blocks`);
      }
      if (block.type === "text" && block.text === "") {
        throw new RequestError(`${field}.cache_control: cache_control cannot be set for empty text blocks`);
      }
      marks.push({ field, ttl: mark.ttl ?? "5m" });
    });
  });
  const total = marks.length + (prompt.autoCache ? 1 : 0);
  if (total > 4) {
    throw new RequestError(
      `cache_control: A maximum of 4 blocks with cache_control may be provided. Found ${total}.` +
        (prompt.autoCache ? " (the top-level cache_control takes one slot)" : ""),
    );
  }
  let seen5m: string | undefined;
  for (const mark of marks) {
    if (mark.ttl === "5m") seen5m ??= mark.field;
    else if (seen5m) {
      throw new RequestError(
        `${mark.field}.cache_control.ttl: a ttl="1h" cache_control block must not come after a ttl="5m" one (${seen5m})`,
      );
    }
  }
}

function checkToolPairing(prompt: AnthropicPrompt): void {
  prompt.messages.forEach((message, m) => {
    if (message.role !== "user") return;
    const previous = prompt.messages[m - 1];
    const asked = new Set(
      previous?.role === "assistant"
        ? previous.content.flatMap((b) => (b.type === "tool_use" ? [b.id] : []))
        : [],
    );
    const answered = new Set<string>();
    message.content.forEach((block, b) => {
      if (block.type !== "tool_result") return;
      if (!asked.has(block.tool_use_id)) {
        throw new RequestError(
          `messages.${m}.content.${b}: unexpected tool_use_id found in tool_result blocks: ${block.tool_use_id}. ` +
            "Each tool_result block must have a corresponding tool_use block in the previous message.",
        );
      }
      answered.add(block.tool_use_id);
    });
    const missing = [...asked].filter((id) => !answered.has(id));
    if (missing.length > 0) {
      throw new RequestError(
        `messages.${m - 1}: tool_use ids were found without tool_result blocks immediately after: ${missing.join(", ")}. ` +
          "Each tool_use block must have a corresponding tool_result block in the next message.",
      );
    }
  });
}

/** `path.to.field: message`, with "Field required" for a missing field as the real API says. */
export function describeIssue(issue: z.core.$ZodIssue | undefined): string {
  if (!issue) return "invalid request";
  if (issue.code === "invalid_union" && !issue.discriminator && issue.errors.length > 0) {
    // A plain union (e.g. string | blocks): report the branch that got furthest into the value.
    const deepest = issue.errors
      .flat()
      .reduce<z.core.$ZodIssue | undefined>(
        (best, sub) => (!best || sub.path.length > best.path.length ? sub : best),
        undefined,
      );
    if (deepest && deepest.path.length > 0) {
      return describeIssue({ ...deepest, path: [...issue.path, ...deepest.path] } as z.core.$ZodIssue);
    }
  }
  const field = issue.path.length > 0 ? issue.path.join(".") : "body";
  if (issue.code === "invalid_union" && issue.discriminator) {
    const options = (("options" in issue ? issue.options : undefined) ?? [])
      .map((o: unknown) => `'${String(o)}'`)
      .join(", ");
    const tag =
      issue.path[issue.path.length - 1] === issue.discriminator ? field : `${field}.${issue.discriminator}`;
    return `${tag}: Input tag does not match any of the expected tags: ${options}`;
  }
  const missing = issue.code === "invalid_type" && /received undefined/.test(issue.message);
  return `${field}: ${missing ? "Field required" : issue.message}`;
}
