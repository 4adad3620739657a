/**
 * One-line summaries for tool calls and the collapse rule for long output. Pure.
 * - the argument shown after the tool name: `bash` its command, file tools their path, `search`
 *   its pattern, gateways their target; anything else a compact JSON cut to fit;
 * - output longer than `maxLines` keeps its first lines and says how many more there are; a line
 *   longer than `MAX_LINE_CHARS` keeps its start.
 */
import { oneLine } from "../transcript/apply-event.js";

export function toolArgument(name: string, input: Record<string, unknown>, max = 80): string {
  const pick = (key: string) => (typeof input[key] === "string" ? (input[key] as string) : undefined);
  const value =
    pick("command") ??
    pick("path") ??
    pick("file_path") ??
    pick("pattern") ??
    pick("query") ??
    pick("name") ??
    pick("task") ??
    pick("question") ??
    (name === "todo_write" && Array.isArray(input.todos) ? `${input.todos.length} items` : undefined) ??
    (Object.keys(input).length ? JSON.stringify(input) : "");
  return oneLine(value, max);
}

export interface Collapsed {
  lines: string[];
  hidden: number;
}

/**
 * Longer lines are cut to this many code units before Ink sees them: it cuts them to the width
 * itself, but measures the whole line first (seconds per megabyte). No line this long fits a
 * terminal row, escape codes and all, so what is shown is unchanged.
 */
export const MAX_LINE_CHARS = 4096;

export function collapse(text: string, maxLines: number): Collapsed {
  const all = text.replace(/\n+$/, "").split("\n");
  const shown = all.length <= maxLines ? all : all.slice(0, maxLines);
  const lines = shown.map((line) => (line.length > MAX_LINE_CHARS ? line.slice(0, MAX_LINE_CHARS) : line));
  return { lines, hidden: all.length - shown.length };
}

export function formatDuration(ms: number | undefined): string {
  if (ms === undefined) return "";
  if (ms < 1000) return `${Math.round(ms)}ms`;
  if (ms < 60_000) return `${(ms / 1000).toFixed(1)}s`;
  return `${Math.floor(ms / 60_000)}m${Math.round((ms % 60_000) / 1000)}s`;
}
