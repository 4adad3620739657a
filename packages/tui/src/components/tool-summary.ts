/**
 * One-line summaries for tool calls and the collapse rule for long output. Pure.
 * - the argument shown after the tool name: `bash` its command, file tools their path, `search`
 *   its pattern, gateways their target; anything else a compact JSON cut to fit;
 * - output longer than `maxLines` keeps its first lines and says how many more there are.
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

export function collapse(text: string, maxLines: number): Collapsed {
  const all = text.replace(/\n+$/, "").split("\n");
  if (all.length <= maxLines) return { lines: all, hidden: 0 };
  return { lines: all.slice(0, maxLines), hidden: all.length - maxLines };
}

export function formatDuration(ms: number | undefined): string {
  if (ms === undefined) return "";
  if (ms < 1000) return `${Math.round(ms)}ms`;
  if (ms < 60_000) return `${(ms / 1000).toFixed(1)}s`;
  return `${Math.floor(ms / 60_000)}m${Math.round((ms % 60_000) / 1000)}s`;
}
