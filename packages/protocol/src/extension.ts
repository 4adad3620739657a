/**
 * The extension: the unit a Picasso feature is built as. One object carries a feature to the model
 * (the plugin hooks of plugin.ts, unchanged) and to every surface (TUI, ACP, the `picasso` CLI):
 * - `families`   — the tool families its tools belong to, declared beside those tools: the catalog
 *                  group, the "when to reach for it" phrase of Tier 1's families line and the rules
 *                  `tool_search` returns with a tool's schema;
 * - `start(ctx)` — a live session opened: its id, paths and `record(event)` for the extension's own
 *                  event variants (no setter or side channel beside it);
 * - `factLines`  — labelled lines for the `<session-facts>` block (pinned memories…);
 * - `protect(lane)` — what must survive every compaction of that lane (the open todo list, the goal):
 *                  sections of the protected block re-appended after the summary
 *                  (protected-context.ts);
 * - `panel()`    — typed rows for `/context` (the TUI's panel, `picasso context`, ACP `_picasso/context`);
 * - `operations` — what a user can ask of it directly: a TUI slash command, an ACP command and
 *                  `_picasso/<name>` method, and (when `offline`) a `picasso <name>` subcommand;
 * - `close()`    — the session ended; called in reverse mount order.
 * Nothing here is sent to the model except through the plugin hooks: panels, operations and facts
 * labels never touch Tier 1.
 */
import type { ForkedSubagents, PicassoPlugin, SessionFactLines } from "./plugin.js";
import type { ProtectedSection } from "./protected-context.js";
import type { SessionEventBody } from "./session-events.js";
import type { CatalogGroupTitle, ToolFamily } from "./tool-family.js";

/** What a live session gives an extension when it starts. */
export interface ExtensionStartContext {
  sessionId: string;
  workspaceRoot: string;
  picassoHome: string;
  /** The session's log file; side files of the extension may sit beside it. */
  logPath: string;
  /** Whether the session continues an earlier log (a resume): only then does the log hold events from before this start. */
  resumed?: boolean;
  /**
   * Record one of the extension's own events (a `SessionEvent` variant's body, e.g. an MCP
   * server's start): logged, then published to every subscriber. Default lane `main`.
   */
  record(event: SessionEventBody, lane?: string): void;
  /**
   * The session's background lanes, as the main lane sees them (forked-lanes): team members,
   * workflow steps and ralph rounds are forked here and outlive the turn that started them. A
   * tool call should fork through its own `ctx.subagents` (so the lane names the call that
   * started it); report, message and cancel work here for every lane the main lane started.
   * Absent where no session runs lanes.
   */
  lanes?: ForkedSubagents;
  /** Wake the session later (`monitor`, `schedule`, a team member's message to the lead). */
  wake?: SessionWake;
}

/** A notice that wakes the session: enters the main lane as `<system-reminder source="…">`. */
export interface WakeNotice {
  /** Reminder source: `monitor`, `schedule`, `team:message`… */
  source: string;
  text: string;
}

/**
 * Waking a session. A notice is logged (`wake`) and appended to the main lane before its next
 * step; an idle session's surface runs a turn for it (the TUI at once; headless while anything is
 * armed; ACP with the client's next prompt).
 */
export interface SessionWake {
  notify(notice: WakeNotice): void;
  /**
   * Something may wake the session later (a monitor, a scheduled prompt): a surface that ends
   * when idle (headless) waits while anything is armed. Returns the disarm function (idempotent).
   */
  arm(label: string): () => void;
}

export type PanelTone = "normal" | "dim" | "ok" | "warn" | "error";

/** One row of a `/context` panel: a label and its value; `level` 1 rows sit under the one before. */
export interface PanelRow {
  label: string;
  value: string;
  level?: 0 | 1;
  tone?: PanelTone;
}

/** An extension's section of `/context`. Values a surface did not record say `not recorded`. */
export interface ContextPanel {
  /** Stable id (the extension's name). */
  id: string;
  title: string;
  rows: PanelRow[];
  /** Shown instead of rows when there are none. */
  empty?: string;
}

/** What an operation answers: text every surface can show, and data for machine readers. */
export interface OperationResult {
  /** Plain text or markdown: the TUI prints it, ACP answers with it, the CLI writes it. */
  text: string;
  /** A title for the TUI's expanded block (default `/<name>`). */
  title?: string;
  /** `warn`: the operation could not do what was asked (a bad argument, nothing to act on). */
  tone?: "info" | "warn";
  /** JSON-serialisable data: `_picasso/<name>` returns it, the CLI prints it with `--json`. */
  data?: unknown;
}

export interface OperationContext {
  signal: AbortSignal;
  /** True when no live session exists (the CLI's subcommand, a log folded offline). */
  offline: boolean;
}

/** Something a user can ask of an extension directly, on every surface. */
export interface ExtensionOperation {
  /**
   * Lowercase letters, digits, `-` and `_`, with `:` between namespace parts (a custom command
   * `frontend:component`); unique across the mounted extensions.
   */
  name: string;
  /** Argument hint (`[list|search <q>]`). */
  args?: string;
  /** Completions for the first argument. */
  argChoices?: readonly string[];
  /** One line: what it does. */
  summary: string;
  /** Runs without a live session: the CLI offers it as `picasso <name>`. */
  offline?: boolean;
  run(args: string, ctx: OperationContext): OperationResult | Promise<OperationResult>;
}

export interface PicassoExtension extends PicassoPlugin {
  families?: readonly ToolFamily[];
  /** Titles of the catalog groups this extension's families introduce. */
  groups?: readonly CatalogGroupTitle[];
  start?(ctx: ExtensionStartContext): void | Promise<void>;
  factLines?(): SessionFactLines[];
  /** Sections the lane's next compaction keeps (a section without lines is left out). */
  protect?(lane: string): ProtectedSection[];
  panel?(): ContextPanel | undefined;
  operations?: readonly ExtensionOperation[];
  close?(): void | Promise<void>;
}

/**
 * An operation's name: a first part of up to 64 characters (room for an MCP prompt's
 * `mcp__<server>__<prompt>`), then up to three `:` parts of up to 32.
 */
export const OPERATION_NAME = /^[a-z][a-z0-9_-]{0,63}(?::[a-z0-9][a-z0-9_-]{0,31}){0,3}$/;
