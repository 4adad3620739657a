/**
 * Headless output formats.
 * - `text`: the assistant's final text of the turn, then a newline.
 * - `json`: one object at the end: `type: "result"`, `result`, `sessionId`, `stopReason`,
 *   `isError`, `usage` (summed over the turn's steps; fields the provider never reported are
 *   left out), `turns` (turns in the session so far, across resumes), `steps`, `durationMs`,
 *   `logPath`, and `error` when there was one.
 * - `stream-json`: every engine event as one JSON line as it happens, then the result object.
 */
import type { EngineEvent } from "@picasso/engine";
import type { Usage } from "@picasso/protocol";

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
}

export interface OutputSink {
  event(event: EngineEvent): void;
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
