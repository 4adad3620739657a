/**
 * Headless output formats.
 * - `text`: the assistant's final text of the turn, then a newline.
 * - `json`: one object at the end: `type: "result"`, `result`, `sessionId`, `stopReason`,
 *   `isError`, `usage` (summed over the turn's steps; fields the provider never reported are
 *   left out), `turns` (turns in the session so far, across resumes), `steps`, `durationMs`,
 *   `logPath`, and `error` when there was one.
 * - `stream-json`: every session event as one JSON line as it happens — the same variants the
 *   session log records (with their live-only fields, e.g. a tool result's content) plus the
 *   live-only text and thinking deltas, from `session_start` to `session_end` — then the result
 *   object. docs/session-log.md lists the variants.
 */
import type { SessionEvent, Usage } from "@picasso/protocol";

export type OutputFormat = "text" | "json" | "stream-json";

export interface HeadlessResult {
  type: "result";
  result: string;
  sessionId: string;
  stopReason: string;
  isError: boolean;
  usage: Usage;
  turns: number;
  steps: number;
  durationMs: number;
  logPath: string;
  error?: string;
  /** With --goal: where the goal ended and how many rounds ran. */
  goal?: { status: string; rounds: number; evidence?: string; blocker?: { reason: string; needs: string } };
}

export interface OutputSink {
  event(event: SessionEvent): void;
  result(result: HeadlessResult): void;
}

export function outputSink(format: OutputFormat, write: (text: string) => void): OutputSink {
  switch (format) {
    case "stream-json":
      return {
        event: (event) => write(`${JSON.stringify(event)}\n`),
        result: (result) => write(`${JSON.stringify(result)}\n`),
      };
    case "json":
      return { event: () => {}, result: (result) => write(`${JSON.stringify(result)}\n`) };
    default:
      return {
        event: () => {},
        result: (result) => {
          if (result.result) write(`${result.result}\n`);
        },
      };
  }
}
