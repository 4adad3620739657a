/**
 * `history_read` (family `session`, deferred, effect `read`): get back, byte for byte, what this
 * session's history held before a compaction took it out — or what a truncated tool result cut.
 *
 * `history_read({id, offset?, limit?})`:
 * - `id` a tool_use id (`toolu_…`, `call_…`: the ids a compaction summary lists): the original
 *   output of that tool result — the full spilled output when it was truncated;
 * - `id` a compacted span (`compaction-N`, `<lane>.compaction-N`: named in each
 *   `<conversation-summary>`): every tool result it removed, then its messages rendered as text.
 *
 * The answer is one header line, then the bytes `offset` … `offset + limit` of that text (default
 * and most 16 KB, never splitting a UTF-8 character), so pages joined in order are the original
 * bytes: `[history_read <id> · <what>: bytes X–Y of Z; next offset Y]` (or `; the end`). It reads
 * only this session's own log (`<sessions dir>/<session id>.jsonl`) and spill files inside its
 * outputs folder (history-log.ts); an unknown id is a tool error saying where ids are found.
 */
import { readFile, realpath, stat } from "node:fs/promises";
import { join } from "node:path";
import { byteLength, type Message, type ToolContext, type ToolOutput } from "@picasso/protocol";
import { defineTool, toolError } from "../define-tool.js";
import { optionalInteger, requiredString } from "../tool-input.js";
import { isInside, type LoggedSpan, type LoggedToolResult, readSessionHistory } from "./history-log.js";
import { touched } from "./session-digest.js";

export const HISTORY_PAGE_MAX_BYTES = 16_384;
const HISTORY_PAGE_MIN_BYTES = 256;
const SESSION_ID = /^[A-Za-z0-9._-]+$/;

/** Bytes `offset` … `offset + limit` of `bytes`, both ends moved back to a UTF-8 character start. */
export function pageOf(bytes: Buffer, offset: number, limit: number): { from: number; to: number } {
  const startOf = (at: number) => {
    let i = at;
    while (i > 0 && i < bytes.length && ((bytes[i] as number) & 0xc0) === 0x80) i -= 1;
    return i;
  };
  const from = startOf(Math.min(offset, bytes.length));
  let to = startOf(Math.min(from + limit, bytes.length));
  // A page holds at least one character, however small the limit.
  if (to <= from && from < bytes.length) {
    to = from + 1;
    while (to < bytes.length && ((bytes[to] as number) & 0xc0) === 0x80) to += 1;
  }
  return { from, to };
}

function callWords(r: LoggedToolResult): string {
  if (!r.call) return "tool result";
  const { what } = touched(r.call.name, r.call.input);
  const flat = what.replace(/\s+/g, " ");
  return flat.length > 80 ? `${flat.slice(0, 79)}…` : flat;
}

function renderMessages(messages: readonly Message[]): string {
  const out: string[] = [];
  messages.forEach((message, i) => {
    out.push(`### message ${i} · ${message.role}`);
    for (const block of message.content) {
      if (block.type === "text") out.push(block.text);
      else if (block.type === "tool_use")
        out.push(`[tool_use ${block.id} · ${block.name}] ${JSON.stringify(block.input)}`);
      else if (block.type === "tool_result")
        out.push(`[tool_result ${block.toolUseId}${block.isError ? " · error" : ""}]`, block.content);
    }
  });
  return out.join("\n");
}

async function spanText(span: LoggedSpan, results: Map<string, LoggedToolResult>): Promise<string> {
  const lines: string[] = [];
  for (const message of span.messages)
    for (const block of message.content) {
      if (block.type !== "tool_result") continue;
      const r = results.get(block.toolUseId);
      const full = r?.fullOutputPath
        ? (await stat(r.fullOutputPath).catch(() => undefined))?.size
        : undefined;
      lines.push(
        `- ${block.toolUseId} · ${r ? callWords(r) : "tool result"} · ${full ?? byteLength(block.content)} bytes`,
      );
    }
  const index = lines.length
    ? [`Tool results in this span (history_read {id} returns each in full):`, ...lines]
    : ["This span held no tool results."];
  return [
    `Compacted span ${span.id} (${span.trigger}, turn ${span.turn}, lane ${span.lane}): ${span.messages.length} messages.`,
    ...index,
    "",
    renderMessages(span.messages),
  ].join("\n");
}

function unknownId(id: string, results: Map<string, LoggedToolResult>, spans: string[]): ToolOutput {
  const recent = [...results.values()]
    .slice(-5)
    .map((r) => `${r.id} (${callWords(r)})`)
    .join(", ");
  return toolError(
    `No tool result or compacted span "${id}" in this session. Ids: a tool result is named by its tool_use id ` +
      `(each <conversation-summary> lists the ones it removed, e.g. "- toolu_… · bash · …"); a compacted span is ` +
      `compaction-N (named in its summary). This session has ${spans.length ? `spans ${spans.join(", ")}` : "no compacted span"}` +
      `${recent ? `; recent tool results: ${recent}` : ""}. Past sessions: session_query.`,
  );
}

/**
 * A spill file's bytes, when it still is what Picasso wrote: a regular file whose real path lies
 * inside the session's real outputs folder. A symlink out of it, a FIFO (reading would hang) or a
 * device planted there reads as gone, and the model gets the output as it was shown.
 */
async function readSpill(spill: string, spillDir: string): Promise<Buffer | undefined> {
  try {
    const [real, folder] = await Promise.all([realpath(spill), realpath(spillDir)]);
    if (!isInside(real, folder) || !(await stat(real)).isFile()) return undefined;
    return await readFile(real);
  } catch {
    return undefined;
  }
}

export function createHistoryReadTool(sessionsDir: () => string | undefined) {
  return defineTool({
    name: "history_read",
    description:
      "Recover an earlier tool output or conversation span of this session, byte for byte, after compaction or truncation removed it from view: " +
      "a tool result by its id (the whole output when it was truncated) or a compacted span (compaction-N: the messages a compaction summarised). " +
      "Ids are listed in each conversation summary. Paged: pass the offset the answer names to read on.",
    properties: {
      id: {
        type: "string",
        description: 'A tool_use id from a summary\'s list, or a compacted span such as "compaction-1".',
      },
      offset: { type: "integer", minimum: 0, description: "Byte offset to start at (default 0)." },
      limit: {
        type: "integer",
        minimum: HISTORY_PAGE_MIN_BYTES,
        maximum: HISTORY_PAGE_MAX_BYTES,
        description: `Bytes per page (default and most ${HISTORY_PAGE_MAX_BYTES}).`,
      },
    },
    required: ["id"],
    effect: "read",
    family: "session",
    what: "Returns an earlier tool output or compacted span of this session, byte for byte.",
    when: "Compaction or truncation took something out of this session's view that you need again.",
    async run(input: Record<string, unknown>, ctx: ToolContext): Promise<ToolOutput> {
      const id = requiredString(input, "id").trim();
      const offset = optionalInteger(input, "offset", 0, Number.MAX_SAFE_INTEGER) ?? 0;
      const limit =
        optionalInteger(input, "limit", HISTORY_PAGE_MIN_BYTES, HISTORY_PAGE_MAX_BYTES) ??
        HISTORY_PAGE_MAX_BYTES;
      const dir = sessionsDir();
      if (!dir || !SESSION_ID.test(ctx.sessionId))
        return toolError("This session's history is not available here (no session log).");
      const history = await readSessionHistory(join(dir, `${ctx.sessionId}.jsonl`)).catch(() => undefined);
      if (!history) return toolError("This session's log cannot be read.");

      let what: string;
      let bytes: Buffer;
      const span = history.spans.get(id);
      const result = history.toolResults.get(id);
      if (span) {
        what = "compacted span";
        bytes = Buffer.from(await spanText(span, history.toolResults), "utf8");
      } else if (result && (result.shown !== undefined || result.fullOutputPath)) {
        what = callWords(result);
        const spill = result.fullOutputPath;
        if (spill && isInside(spill, ctx.spillDir)) {
          const full = await readSpill(spill, ctx.spillDir);
          if (full) {
            what += " · full output (it was truncated)";
            bytes = full;
          } else {
            what += " · as shown (its full output's file is gone)";
            bytes = Buffer.from(result.shown ?? "", "utf8");
          }
        } else {
          if (spill) what += " · as shown (its full output is outside this session's outputs folder)";
          bytes = Buffer.from(result.shown ?? "", "utf8");
        }
      } else return unknownId(id, history.toolResults, [...history.spans.keys()]);

      if (offset > bytes.length)
        return toolError(`offset ${offset} is past the end of ${id} (${bytes.length} bytes).`);
      const { from, to } = pageOf(bytes, offset, limit);
      const where = to < bytes.length ? `next offset ${to}` : "the end";
      return {
        content: `[history_read ${id} · ${what}: bytes ${from}–${to} of ${bytes.length}; ${where}]\n${bytes.subarray(from, to).toString("utf8")}`,
      };
    },
  });
}
