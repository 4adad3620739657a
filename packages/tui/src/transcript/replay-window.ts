/**
 * How much of a resumed session's history is replayed on screen. Replay prints every item at
 * once (Ink's `<Static>`, synchronously), so a history holding megabytes would keep the screen —
 * and the process's signals — waiting before the session's opening line shows. Rules:
 * - a message (prompt, reply, notice, tool output) longer than `hugeChars` shows its first
 *   `headChars` characters (never half a surrogate pair), followed by a notice saying how many
 *   characters are hidden and that the whole message is in the session log;
 * - only the newest entries are replayed, walking back from the last: at most `maxEntries`, and
 *   no more once their text (after the cut above) passes `budgetChars` — the newest is always
 *   shown; a notice before them says how many earlier entries are hidden and where the log is.
 * Normal sessions (fewer than 200 entries, none over 16,000 characters) replay whole. Pure.
 */
import type { NewItem } from "./transcript.js";

export const REPLAY_LIMITS = {
  hugeChars: 16_000,
  headChars: 2_000,
  maxEntries: 200,
  budgetChars: 200_000,
};

export type ReplayLimits = typeof REPLAY_LIMITS;

export function replayWindow(
  items: readonly NewItem[],
  logPath: string | undefined,
  limits: ReplayLimits = REPLAY_LIMITS,
): NewItem[] {
  const shown: NewItem[][] = [];
  let chars = 0;
  for (let i = items.length - 1; i >= 0 && shown.length < limits.maxEntries; i--) {
    const clipped = clipHugeItem(items[i]!, logPath, limits);
    const size = clipped.reduce((n, item) => n + textOf(item).length, 0);
    if (shown.length > 0 && chars + size > limits.budgetChars) break;
    shown.push(clipped);
    chars += size;
  }
  const hidden = items.length - shown.length;
  const window = shown.reverse().flat();
  if (hidden === 0) return window;
  const note: NewItem = {
    kind: "notice",
    tone: "info",
    text: `… ${count(hidden)} earlier ${hidden === 1 ? "entry" : "entries"} not shown; the whole session is in its log${where(logPath)}`,
  };
  return [note, ...window];
}

/** The item as it is, or — when its text is huge — its head and a notice about the rest. */
export function clipHugeItem(
  item: NewItem,
  logPath: string | undefined,
  limits: ReplayLimits = REPLAY_LIMITS,
): NewItem[] {
  const text = textOf(item);
  if (text.length <= limits.hugeChars) return [item];
  const head = text.slice(0, headEnd(text, limits.headChars));
  const clipped: NewItem = item.kind === "tool" ? { ...item, content: head } : { ...item, text: head };
  const note: NewItem = {
    kind: "notice",
    tone: "info",
    text: `… ${count(text.length - head.length)} more characters of this message not shown; the whole of it is in the session log${where(logPath)}`,
  };
  return [clipped, note];
}

function textOf(item: NewItem): string {
  return item.kind === "tool" ? (item.content ?? "") : item.text;
}

/** `n`, or one less when the `n`th code unit would split a surrogate pair. */
function headEnd(text: string, n: number): number {
  const last = text.charCodeAt(n - 1);
  return last >= 0xd800 && last <= 0xdbff ? n - 1 : n;
}

function count(n: number): string {
  return n.toLocaleString("en-US");
}

function where(logPath: string | undefined): string {
  return logPath ? `: ${logPath}` : "";
}
