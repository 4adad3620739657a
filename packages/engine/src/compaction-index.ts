/**
 * The index a compaction summary ends with: the id of the compacted span and the tool results it
 * removed, so the model can get any of them back with `history_read` (docs/lean-context.md,
 * "Recoverable history").
 *
 * Ids: a tool result is named by its tool_use id (the log's `tool_result.toolUseId`; a truncated
 * result's full output is the spill file its `fullOutputPath` names); a compacted span is
 * `compaction-N` in the main lane and `<lane>.compaction-N` in a subagent lane, N counting the
 * lane's compactions from 1 (the `compaction` event's `id`).
 *
 * The text is deterministic: it depends only on the removed messages and the sizes of their spill
 * files. One line per tool result — `- <id> · <tool> · <target> · <bytes> bytes` — oldest first,
 * at most `INDEX_MAX_ENTRIES` (the newest ones); the older rest is counted and the span id given,
 * since `history_read` of the span lists every one.
 */
import { statSync } from "node:fs";
import { join } from "node:path";
import { byteLength, type Message, type ToolUseBlock } from "@picasso/protocol";

export const INDEX_MAX_ENTRIES = 40;
const TARGET_MAX_CHARS = 60;
const TARGET_FIELDS = ["path", "file", "notebook_path", "command", "pattern", "url", "query", "id", "task"];

/** The id of a lane's `n`-th compacted span (n from 1). */
export function compactionSpanId(lane: string, n: number): string {
  return lane === "main" ? `compaction-${n}` : `${lane}.compaction-${n}`;
}

export interface RemovedToolResult {
  id: string;
  tool: string;
  target: string;
  bytes: number;
}

/** What a call worked on, in a few words: a gateway call is named by the tool it ran. */
function describeCall(call: ToolUseBlock | undefined): { tool: string; target: string } {
  if (!call) return { tool: "?", target: "" };
  let name = call.name;
  let input = call.input;
  if (name === "tool_call" && typeof input.name === "string") {
    name = input.name;
    input =
      input.arguments && typeof input.arguments === "object" && !Array.isArray(input.arguments)
        ? (input.arguments as Record<string, unknown>)
        : {};
  }
  const field = TARGET_FIELDS.find((f) => typeof input[f] === "string" && input[f] !== "");
  const raw = field ? String(input[field]).replace(/\s+/g, " ").trim() : "";
  const target = raw.length > TARGET_MAX_CHARS ? `${raw.slice(0, TARGET_MAX_CHARS - 1)}…` : raw;
  return { tool: name, target };
}

/** The size of a spilled full output, when the result was truncated to `outputsDir`. */
function spilledBytes(outputsDir: string, id: string): number | undefined {
  try {
    return statSync(join(outputsDir, `${id.replace(/[^A-Za-z0-9_-]/g, "_")}.txt`)).size;
  } catch {
    return undefined;
  }
}

/** Every tool result in `messages`, in order, with its call's tool and target and its full size. */
export function removedToolResults(messages: readonly Message[], outputsDir: string): RemovedToolResult[] {
  const calls = new Map<string, ToolUseBlock>();
  const out: RemovedToolResult[] = [];
  for (const message of messages)
    for (const block of message.content) {
      if (block.type === "tool_use") calls.set(block.id, block);
      else if (block.type === "tool_result") {
        const { tool, target } = describeCall(calls.get(block.toolUseId));
        const bytes = spilledBytes(outputsDir, block.toolUseId) ?? byteLength(block.content);
        out.push({ id: block.toolUseId, tool, target, bytes });
      }
    }
  return out;
}

export function resultLine(r: RemovedToolResult): string {
  return `- ${r.id} · ${r.tool}${r.target ? ` · ${r.target}` : ""} · ${r.bytes} bytes`;
}

/** The index appended to a compaction summary (capped at the newest `INDEX_MAX_ENTRIES`). */
export function compactionIndex(args: {
  spanId: string;
  removed: readonly Message[];
  outputsDir: string;
}): string {
  const results = removedToolResults(args.removed, args.outputsDir);
  const head = `Compacted span ${args.spanId}: messages 0–${args.removed.length - 1} before this summary. Read it back with history_read {id: "${args.spanId}"}.`;
  if (results.length === 0) return `${head}\nIt held no tool results.`;
  const shown = results.slice(-INDEX_MAX_ENTRIES);
  const older = results.length - shown.length;
  return [
    head,
    `Tool results it removed (history_read {id} returns the original output, the full one when it was truncated):`,
    ...shown.map(resultLine),
    ...(older > 0 ? [`… and ${older} older: history_read {id: "${args.spanId}"} lists them all.`] : []),
  ].join("\n");
}
