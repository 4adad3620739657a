/**
 * The session event vocabulary: every fact a session knows is one `SessionEvent` variant, defined
 * here once. The TUI, headless `stream-json`, the session log, the timeline fold and (later) ACP
 * all read this one union.
 *
 * Each variant has a persistence rule in `EVENT_RULES` (docs/session-log.md shows it; the same rule
 * as plain data is in event-persistence.ts, so events are recorded and written without zod): `log`
 * variants are written to the session log and streamed; `live` variants (text and thinking deltas)
 * are streamed only. A `log` variant may carry a few *live-only fields* — data
 * the log already holds elsewhere or that only a screen needs (a tool call's input is in the
 * assistant `message`; a tool result's full content is in the `tool_results` message) — which the
 * writer leaves out of the line. Everything else that is written is declared here.
 *
 * Shapes:
 * - `SessionEvent` — what subscribers receive: the variant's fields (live-only ones included),
 *   `type`, and the envelope `session`, `lane`, `turn`, `ts`, plus `seq` when it was logged.
 * - `LogEvent` — one line of the log (schema v2): `{v: 2, seq, ts, session, lane, turn, type, …}`
 *   with the logged fields only.
 * - `SessionEventBody` — a variant before the envelope is stamped (what the engine records).
 */
import { z } from "zod";
import { MessageSchema, SystemBlockSchema, ToolSpecSchema } from "./content.js";
import { liveOnly, logged, Size } from "./event-variants.js";
import { WATCH_LOOP_TEAM_EVENT_RULES, WORKFLOW_EVENT_RULES } from "./family-events.js";
import { SESSION_LOG_VERSION } from "./log-version.js";
import { PERMISSION_MODES } from "./permission-modes.js";
import { CacheBreakpointSchema, ProviderErrorSchema, StopReasonSchema, UsageSchema } from "./request.js";
import { SubagentStatusSchema } from "./subagent-status.js";

export const PermissionModeSchema = z.enum(PERMISSION_MODES);

/** How a tool call touches the world; permission modes key off it. */
export const ToolEffectSchema = z.enum(["read", "write", "exec", "network", "agent", "interactive"]);
export type ToolEffect = z.infer<typeof ToolEffectSchema>;

/** Where a message came from; the timeline groups context growth by it. */
export const MessageSourceSchema = z.enum([
  "user",
  "session_facts",
  "assistant",
  "tool_results",
  "reminder",
  "compaction_summary",
  "subagent_task",
  "subagent_message",
  /** A notice that woke the session or joined its next step (a monitor match, a scheduled prompt). */
  "notice",
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
  "doc_topic",
]);
export type Tier2Kind = z.infer<typeof Tier2KindSchema>;

export const ToolStatusSchema = z.enum(["ok", "error", "denied", "interrupted"]);
export type ToolStatus = z.infer<typeof ToolStatusSchema>;

export const ApprovalDecisionSchema = z.enum(["allow_once", "allow_session", "deny"]);
export type ApprovalDecision = z.infer<typeof ApprovalDecisionSchema>;

/** Why a turn ended: the model's stop reason, or the engine's. */
export const TurnStopReasonSchema = z.union([StopReasonSchema, z.enum(["interrupted", "max_steps"])]);
export type TurnStopReason = z.infer<typeof TurnStopReasonSchema>;

export { WatchKindSchema } from "./family-events.js";
export { type SubagentStatus, SubagentStatusSchema } from "./subagent-status.js";

export const TodoItemSchema = z.strictObject({
  content: z.string(),
  status: z.enum(["pending", "in_progress", "done"]),
});
export type TodoItem = z.infer<typeof TodoItemSchema>;

/** What the user sees of a tool result (the model sees `content`). */
export const ToolDisplaySchema = z.discriminatedUnion("kind", [
  z.strictObject({ kind: z.literal("text"), text: z.string() }),
  z.strictObject({ kind: z.literal("diff"), path: z.string(), diff: z.string() }),
  z.strictObject({
    kind: z.literal("command"),
    command: z.string(),
    exitCode: z.number().int().nullable(),
    output: z.string(),
  }),
  z.strictObject({ kind: z.literal("todos"), items: z.array(TodoItemSchema) }),
]);
export type ToolDisplay = z.infer<typeof ToolDisplaySchema>;

/** The engine settings a session ran with (`session_start.settings`). */
export const EngineSettingsSnapshotSchema = z.strictObject({
  maxTokens: z.number().int().positive(),
  toolOutputLimitBytes: z.number().int().positive(),
  compactAt: z.number(),
  compactKeepShare: z.number(),
  contextWindow: z.number().int().positive().optional(),
  maxStepsPerTurn: z.number().int().positive(),
  subagentMaxSteps: z.number().int().positive(),
  allowedOutsidePaths: z.array(z.string()),
});

export const Tier1SectionRoleSchema = z.enum(["canonical", "gateways", "instructions", "skills"]);
export type Tier1SectionRole = z.infer<typeof Tier1SectionRoleSchema>;
export const Tier1ToolRoleSchema = z.enum(["core", "gateway"]);
export type Tier1ToolRole = z.infer<typeof Tier1ToolRoleSchema>;

/** Tier 1's figures (`session_start.tier1`): hash, sizes, and what each section and tool is. */
export const Tier1SummarySchema = z.strictObject({
  hash: z.string(),
  bytes: z.strictObject({ tools: Size, system: Size, total: Size }),
  sections: z.array(
    z.strictObject({
      id: z.string(),
      bytes: Size,
      hash: z.string(),
      role: Tier1SectionRoleSchema.optional(),
    }),
  ),
  toolSizes: z.array(z.strictObject({ name: z.string(), bytes: Size, role: Tier1ToolRoleSchema.optional() })),
});

/** Facts about the workspace a session started in. */
export const WorkspaceFactsSchema = z.strictObject({
  gitBranch: z.string().optional(),
  /** A git worktree other than the main checkout. */
  gitWorktree: z.boolean().optional(),
  /** Uncommitted changes to tracked files when the session started. */
  gitDirty: z.boolean().optional(),
});
export type WorkspaceFacts = z.infer<typeof WorkspaceFactsSchema>;

/** Every variant: its fields, its live-only fields and whether it is logged. */
export const EVENT_RULES = {
  /** A session starts, and again each time it is resumed. */
  session_start: logged({
    cwd: z.string(),
    workspaceRoot: z.string(),
    projectKey: z.string(),
    provider: z.string(),
    model: z.string(),
    mode: PermissionModeSchema,
    surface: z.string(),
    version: z.string(),
    resumedFrom: z.string().optional(),
    settings: EngineSettingsSnapshotSchema.optional(),
    tier1: Tier1SummarySchema.optional(),
    workspace: WorkspaceFactsSchema.optional(),
  }),
  /** The request header (Tier 1 + model settings), logged at start, on resume and when it changes. */
  /**
   * The tools, system and model requests are sent with. `agent`: the header of a subagent run as
   * an agent definition whose tools or model differ from the session's (its lane's requests name
   * it); it never becomes the session's header.
   */
  request_header: logged({
    reason: z.enum(["initial", "resume", "change", "agent"]),
    hash: z.string(),
    tier1Hash: z.string().optional(),
    /** On resume: the Tier-1 hash assembling today would give, when it differs (the logged one is kept). */
    freshTier1Hash: z.string().optional(),
    model: z.string(),
    maxTokens: z.number().int().positive(),
    tools: z.array(ToolSpecSchema),
    system: z.array(SystemBlockSchema),
    bytes: z.strictObject({ tools: Size, system: Size }),
  }),
  turn_start: logged({ input: z.string() }),
  /** A message appended to the lane's history at `index`. */
  message: logged({
    index: Size,
    source: MessageSourceSchema,
    message: MessageSchema,
    /** First user message: bytes of the session-facts block before the user's text. */
    factsBytes: Size.optional(),
    /** For a reminder: its named source. */
    reminder: z.string().optional(),
    /** The image blocks the message holds (its tool results' included): how many, their bytes. */
    images: z.strictObject({ count: Size, bytes: Size }).optional(),
  }),
  /** After the `agent/pre-step` hook, before a step. */
  pre_step: logged({
    step: Size,
    reminders: z.array(z.strictObject({ source: z.string(), bytes: Size })),
    dedupe: z.strictObject({ drops: Size, bytesSaved: Size }),
    /** Each plugin's own stats, by plugin name (opaque to the engine). */
    stats: z.record(z.string(), z.unknown()).optional(),
  }),
  model_request: logged({
    step: Size,
    /** `step` for a lane's step; `compaction` for a summarising request. */
    purpose: z.enum(["step", "compaction"]).optional(),
    headerHash: z.string(),
    messageCount: Size,
    bytes: z.strictObject({ tools: Size, system: Size, messages: Size }),
    hashes: z.strictObject({ tools: z.string(), system: z.string(), messages: z.string() }),
    breakpoints: z.array(CacheBreakpointSchema),
    /** Messages sent after the lane's first `messageCount` (the compaction instruction). */
    appended: z.array(MessageSchema).optional(),
  }),
  /** The provider is about to retry a step after a retryable fault. */
  retry: logged({
    step: Size.optional(),
    attempt: z.number().int().positive(),
    delayMs: Size,
    error: ProviderErrorSchema,
  }),
  text_delta: liveOnly({ text: z.string() }),
  thinking_delta: liveOnly({ text: z.string() }),
  model_response: logged({
    step: Size,
    stopReason: StopReasonSchema,
    /** Exactly as the provider reported it. */
    usage: UsageSchema,
    latencyMs: z.number().nonnegative(),
    error: ProviderErrorSchema.optional(),
    retries: z.number().int().positive().optional(),
  }),
  tool_call: logged(
    {
      toolUseId: z.string(),
      name: z.string(),
      inputBytes: Size,
      /** The effect this call has (a gateway call takes its target's). */
      effect: ToolEffectSchema.optional(),
      /** A gateway call: the tool it runs. */
      target: z.string().optional(),
    },
    { input: z.record(z.string(), z.unknown()) },
  ),
  approval_requested: logged(
    {
      toolUseId: z.string(),
      name: z.string(),
      effect: ToolEffectSchema,
      target: z.string().optional(),
      /** The call writes a protected path (workspace-relative) — why it is protected. */
      protectedPath: z.object({ path: z.string(), reason: z.string() }).optional(),
    },
    { input: z.record(z.string(), z.unknown()) },
  ),
  approval_decided: logged({
    toolUseId: z.string(),
    name: z.string(),
    decision: ApprovalDecisionSchema,
    note: z.string().optional(),
    /** How long the question was open. */
    waitMs: z.number().nonnegative().optional(),
  }),
  tool_result: logged(
    {
      toolUseId: z.string(),
      name: z.string(),
      status: ToolStatusSchema,
      /** Bytes of what the model sees. */
      bytes: Size,
      /** Time the tool ran (an approval's wait is not counted). */
      durationMs: z.number().nonnegative(),
      effect: ToolEffectSchema.optional(),
      truncated: z.boolean().optional(),
      fullOutputPath: z.string().optional(),
      /** The output was replaced by a pointer to an identical earlier one. */
      deduped: z.boolean().optional(),
      originalBytes: Size.optional(),
    },
    { content: z.string(), display: ToolDisplaySchema.optional() },
  ),
  /**
   * A tool result or a reminder carried a Tier-2 payload: one event per payload (a multi-entry
   * `tool_search` answer logs one per expanded entry). `bytes`: the payload's bytes inside the
   * output. `toolUseId`: the tool result that carried it (absent for a reminder's payload).
   */
  tier2_load: logged({
    kind: Tier2KindSchema,
    name: z.string(),
    bytes: Size,
    deduped: z.boolean().optional(),
    toolUseId: z.string().optional(),
  }),
  /**
   * An MCP server was started (a process spawned, or an HTTP connection opened): on the first
   * real call of one of its tools, or when its catalog was missing or stale. `tools`: how many it
   * listed; no command line, env or header is ever written.
   */
  mcp_server_start: logged({
    server: z.string(),
    transport: z.enum(["stdio", "http", "sse"]),
    reason: z.enum(["call", "catalog", "respawn"]),
    pid: z.number().int().positive().optional(),
    durationMs: z.number().nonnegative(),
    tools: Size.optional(),
  }),
  /**
   * An MCP server asked the user for input during a tool call (`elicitation/create`): its server,
   * mode (`form` fields or a `url` to open), message (masked, cut to 500 characters), what came of
   * it, and the names of the fields it asked for — never the values. `reason`: why the client
   * answered without the user (headless default, an invalid answer asked twice, no call in flight…).
   * `origin`: a URL request's scheme and host, never its path or query.
   */
  mcp_elicitation: logged({
    server: z.string(),
    mode: z.enum(["form", "url"]),
    message: z.string(),
    action: z.enum(["accept", "decline", "cancel"]),
    fields: z.array(z.string()),
    reason: z.string().optional(),
    origin: z.string().optional(),
  }),
  /**
   * A log message an MCP server sent (`notifications/message`), at or above the level the client
   * set: its level, logger, and data as text (masked, cut to about 1 KB). Never seen by the model.
   */
  mcp_log: logged({
    server: z.string(),
    level: z.enum(["debug", "info", "notice", "warning", "error", "critical", "alert", "emergency"]),
    logger: z.string().optional(),
    data: z.string(),
  }),
  /**
   * A running tool reported progress (an MCP server's `notifications/progress`): live only — the
   * call's `tool_result` is what the log keeps; a screen shows it on the running tool's line.
   */
  tool_progress: liveOnly({
    toolUseId: z.string(),
    progress: z.number(),
    total: z.number().optional(),
    message: z.string().optional(),
  }),
  /**
   * A user hook ran (packages/hooks, docs/hooks.md): its lifecycle event, where it was configured,
   * its command (cut to 200 characters), what came of it and the bytes it added to the model's
   * context (appended history). `warning`: it failed (timed out, exit code other than 0 and 2,
   * invalid JSON, command missing) and the session went on; `message` says how.
   */
  hook_run: logged({
    event: z.string(),
    source: z.string(),
    command: z.string(),
    outcome: z.enum(["ok", "blocked", "allowed", "asked", "continued", "stopped", "warning"]),
    message: z.string().optional(),
    exitCode: z.number().int().nullable().optional(),
    durationMs: z.number().nonnegative(),
    addedBytes: Size.optional(),
  }),
  /** An MCP server stopped: closed at the end of the session, exited or crashed, or failed to start. */
  mcp_server_exit: logged({
    server: z.string(),
    reason: z.enum(["closed", "exited", "failed"]),
    pid: z.number().int().positive().optional(),
    code: z.number().int().nullable().optional(),
    signal: z.string().nullable().optional(),
    message: z.string().optional(),
  }),
  /**
   * Lean context built the session's catalog: its size and hash, and what changed since this
   * workspace's last build (`ids`: at most 20, changed first). Logged once per opening.
   */
  catalog_build: logged({
    entries: Size,
    hash: z.string(),
    compared: z.boolean(),
    added: Size,
    changed: Size,
    removed: Size,
    unchanged: Size,
    ids: z.array(z.string()),
    note: z.string().optional(),
  }),
  /**
   * An image offered to a user turn (an `@path` or pasted path, `--image`, an ACP image block), or
   * one the provider cannot take: `info` when it was attached (name, type, size), `warn` when it
   * was not and why (missing, not an image, too large, a text-only model). The image itself is in
   * the `message` (its bytes in the session's `images/` folder: docs/images.md).
   */
  image_note: logged({ tone: z.enum(["info", "warn"]), message: z.string() }),
  mode_change: logged({ from: PermissionModeSchema, to: PermissionModeSchema }),
  /**
   * The user pinned a decision (`pin`) or took a pin off (`unpin`, the pin's exact text): the
   * protected context every later compaction keeps holds the session's pins, in pinning order.
   */
  context_pin: logged({ action: z.enum(["pin", "unpin"]), text: z.string() }),
  /**
   * History was compacted: messages before `keptFrom` were replaced by one summary message. `id`
   * names the compacted span (messages 0 … keptFrom-1 of the lane's history as it was) for
   * `history_read`: `compaction-N` in the main lane, `<lane>.compaction-N` in a subagent lane
   * (N counts the lane's compactions from 1). Logs written before ids existed have none.
   */
  compaction: logged({
    id: z.string().min(1).optional(),
    trigger: z.enum(["auto", "manual"]),
    removedMessages: Size,
    summarisedMessages: Size,
    bytesBefore: Size,
    bytesAfter: Size,
    keptFrom: Size,
    summary: MessageSchema,
  }),
  /**
   * Before a request the lane's history broke the providers' pairing rules (a tool call without
   * its result, a result without its call…): it was repaired and `messages` is the lane's whole
   * history from now on (the log's earlier messages stay as they were).
   */
  history_repair: logged({ problems: z.array(z.string()), messages: z.array(MessageSchema) }),
  /** A subagent lane (the envelope's `lane`) starts. */
  subagent_start: logged({
    parentLane: z.string(),
    task: z.string(),
    parentToolUseId: z.string().optional(),
    /** Started by `subagent_fork`: it runs in the background, past the turn that started it. */
    background: z.boolean().optional(),
    /** The folder it works in, relative to the workspace root, when not the session's. */
    cwd: z.string().optional(),
    /** The agent definition it runs as (docs/agents.md), when one was named. */
    agent: z.string().optional(),
    /** Its name for people (a team member, a workflow step, a ralph round). */
    label: z.string().optional(),
    /** What started it: `team:<name>`, `workflow:<run>`, `ralph:<id>`. */
    group: z.string().optional(),
  }),
  subagent_stop: logged({ status: SubagentStatusSchema, reportBytes: Size }, { report: z.string() }),
  ...WORKFLOW_EVENT_RULES,
  interrupt: logged({ reason: z.string() }),
  /**
   * Something woke the session (extension.ts `SessionWake`): a monitor matched, a scheduled prompt
   * came due, a team member wrote to the lead. The notice joins the main lane (source `notice`)
   * before its next step; an idle surface runs a turn for it.
   */
  wake: logged({ source: z.string(), text: z.string() }),
  ...WATCH_LOOP_TEAM_EVENT_RULES,
  /**
   * Resuming found log lines it could not read or history it could not fold, and went on without
   * them; written once per problem, so a later resume (or the timeline) does not report it again.
   */
  log_repair: logged({
    skippedLines: z.array(
      z.strictObject({ line: z.number().int().positive(), reason: z.string(), torn: z.boolean() }),
    ),
    problems: z.array(z.string()),
  }),
  error: logged({
    scope: z.enum(["provider", "tool", "engine", "plugin"]),
    message: z.string(),
    kind: z.string().optional(),
  }),
  turn_end: logged(
    {
      stopReason: TurnStopReasonSchema,
      steps: Size,
      /** Usage summed over the turn's steps, every lane included. */
      usage: UsageSchema.optional(),
    },
    { text: z.string() },
  ),
  session_end: logged({ reason: z.string() }),
} as const;

type Rules = typeof EVENT_RULES;
export type SessionEventType = keyof Rules;
export type LoggedEventType = {
  [T in SessionEventType]: Rules[T]["persist"] extends "log" ? T : never;
}[SessionEventType];
export type LiveEventType = Exclude<SessionEventType, LoggedEventType>;

type Infer<S extends z.ZodRawShape> = [keyof S] extends [never]
  ? Record<never, never>
  : z.infer<z.ZodObject<S>>;
type Flat<T> = { [K in keyof T]: T[K] } & {};

/** A variant's logged fields. */
export type LoggedFields<T extends SessionEventType> = Infer<Rules[T]["fields"]>;
/** A variant before the envelope: what the engine records. */
export type SessionEventBodyOf<T extends SessionEventType> = Flat<
  { type: T } & Infer<Rules[T]["fields"]> & Infer<Rules[T]["live"]>
>;
export type SessionEventBody = { [T in SessionEventType]: SessionEventBodyOf<T> }[SessionEventType];

export interface StreamEnvelope {
  session: string;
  lane: string;
  turn: number;
  ts: string;
  /** Present when the event was written to the log (its line's `seq`). */
  seq?: number;
}
export type SessionEventOf<T extends SessionEventType> = Flat<StreamEnvelope & SessionEventBodyOf<T>>;
export type SessionEvent = { [T in SessionEventType]: SessionEventOf<T> }[SessionEventType];

export interface LogEnvelope {
  v: typeof SESSION_LOG_VERSION;
  seq: number;
  ts: string;
  session: string;
  lane: string;
  turn: number;
}
export type LogEventOf<T extends LoggedEventType> = Flat<LogEnvelope & { type: T } & LoggedFields<T>>;
export type LogEvent = { [T in LoggedEventType]: LogEventOf<T> }[LoggedEventType];

const logEnvelope = {
  v: z.literal(SESSION_LOG_VERSION),
  seq: z.number().int().nonnegative(),
  ts: z.string(),
  session: z.string().min(1),
  lane: z.string().min(1),
  turn: z.number().int().nonnegative(),
};

const LOGGED_TYPES = (Object.keys(EVENT_RULES) as SessionEventType[]).filter(
  (type): type is LoggedEventType => EVENT_RULES[type].persist === "log",
);

function logLineSchemas(strict: boolean) {
  return LOGGED_TYPES.map((type) => {
    const fields: z.ZodRawShape = EVENT_RULES[type].fields;
    const shape = { ...logEnvelope, type: z.literal(type), ...fields };
    return strict ? z.strictObject(shape) : z.object(shape);
  });
}

type AnySchema = z.ZodObject<z.ZodRawShape>;
const asUnion = (schemas: AnySchema[]) =>
  z.discriminatedUnion("type", schemas as [AnySchema, ...AnySchema[]]);

/** A log line of schema v2; unknown keys are dropped (a newer writer may add fields). */
export const LogEventSchema = asUnion(logLineSchemas(false));
/** A log line of schema v2 exactly as this version writes it: an undeclared key is an error. */
export const StrictLogEventSchema = asUnion(logLineSchemas(true));
