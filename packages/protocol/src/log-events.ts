/**
 * Version 1 of the session-log event schema.
 *
 * A session log is append-only JSONL, one event per line. Every event carries the envelope
 * `{v, seq, ts, session, lane, turn, type}`; `lane` is `"main"` or a subagent id. The log holds
 * everything the model saw: `message` events carry each message appended to a lane's history,
 * `request_header` carries the Tier-1 tools and system when they are first used and whenever they
 * change, so every request can be rebuilt from the log alone. Objects are loose: a reader keeps
 * fields it does not know, so adding a field is not a schema break. A new event type or a change
 * of meaning of a field bumps `v`.
 */
import { z } from "zod";
import { MessageSchema, SystemBlockSchema, ToolSpecSchema } from "./content.js";
import { CacheBreakpointSchema, ProviderErrorSchema, StopReasonSchema, UsageSchema } from "./request.js";

export const LOG_SCHEMA_VERSION = 1 as const;

export const PermissionModeSchema = z.enum(["default", "plan", "auto"]);
export type PermissionMode = z.infer<typeof PermissionModeSchema>;

const SizeSchema = z.number().int().nonnegative();

/** Where a message came from; the timeline groups context growth by it. */
export const MessageSourceSchema = z.enum([
  "user",
  "session_facts",
  "assistant",
  "tool_results",
  "reminder",
  "compaction_summary",
  "subagent_task",
]);
export type MessageSource = z.infer<typeof MessageSourceSchema>;

export const Tier2KindSchema = z.enum([
  "deferred_schema",
  "mcp_catalog",
  "skill_body",
  "memory_body",
  "reminder",
  "instruction",
  "plan_mode",
]);
export type Tier2Kind = z.infer<typeof Tier2KindSchema>;

const bodies = {
  session_start: {
    cwd: z.string(),
    projectKey: z.string(),
    provider: z.string(),
    model: z.string(),
    mode: PermissionModeSchema,
    surface: z.string(),
    version: z.string(),
    resumedFrom: z.string().optional(),
  },
  /** The request header (Tier 1 + model settings), logged at start and again only when it changes. */
  request_header: {
    reason: z.enum(["initial", "resume", "change"]),
    hash: z.string(),
    model: z.string(),
    maxTokens: z.number().int().positive(),
    tools: z.array(ToolSpecSchema),
    system: z.array(SystemBlockSchema),
    bytes: z.looseObject({ tools: SizeSchema, system: SizeSchema }),
  },
  turn_start: { input: z.string() },
  turn_end: { stopReason: z.string(), steps: z.number().int().nonnegative() },
  /** A message appended to the lane's history at `index`. */
  message: { index: z.number().int().nonnegative(), source: MessageSourceSchema, message: MessageSchema },
  pre_step: {
    step: z.number().int().nonnegative(),
    reminders: z.array(z.looseObject({ source: z.string(), bytes: SizeSchema })),
    dedupe: z.looseObject({ drops: z.number().int().nonnegative(), bytesSaved: SizeSchema }),
  },
  model_request: {
    step: z.number().int().nonnegative(),
    headerHash: z.string(),
    messageCount: z.number().int().nonnegative(),
    bytes: z.looseObject({ tools: SizeSchema, system: SizeSchema, messages: SizeSchema }),
    hashes: z.looseObject({ tools: z.string(), system: z.string(), messages: z.string() }),
    breakpoints: z.array(CacheBreakpointSchema),
  },
  model_response: {
    step: z.number().int().nonnegative(),
    stopReason: StopReasonSchema,
    usage: UsageSchema,
    latencyMs: z.number().nonnegative(),
    error: ProviderErrorSchema.optional(),
  },
  tool_call: {
    toolUseId: z.string(),
    name: z.string(),
    inputBytes: SizeSchema,
  },
  tool_result: {
    toolUseId: z.string(),
    name: z.string(),
    status: z.enum(["ok", "error", "denied", "interrupted"]),
    bytes: SizeSchema,
    durationMs: z.number().nonnegative(),
    truncated: z.boolean().optional(),
    fullOutputPath: z.string().optional(),
  },
  approval: {
    toolUseId: z.string(),
    name: z.string(),
    decision: z.enum(["allow_once", "allow_session", "deny"]),
    note: z.string().optional(),
  },
  tier2_load: { kind: Tier2KindSchema, name: z.string(), bytes: SizeSchema, deduped: z.boolean().optional() },
  mode_change: { from: PermissionModeSchema, to: PermissionModeSchema },
  /** History was compacted: messages before `keptFrom` were replaced by one summary message. */
  compaction: {
    trigger: z.enum(["auto", "manual"]),
    removedMessages: z.number().int().nonnegative(),
    summarisedMessages: z.number().int().nonnegative(),
    bytesBefore: SizeSchema,
    bytesAfter: SizeSchema,
    keptFrom: z.number().int().nonnegative(),
    summary: MessageSchema,
  },
  subagent_start: { lane: z.string(), task: z.string(), parentToolUseId: z.string().optional() },
  subagent_stop: {
    lane: z.string(),
    status: z.enum(["done", "error", "interrupted", "budget"]),
    reportBytes: SizeSchema,
  },
  interrupt: { reason: z.string() },
  error: {
    scope: z.enum(["provider", "tool", "engine", "plugin"]),
    message: z.string(),
    kind: z.string().optional(),
  },
  session_end: { reason: z.string() },
} as const;

export type LogEventType = keyof typeof bodies;
export const LOG_EVENT_TYPES = Object.keys(bodies) as LogEventType[];

const envelope = {
  v: z.literal(LOG_SCHEMA_VERSION),
  seq: z.number().int().nonnegative(),
  ts: z.string(),
  session: z.string().min(1),
  lane: z.string().min(1),
  turn: z.number().int().nonnegative(),
};

function eventSchema<T extends LogEventType>(type: T) {
  return z.looseObject({ ...envelope, type: z.literal(type), ...bodies[type] });
}

const schemas = LOG_EVENT_TYPES.map((t) => eventSchema(t));
export const LogEventSchema = z.discriminatedUnion(
  "type",
  schemas as unknown as [ReturnType<typeof eventSchema>, ...ReturnType<typeof eventSchema>[]],
);

type Envelope = { v: 1; seq: number; ts: string; session: string; lane: string; turn: number };
type BodyOf<T extends LogEventType> = {
  [K in keyof (typeof bodies)[T]]: (typeof bodies)[T][K] extends z.ZodType
    ? z.infer<(typeof bodies)[T][K]>
    : never;
};
// Optional zod fields infer as `X | undefined`; make those keys optional too.
type OptionalKeys<T> = { [K in keyof T]: undefined extends T[K] ? K : never }[keyof T];
type Normalise<T> = { [K in Exclude<keyof T, OptionalKeys<T>>]: T[K] } & { [K in OptionalKeys<T>]?: T[K] };

export type LogEventOf<T extends LogEventType> = Envelope & { type: T } & Normalise<BodyOf<T>>;
export type LogEvent = { [T in LogEventType]: LogEventOf<T> }[LogEventType];
/** An event before the writer stamps its envelope. */
export type LogEventBody = { [T in LogEventType]: { type: T } & Normalise<BodyOf<T>> }[LogEventType];
