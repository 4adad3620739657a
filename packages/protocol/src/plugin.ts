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
 * - `settings/describe`        — `describeSettings()`: a namespaced, JSON-serialisable value.
 * - observers                  — `observe()`: every session-log event, after it is written.
 */
import type { Message, SystemBlock, ToolSpec } from "./content.js";
import type { LogEvent, MessageSource, PermissionMode, Tier2Kind } from "./log-events.js";

/** How a tool touches the world; the permission modes key off this. */
export type ToolEffect = "read" | "write" | "exec" | "interactive" | "agent";

/** What a tool returns. `content` is what the model sees; `display` is what the user sees. */
export interface ToolOutput {
  content: string;
  isError?: boolean;
  display?: ToolDisplay;
  /** A Tier-2 payload this result carried (deferred schema, skill body…), for the log and stats. */
  tier2?: { kind: Tier2Kind; name: string };
}

export type ToolDisplay =
  | { kind: "text"; text: string }
  | { kind: "diff"; path: string; diff: string }
  | { kind: "command"; command: string; exitCode: number | null; output: string }
  | { kind: "todos"; items: TodoItem[] };

export interface TodoItem {
  content: string;
  status: "pending" | "in_progress" | "done";
}

/** Remembers what the session has read, for the read-before-write rule. */
export interface FileReadTracker {
  markRead(absPath: string): void;
  wasRead(absPath: string): boolean;
}

export interface AskUserRequest {
  question: string;
  choices?: string[];
}

export interface SubagentRequest {
  task: string;
  maxSteps?: number;
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
  runSubagent(request: SubagentRequest): Promise<string>;
}

export interface ToolDefinition {
  spec: ToolSpec;
  effect: ToolEffect;
  /** Tool family for catalogs (`core`, `fs`, `shell`, `agent`…). */
  family: string;
  run(input: Record<string, unknown>, ctx: ToolContext): Promise<ToolOutput>;
}

/** Tier 1: the byte-stable request prefix, plus what it is made of. */
export interface Tier1 {
  tools: ToolSpec[];
  system: SystemBlock[];
  /** SHA-256 of the canonical JSON of `{tools, system}`. */
  hash: string;
  bytes: { tools: number; system: number; total: number };
  sections: { id: string; bytes: number; hash: string }[];
  toolSizes: { name: string; bytes: number }[];
}

export interface SkillInfo {
  name: string;
  description: string;
  path?: string;
}

export interface AssembleContext {
  surface: "cli" | "sdk";
  workspaceRoot: string;
  cwd: string;
  picassoHome: string;
  /** Every registered tool; the composition decides which are core and which deferred. */
  tools: ToolDefinition[];
  mcpServers: string[];
  skills: SkillInfo[];
}

export interface SessionFactsContext {
  workspaceRoot: string;
  cwd: string;
  date: string;
  platform: string;
  gitBranch?: string;
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
  stats?: Record<string, unknown>;
}

export interface PicassoPlugin {
  name: string;
  registerTools?(): ToolDefinition[];
  assembleSystemPrompt?(ctx: AssembleContext): Tier1 | Promise<Tier1>;
  sessionFacts?(ctx: SessionFactsContext): string | undefined;
  preStep?(ctx: PreStepContext): PreStepResult | Promise<PreStepResult>;
  describeSettings?(): { namespace: string; value: unknown };
  observe?(event: LogEvent): void;
}
