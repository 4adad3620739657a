/**
 * A read-only tap on the output of a process the tools already run: a background `bash` job
 * (`job-N`) or a terminal (`term-N`). The `monitor` tool (packages/watch) follows it to wake the
 * session on a pattern, so watching never starts a command of its own — whatever runs was
 * started, with the user's permission, by `bash` or `terminal_start`. A tap keeps its own offset:
 * the model's `output` and `terminal_read` cursors do not move. Terminal output is read as the
 * model reads it (escape sequences removed, redrawn lines reduced).
 */
import type { PeekedOutput } from "./background-jobs.js";
import { terminalText } from "./terminal/terminal-text.js";
import type { ToolRuntime } from "./tool-runtime.js";

export interface OutputTap {
  kind: "job" | "terminal";
  id: string;
  command: string;
  /** Output from absolute offset `from`, at most `limit` bytes, and whether the process ended. */
  peek(from: number, limit: number): PeekedOutput;
}

/** The tap on job or terminal `id`, or undefined when the session has none by that id. */
export function tapProcessOutput(
  runtime: Pick<ToolRuntime, "jobs" | "terminals">,
  id: string,
): OutputTap | undefined {
  const job = runtime.jobs.get(id);
  if (job)
    return {
      kind: "job",
      id,
      command: job.command,
      peek: (from, limit) =>
        runtime.jobs.peek(id, from, limit) ?? { text: "", next: from, dropped: 0, total: from, ended: true },
    };
  const terminal = runtime.terminals.get(id);
  if (terminal)
    return {
      kind: "terminal",
      id,
      command: terminal.command,
      peek: (from, limit) => {
        const output = terminal.process.output;
        const read = output.readFrom(from, limit);
        return {
          ...read,
          text: terminalText(read.text),
          total: output.total,
          ended: terminal.process.exit !== undefined,
        };
      },
    };
  return undefined;
}
