/**
 * The `terminal` family (deferred): long-running, interactive processes — dev servers, REPLs,
 * watchers — that stay alive across calls. `terminal_start`, `terminal_read`, `terminal_write`,
 * `terminal_kill`, `terminal_list`. Starting and writing are `exec` (checked like `bash`, run in
 * the command sandbox when it is on); reading and listing are `read`; killing is `exec`.
 */
import type { ToolContext, ToolDefinition, ToolOutput } from "@picasso/protocol";
import { defineTool, toolError } from "../define-tool.js";
import {
  optionalBoolean,
  optionalInteger,
  optionalString,
  requiredString,
  ToolInputError,
} from "../tool-input.js";
import { resolveWorkspacePath } from "../workspace-path.js";
import { KEYS } from "./terminal-text.js";
import {
  MAX_RUNNING_TERMINALS,
  type TerminalChunk,
  type TerminalRecord,
  type Terminals,
} from "./terminals.js";

const MAX_WAIT_MS = 120_000;
const WRITE_QUIET_MS = 300;

function pattern(input: Record<string, unknown>): RegExp | undefined {
  const source = optionalString(input, "wait_for");
  if (source === undefined || source === "") return undefined;
  try {
    return new RegExp(source, "m");
  } catch (error) {
    throw new ToolInputError(`"wait_for" is not a valid regular expression: ${(error as Error).message}`);
  }
}

function status(record: TerminalRecord): string {
  const exit = record.process.exit;
  if (!exit) return "running";
  return exit.signal ? `ended (${exit.signal})` : `exited with code ${exit.exitCode}`;
}

function shown(
  record: TerminalRecord,
  chunk: TerminalChunk,
  waited?: { pattern: RegExp; matched: boolean },
): string {
  const head = [
    `[${record.id} ${status(record)}; output ${chunk.from}–${chunk.next}, read on with since: ${chunk.next}]`,
  ];
  if (waited)
    head.push(
      waited.matched
        ? `(matched /${waited.pattern.source}/)`
        : `(did not see /${waited.pattern.source}/ before the wait ended)`,
    );
  if (chunk.dropped > 0)
    head.push(
      `[… ${chunk.dropped} earlier bytes left the 1 MiB window; all output is in ${record.process.spillPath}]`,
    );
  const body = chunk.text === "" ? "(no new output)" : chunk.text;
  const more = chunk.more > 0 ? `\n[${chunk.more} more bytes waiting; read again]` : "";
  return `${head.join("\n")}\n${body}${more}`;
}

function find(terminals: Terminals, input: Record<string, unknown>): TerminalRecord {
  const id = requiredString(input, "id");
  const record = terminals.get(id);
  if (!record) {
    const known = terminals.list().map((r) => r.id);
    throw new ToolInputError(
      `no terminal "${id}"${known.length ? ` (known: ${known.join(", ")})` : "; start one with terminal_start"}.`,
    );
  }
  return record;
}

const waitMs = (input: Record<string, unknown>, fallback: number) =>
  optionalInteger(input, "timeout_ms", 0, MAX_WAIT_MS) ?? fallback;

/** The `timeout_ms` parameter of the calls that wait for output. */
const timeoutProperty = (defaultMs: number) => ({
  type: "integer",
  minimum: 0,
  maximum: MAX_WAIT_MS,
  description: `Wait limit; default ${defaultMs}.`,
});

interface OutputWait {
  /** `wait_for`, parsed. */
  pattern: RegExp | undefined;
  /** Without a pattern, wait for the output to pause (else do not wait). */
  quiet: boolean;
  /** The call's input, for `timeout_ms`; `defaultMs` when it gives none. */
  input: Record<string, unknown>;
  defaultMs: number;
  signal: AbortSignal;
}

/**
 * The terminal's output from `from` on, once it matches the pattern (or, with `quiet`, pauses) or
 * the wait ends, shown with the wait's outcome.
 */
async function waitAndRead(
  terminals: Terminals,
  record: TerminalRecord,
  from: number,
  wait: OutputWait,
): Promise<{ chunk: TerminalChunk; text: string }> {
  let matched = false;
  if (wait.pattern || wait.quiet)
    matched = await terminals.waitFor(record, from, {
      ...(wait.pattern ? { pattern: wait.pattern } : { quietMs: WRITE_QUIET_MS }),
      timeoutMs: waitMs(wait.input, wait.defaultMs),
      signal: wait.signal,
    });
  const chunk = terminals.read(record, from);
  return { chunk, text: shown(record, chunk, wait.pattern ? { pattern: wait.pattern, matched } : undefined) };
}

export function terminalTools(terminals: Terminals): ToolDefinition[] {
  const sandboxed = () => terminals.sandbox?.active === true;
  const start = defineTool({
    name: "terminal_start",
    description:
      "Start a long-running process in a terminal that stays alive across calls (a dev server, a REPL such as python or node, a watcher) " +
      "and return its id; wait_for waits until its output matches, e.g. a ready line.",
    properties: {
      command: { type: "string", description: "Run with bash -c." },
      cwd: { type: "string", description: "Working folder; default the current one." },
      wait_for: { type: "string", description: "Regex to wait for in the output." },
      timeout_ms: timeoutProperty(10_000),
    },
    required: ["command"],
    effect: "exec",
    family: "terminal",
    what: "Starts a long-lived process (dev server, REPL, watcher) in a terminal that outlives the call.",
    when: "The process must keep running or take input across calls; a command that ends on its own: bash.",
    callEffect: () => ({ effect: "exec", sandboxed: sandboxed() }),
    async run(input: Record<string, unknown>, ctx: ToolContext): Promise<ToolOutput> {
      const command = requiredString(input, "command");
      const waitPattern = pattern(input);
      const where = resolveWorkspacePath(ctx, optionalString(input, "cwd") ?? ".");
      if (!where.ok) return toolError(where.error);
      await terminals.sandbox?.settled();
      if (terminals.sandbox?.refusesCommands)
        return toolError(`Refused: the sandbox is on but cannot run (${terminals.sandbox.reason}).`);
      if (terminals.running() >= MAX_RUNNING_TERMINALS)
        return toolError(
          `${MAX_RUNNING_TERMINALS} terminals are running; kill one with terminal_kill first.`,
        );
      const record = await terminals.start(command, where.abs, ctx.spillDir, { cols: 120, rows: 40 });
      const { chunk, text } = await waitAndRead(terminals, record, 0, {
        pattern: waitPattern,
        quiet: true,
        input,
        defaultMs: waitPattern ? 10_000 : 1000,
        signal: ctx.signal,
      });
      const mode = record.process.mode === "pty" ? "a pseudo-terminal" : "pipes (no PTY here)";
      return {
        content: `Started ${record.id} (pid ${record.process.pid ?? "?"}, ${mode}${sandboxed() ? ", sandboxed" : ""}): ${command}\n${text}`,
        display: { kind: "command", command, exitCode: null, output: chunk.text.slice(-2000) },
      };
    },
  });

  const read = defineTool({
    name: "terminal_read",
    description:
      "Read a terminal's output since the last read (or since an offset); wait_for waits until the output matches a regex, e.g. until a dev server says it is ready.",
    properties: {
      id: { type: "string" },
      since: {
        type: "integer",
        minimum: 0,
        description: "Output offset; default where the last read ended.",
      },
      wait_for: { type: "string", description: "Regex to wait for." },
      timeout_ms: timeoutProperty(10_000),
    },
    required: ["id"],
    effect: "read",
    family: "terminal",
    what: "Reads a terminal's new output, optionally waiting for a pattern.",
    when: "Check what a running terminal printed, or wait until a server says it is ready.",
    async run(input: Record<string, unknown>, ctx: ToolContext): Promise<ToolOutput> {
      const record = find(terminals, input);
      const since = optionalInteger(input, "since", 0, Number.MAX_SAFE_INTEGER) ?? record.cursor;
      const wait = { pattern: pattern(input), quiet: false, input, defaultMs: 10_000, signal: ctx.signal };
      return { content: (await waitAndRead(terminals, record, since, wait)).text };
    },
  });

  const write = defineTool({
    name: "terminal_write",
    description:
      "Type into a running terminal or answer its prompt (a yes/no question, an installer waiting for confirmation, a REPL line): " +
      "text then Enter, and/or a key such as ctrl-c; returns the output that follows.",
    properties: {
      id: { type: "string" },
      text: { type: "string" },
      key: { type: "string", enum: Object.keys(KEYS) },
      enter: { type: "boolean", description: "Press Enter after text; default true." },
      wait_for: { type: "string", description: "Regex to wait for after writing." },
      timeout_ms: timeoutProperty(2000),
    },
    required: ["id"],
    effect: "exec",
    family: "terminal",
    what: "Types text or a key such as ctrl-c into a running terminal.",
    when: "A running process waits for input: a prompt, a REPL line, a confirmation.",
    callEffect: () => ({ effect: "exec", sandboxed: sandboxed() }),
    async run(input: Record<string, unknown>, ctx: ToolContext): Promise<ToolOutput> {
      const record = find(terminals, input);
      const text = optionalString(input, "text");
      const key = optionalString(input, "key");
      if (text === undefined && key === undefined)
        return toolError('Give "text" to type, "key" to press, or both.');
      if (key !== undefined && !(key in KEYS))
        return toolError(`Unknown key "${key}"; known: ${Object.keys(KEYS).join(", ")}.`);
      if (record.process.exit) return toolError(`${record.id} has ${status(record)}; start a new terminal.`);
      const from = record.process.output.total;
      if (text !== undefined)
        record.process.write(text + ((optionalBoolean(input, "enter") ?? true) ? "\r" : ""));
      if (key !== undefined) record.process.write(KEYS[key] ?? "");
      const wait = { pattern: pattern(input), quiet: true, input, defaultMs: 2000, signal: ctx.signal };
      return { content: (await waitAndRead(terminals, record, from, wait)).text };
    },
  });

  const kill = defineTool({
    name: "terminal_kill",
    description:
      "Shut down a running terminal (server, console, REPL) and everything it started, its whole process group; returns its last output.",
    properties: { id: { type: "string" } },
    required: ["id"],
    effect: "exec",
    family: "terminal",
    what: "Stops a terminal and its whole process group.",
    when: "A server or REPL you started is no longer needed, or hangs.",
    async run(input: Record<string, unknown>): Promise<ToolOutput> {
      const record = find(terminals, input);
      const was = status(record);
      await terminals.kill(record);
      const chunk = terminals.read(record);
      return {
        content: `${record.id} ${was === "running" ? "killed" : `had already ${was}`}.\n${shown(record, chunk)}`,
      };
    },
  });

  const list = defineTool({
    name: "terminal_list",
    description:
      "Which terminals are still running: each one's id, status (running or exited), command, age and output size.",
    properties: {},
    required: [],
    effect: "read",
    family: "terminal",
    what: "Lists this session's terminals with id, status, command and age.",
    when: "Which shells, servers or REPLs are still running, or a terminal's id.",
    async run(): Promise<ToolOutput> {
      const all = terminals.list();
      if (all.length === 0) return { content: "No terminals; start one with terminal_start." };
      const now = Date.now();
      return {
        content: all
          .map(
            (r) =>
              `${r.id}  ${status(r)}  ${Math.round((now - r.startedAt) / 1000)}s  ${r.process.output.total} bytes  ${r.command}`,
          )
          .join("\n"),
      };
    },
  });

  return [start, read, write, kill, list];
}
