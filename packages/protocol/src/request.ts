/**
 * A provider-neutral model request and the stream of events a provider answers with.
 *
 * Cache breakpoints are explicit positions in the prefix `tools → system → messages`. Providers
 * with explicit caching (Anthropic) place `cache_control` exactly there; providers with automatic
 * prefix caching (OpenAI-compatible) ignore them.
 */
import { z } from "zod";
import { ContentBlockSchema, MessageSchema, SystemBlockSchema, ToolSpecSchema } from "./content.js";

export const CacheTtlSchema = z.enum(["5m", "1h"]);
export type CacheTtl = z.infer<typeof CacheTtlSchema>;

/**
 * Where a cache breakpoint sits:
 * - `tools`: on tool `index` (normally the last tool);
 * - `system`: on system block `index` (normally the last one: the end of Tier 1);
 * - `message`: on the last content block of message `index`.
 */
export const CacheBreakpointSchema = z.object({
  segment: z.enum(["tools", "system", "message"]),
  index: z.number().int().nonnegative(),
  ttl: CacheTtlSchema.optional(),
});
export type CacheBreakpoint = z.infer<typeof CacheBreakpointSchema>;

export const ModelRequestSchema = z.object({
  model: z.string().min(1),
  tools: z.array(ToolSpecSchema),
  system: z.array(SystemBlockSchema),
  messages: z.array(MessageSchema),
  maxTokens: z.number().int().positive(),
  cacheBreakpoints: z.array(CacheBreakpointSchema).max(4),
  temperature: z.number().min(0).max(2).optional(),
});
export type ModelRequest = z.infer<typeof ModelRequestSchema>;

/**
 * Token usage exactly as the provider reported it. A field the provider did not report is
 * `undefined` — never 0 by guess. `inputTokens` follows the Anthropic meaning: tokens after the
 * last cache breakpoint (uncached input). For OpenAI-compatible providers it is
 * `prompt_tokens - cached_tokens` when `cached_tokens` is reported, else `prompt_tokens`.
 */
export const UsageSchema = z.object({
  inputTokens: z.number().int().nonnegative().optional(),
  outputTokens: z.number().int().nonnegative().optional(),
  cacheReadTokens: z.number().int().nonnegative().optional(),
  cacheWriteTokens: z.number().int().nonnegative().optional(),
  cacheWrite5mTokens: z.number().int().nonnegative().optional(),
  cacheWrite1hTokens: z.number().int().nonnegative().optional(),
});
export type Usage = z.infer<typeof UsageSchema>;

export const StopReasonSchema = z.enum([
  "end_turn",
  "tool_use",
  "max_tokens",
  "stop_sequence",
  "refusal",
  "pause_turn",
  "aborted",
  "error",
]);
export type StopReason = z.infer<typeof StopReasonSchema>;

/** A provider fault, as a value. `retryable` says whether trying again may help. */
export const ProviderErrorSchema = z.object({
  kind: z.enum([
    "rate_limit",
    "overloaded",
    "server",
    "bad_request",
    "auth",
    "stream_cut",
    "network",
    "aborted",
    "unknown",
  ]),
  message: z.string(),
  status: z.number().int().optional(),
  retryable: z.boolean(),
});
export type ProviderError = z.infer<typeof ProviderErrorSchema>;

export const StreamEventSchema = z.discriminatedUnion("type", [
  z.object({ type: z.literal("message_start"), id: z.string().optional(), model: z.string().optional() }),
  z.object({ type: z.literal("text_delta"), index: z.number().int(), text: z.string() }),
  z.object({ type: z.literal("thinking_delta"), index: z.number().int(), thinking: z.string() }),
  z.object({ type: z.literal("tool_use_start"), index: z.number().int(), id: z.string(), name: z.string() }),
  z.object({ type: z.literal("tool_use_delta"), index: z.number().int(), partialJson: z.string() }),
  /** A content block is complete; tool_use input is parsed here. */
  z.object({ type: z.literal("block_stop"), index: z.number().int(), block: ContentBlockSchema }),
  /** The provider is about to retry after a retryable fault. */
  z.object({
    type: z.literal("retry"),
    attempt: z.number().int().positive(),
    delayMs: z.number().nonnegative(),
    error: ProviderErrorSchema,
  }),
  /** The last event of a successful stream. */
  z.object({
    type: z.literal("message_stop"),
    stopReason: StopReasonSchema,
    usage: UsageSchema,
    content: z.array(ContentBlockSchema),
  }),
  /** The last event of a failed stream (after retries were exhausted, or a non-retryable fault). */
  z.object({ type: z.literal("error"), error: ProviderErrorSchema, usage: UsageSchema.optional() }),
]);
export type StreamEvent = z.infer<typeof StreamEventSchema>;
export type StreamEventOf<T extends StreamEvent["type"]> = Extract<StreamEvent, { type: T }>;
