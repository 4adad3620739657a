/**
 * The engine's plugin contract: tools and the typed hooks a plugin may implement.
 *
 * These types live in `protocol` so that plugins (lean-context, tools, later memory/MCP/skills)
 * and the engine that hosts them never import each other. The hooks, in the order a session
 * meets them:
 * - `tool/register`            — `registerTools()`: contribute tool definitions.
 * - `system-prompt/assemble`   — `assembleSystemPrompt()`: once per session, return Tier 1.
 * - `session/facts`            — `sessionFacts()`: text for the first user-role context block
 *                                 (date, cwd, platform, branch…), which then stays in history.
 * - `agent/pre-step`           — `preStep()`: before every model step; may only *append* messages.
 * - `tool/result`              — `toolResult()`: may rewrite a successful tool output before it
 *                                 joins history (e.g. a repeated read becomes a pointer); must be
 *                                 deterministic given the history.
 * - `catalog/entries`          — `catalogEntries()`: nodes this plugin adds to the catalog behind
 *                                 `tool_search` (MCP servers and their tools, skills, doc topics);
 *                                 collected once per session, before `system-prompt/assemble`.
 * - `agents/definitions`       — `agentDefinitions()`: named subagent profiles (agent-definition.ts);
 *                                 the engine looks one up when `subagent` names it.
 * - `settings/describe`        — `describeSettings()`: a namespaced, JSON-serialisable value.
 * - observers                  — `observe()`: every session-log event, after it is written.
 * Lifecycle gates (lifecycle-gates.ts: user hooks are built on them), each optional and awaited:
 * - `turn/prompt`              — `beforePrompt()`: may refuse a user's prompt before it joins history;
 * - `tool/before`              — `beforeToolCall()`: may deny, allow or force asking about one call;
 * - `tool/after`               — `afterToolCall()`: told each finished call (its result is final);
 * - `lane/stop`                — `beforeStop()`: a lane is about to end its turn; may keep it going.
 * A gate never touches Tier 1; text it wants the model to see enters through `preStep`.
 */
import type { AgentDefinition } from "./agent-definition.js";
import type { ImageBlock, JsonSchema, Message, ToolSpec } from "./content.js";
import type {
  PromptGate,
  PromptGateContext,
  StopGate,
  StopGateContext,
  ToolCallDone,
  ToolCallGate,
  ToolCallGateContext,
} from "./lifecycle-gates.js";
import type { PermissionMode } from "./permission-modes.js";
import type {
  LogEvent,
  MessageSource,
  SubagentStatus,
  Tier2Kind,
  ToolDisplay,
  ToolEffect,
  WorkspaceFacts,
} from "./session-events.js";
import type { Tier1 } from "./tier1.js";
import type { CatalogGroupTitle, ToolFamily } from "./tool-family.js";

/** What a tool returns. `content` is what the model sees; `display` is what the user sees. */
export interface ToolOutput {
  content: string;
  isError?: boolean;
  /** Images the model sees after `content` (the `read` tool on an image file: docs/images.md). */
  images?: ImageBlock[];
  display?: ToolDisplay;
  /**
   * The Tier-2 payloads this result carried (deferred schemas, skill bodies, doc topics…), one
   * `tier2_load` each, for the log, `/context`, the timeline and the Tier-2 budget. Logged for
   * error outputs too (a `tool_call` validation error carries the target's schema).
   */
  tier2?: readonly Tier2Entry[];
  /**
   * What this output is a copy of (e.g. `file read of src/a.ts`): an identical output with the
   * same key later in the lane may be replaced by a pointer to this one (lean-context dedupe).
   */
  dedupeKey?: string;
}

/**
 * One Tier-2 payload inside a tool output. `bytes`: the UTF-8 bytes of this entry's text inside
 * the output; absent when the entry is the whole output. The engine logs at most the output's
 * bytes over all entries (a cut or deduped output cannot carry more than it holds).
 */
export interface Tier2Entry {
  kind: Tier2Kind;
  name: string;
  bytes?: number;
}

/** Remembers what the session has read, for the read-before-write rule. */
export interface FileReadTracker {
  markRead(absPath: string): void;
  wasRead(absPath: string): boolean;
}

export interface AskUserRequest {
  question: string;
  choices?: string[];
  /**
   * An empty answer is an answer (an optional form field, or one with a default): the surface
   * lets the user send nothing. Otherwise an empty answer cannot be sent.
   */
  allowEmpty?: boolean;
}

/** A running tool's progress (an MCP server's `notifications/progress`): `progress` of `total`. */
export interface ToolProgress {
  progress: number;
  total?: number;
  message?: string;
}

export interface SubagentRequest {
  task: string;
  maxSteps?: number;
  /**
   * The folder the subagent works in, relative to the workspace root (e.g. a worktree from
   * `worktree_create`); default: the session's working folder.
   */
  cwd?: string;
  /** The agent definition it runs as (`agents/definitions`); absent: a plain subagent. */
  agent?: string;
  /**
   * Its name for people: the timeline's lane title, `/team`, `/workflow` (a team member `reviewer`,
   * a workflow step `test[2]`, a ralph round `round 3`). Absent: its task's first words.
   */
  label?: string;
  /**
   * What started it, for grouping lanes side by side (`team:<name>`, `workflow:<run id>`,
   * `ralph:<id>`). Absent: a plain subagent.
   */
  group?: string;
  /**
   * Agent-scoped text for its first message, after the task (and the agent definition's text),
   * before the subagent rules: each block a `<system-reminder source="…">` (e.g. `team:identity`,
   * `team:policy`). It enters that lane's history only, never Tier 1 nor another lane.
   */
  brief?: readonly LaneBrief[];
  /** Token budget: input, output and cache tokens over all its steps; reached, it stops (`budget`). */
  maxTokens?: number;
  /** Time budget in seconds; reached, it stops at once (`budget`). */
  maxSeconds?: number;
}

/** One block of agent-scoped text for a subagent's first message (`SubagentRequest.brief`). */
export interface LaneBrief {
  /** The reminder source (`team:identity`, `team:policy`, `workflow:inputs`…). */
  source: string;
  text: string;
}

/** A subagent started in the background (`subagent_fork`), as the lane that started it sees it. */
export interface ForkedSubagent {
  /** Its lane id (`agent-N`): the id the parent reports on and controls it by. */
  id: string;
  task: string;
  /** `running` until it stops; then how it stopped. */
  status: "running" | SubagentStatus;
  /** Model steps it has taken so far. */
  steps: number;
  /** Time since it started (running) or that it ran (stopped). */
  elapsedMs: number;
  /** Messages the parent sent it that it has not read yet. */
  pendingMessages: number;
  /** `SubagentRequest.label` / `.group`, when it was given one. */
  label?: string;
  group?: string;
  /** Tokens its steps used so far: input, output and cache (0 before its first answer). */
  tokens: number;
  /** Its final report, once it stopped. */
  report?: string;
}

/**
 * The background subagents of one session, as a tool sees them. Every method throws an Error with
 * a message for the model (no such id, already stopped…); the caller's tool turns it into a tool
 * error. Forked lanes outlive the turn that started them; the session's end cancels the rest.
 */
export interface ForkedSubagents {
  fork(request: SubagentRequest): ForkedSubagent;
  /** Its state after waiting up to `waitMs` (0: at once) for it to stop, or for `signal` to abort. */
  report(id: string, waitMs: number, signal: AbortSignal): Promise<ForkedSubagent>;
  /** Every subagent forked in this session, oldest first. */
  list(): ForkedSubagent[];
  cancel(id: string): ForkedSubagent;
  /**
   * Queue a message it reads before its next step, introduced as from `from` (a teammate's name;
   * default: the agent that started it).
   */
  message(id: string, text: string, from?: string): ForkedSubagent;
}

/** A write of a protected path, as the user is asked about it. */
export interface ProtectedWrite {
  /** Workspace-relative path. */
  path: string;
  /** Why it is protected ("a shell runs it at start-up"…). */
  reason: string;
}

export interface ToolContext {
  /** Absolute path of the workspace root; file tools stay inside it unless allowed. */
  workspaceRoot: string;
  cwd: string;
  sessionId: string;
  lane: string;
  signal: AbortSignal;
  /** Folder where full outputs of truncated tool results are kept. */
  spillDir: string;
  files: FileReadTracker;
  /** Paths outside the workspace the user allowed (absolute). */
  isOutsideAllowed(absPath: string): boolean;
  askUser(request: AskUserRequest): Promise<string>;
  /**
   * The call reports how far it got (shown on the running tool's line, never logged nor seen by
   * the model). Absent: no one shows progress.
   */
  progress?(update: ToolProgress): void;
  /**
   * The call is about to write a protected path (a file that configures Picasso, git, the shell
   * or an editor: @picasso/workspace protected-paths): the user decides, in every permission
   * mode. Resolves true when allowed. Absent (tests, a surface without approvals): refused.
   */
  confirmProtectedWrite?(request: ProtectedWrite): Promise<boolean>;
  runSubagent(request: SubagentRequest): Promise<string>;
  /** Subagents running in the background (the deferred `subagent` family). */
  subagents: ForkedSubagents;
}

/**
 * What one call of a tool really does, when that depends on its input: a gateway such as
 * `tool_call` runs another tool (`target`), whose effect then decides permissions and whose input
 * the deny-list reads; "allow for the session" is remembered per target (`tool_call:<name>`).
 */
export interface CallEffect {
  effect: ToolEffect;
  /**
   * An `exec` call that will run inside the command sandbox (packages/tools sandbox/): in auto
   * mode only such calls run without asking.
   */
  sandboxed?: boolean;
  target?: { name: string; input: Record<string, unknown> };
}

export interface ToolDefinition {
  spec: ToolSpec;
  /** The effect of a call, unless `callEffect` says otherwise for a given input. */
  effect: ToolEffect;
  /** Tool family for catalogs (`core`, `fs`, `shell`, `agent`…). */
  family: string;
  /**
   * The catalog's descriptors, declared beside the tool (never sent in Tier 1): `what` it does
   * and `when` to reach for it rather than its siblings, one line each. Absent: derived from the
   * description (docs/catalog.md).
   */
  what?: string;
  when?: string;
  run(input: Record<string, unknown>, ctx: ToolContext): Promise<ToolOutput>;
  /** The effect of this call, for tools whose effect depends on the input (gateways). */
  callEffect?(input: Record<string, unknown>): CallEffect;
}

export interface SkillInfo {
  name: string;
  description: string;
  /** Where it was found, for people (workspace-relative, or `~/…`); never in Tier 1. */
  path?: string;
  /** `project` skills are indexed with their trigger; `user` (global) skills by name only. */
  scope?: "project" | "user";
}

/**
 * One node a plugin contributes to the catalog behind `tool_search` (the `catalog/entries` hook;
 * docs/catalog.md). Deferred tools need no entry: every registered tool that is not core is in
 * the catalog already. Kinds:
 * - `mcp_server` — a server (`name`); lean context also gives it a `<server>_call` gateway in Tier 1;
 * - `mcp_tool`   — one tool of `server`, with its `inputSchema`;
 * - `skill`      — a skill whose folder (`location`, absolute) holds its `SKILL.md`;
 * - `doc`        — a document (`location`: workspace-relative path) and when to read it;
 * - `command`    — a custom slash command the user can run (`/name`): found, never called.
 * - `agent`      — an agent definition `subagent` can start (`location`: its file, for people).
 * Text must be stable for the same inputs: the catalog, and for servers Tier 1, are built from it.
 */
export interface CatalogEntry {
  kind: "mcp_server" | "mcp_tool" | "skill" | "doc" | "command" | "agent";
  name: string;
  /** What it does and when to use it; its first sentence is the node's one-line title. */
  description: string;
  /** `mcp_tool`: the server it belongs to. */
  server?: string;
  /** `mcp_tool`: its input schema. */
  inputSchema?: JsonSchema;
  /** `skill`: its folder (absolute); `doc`: its workspace-relative path; `agent`: its file. */
  location?: string;
  /** `skill`, `agent`: project or user scope (default user). */
  scope?: "project" | "user";
  /** `mcp_server`: usage rules returned with its tools' full text. */
  rules?: string;
  /** `mcp_server`: the instructions its initialize result gave (they shape its tools' `when`). */
  instructions?: string;
  /** The catalog's descriptors, one line each: what it is and when to reach for it (else derived). */
  what?: string;
  when?: string;
}

/** What the `catalog/entries` hook is told about the session. */
export interface CatalogContext {
  surface: "cli" | "sdk";
  workspaceRoot: string;
  cwd: string;
  picassoHome: string;
}

export interface AssembleContext {
  surface: "cli" | "sdk";
  workspaceRoot: string;
  cwd: string;
  picassoHome: string;
  /** Every registered tool; the composition decides which are core and which deferred. */
  tools: ToolDefinition[];
  mcpServers: string[];
  /** Catalog entries the plugins contributed (`catalog/entries`), in plugin order: MCP servers and
   *  tools, skills, doc topics. Lean context adds the skills and doc topics it finds itself. */
  catalog?: CatalogEntry[];
  /** The tool families every mounted extension declares (extension.ts), in mount order. */
  families?: readonly ToolFamily[];
  /** The catalog group titles the extensions declare, in mount order. */
  groups?: readonly CatalogGroupTitle[];
}

/** Labelled lines an extension adds to the session facts (e.g. `Pinned memories`). */
export interface SessionFactLines {
  label: string;
  lines: readonly string[];
  /** Said after the label when there are no lines (e.g. `none`). */
  none: string;
}

export interface SessionFactsContext {
  workspaceRoot: string;
  cwd: string;
  date: string;
  platform: string;
  workspace: WorkspaceFacts;
  /** Labelled lines the mounted extensions add (`factLines`), in mount order. */
  facts?: readonly SessionFactLines[];
}

/** A message a pre-step hook appends, with the source the log and timeline record. */
export interface AppendedMessage {
  source: MessageSource;
  message: Message;
  /** For reminders: the named source inside `<system-reminder source="…">`. */
  reminder?: string;
  tier2?: { kind: Tier2Kind; name: string; bytes: number };
}

export interface PreStepContext {
  sessionId: string;
  lane: string;
  turn: number;
  step: number;
  mode: PermissionMode;
  /** The lane's history as it will be sent, read-only. */
  messages: readonly Message[];
  /** Compactions so far in this lane (a compaction counts as a new goal round). */
  compactions: number;
}

export interface PreStepResult {
  append: AppendedMessage[];
  /** Repeated payloads this hook replaced by pointers. */
  dedupe?: { drops: number; bytesSaved: number };
  /** The plugin's own figures, logged under its name (opaque to the engine). */
  stats?: Record<string, unknown>;
}

/** A tool's successful output before it joins history, for the `tool/result` hook. */
export interface ToolResultContext {
  lane: string;
  /** The lane's history before this step's results are appended. */
  messages: readonly Message[];
  name: string;
  input: Record<string, unknown>;
  output: ToolOutput;
}

export interface PicassoPlugin {
  name: string;
  registerTools?(): ToolDefinition[];
  assembleSystemPrompt?(ctx: AssembleContext): Tier1 | Promise<Tier1>;
  sessionFacts?(ctx: SessionFactsContext): string | undefined;
  preStep?(ctx: PreStepContext): PreStepResult | Promise<PreStepResult>;
  toolResult?(ctx: ToolResultContext): ToolOutput | undefined;
  catalogEntries?(ctx: CatalogContext): CatalogEntry[] | Promise<CatalogEntry[]>;
  agentDefinitions?(): readonly AgentDefinition[];
  describeSettings?(): { namespace: string; value: unknown };
  observe?(event: LogEvent): void;
  beforePrompt?(ctx: PromptGateContext): PromptGate | undefined | Promise<PromptGate | undefined>;
  beforeToolCall?(ctx: ToolCallGateContext): ToolCallGate | undefined | Promise<ToolCallGate | undefined>;
  afterToolCall?(ctx: ToolCallDone): void | Promise<void>;
  beforeStop?(ctx: StopGateContext): StopGate | undefined | Promise<StopGate | undefined>;
}
