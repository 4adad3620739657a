/**
 * The transcript's items as the store keeps them. `<Static>` prints each item once, when it is
 * appended, and then reads only the items after those it printed — so an item far behind the
 * newest is on the terminal (and in its scrollback) and nothing draws it again. Rules:
 * - the newest `keep` items stay whole;
 * - an item that falls further behind is slimmed: it keeps its id and kind, a prompt its text
 *   (↑ walks the prompts of a session, App.tsx); a reply's, notice's or expansion's text and a
 *   tool call's input, output and display are dropped;
 * - before a tool call whose output the screen collapsed is slimmed, that output is kept aside
 *   (`collapsed`), so Ctrl+O still expands the newest one however far back it is.
 * The items array keeps its length (Ink's `<Static>` counts the items it printed by position).
 * Appending copies the array (the store's state is immutable), a pointer per item: at 10,000
 * messages (~15,000 items) a tenth of a millisecond, per item appended — never per keystroke.
 */
import { newestCollapsedOutput } from "./expandable.js";
import type { TranscriptItem } from "./transcript.js";

/** Items kept whole behind the newest (more than a screen, more than one long turn's worth). */
export const KEEP_WHOLE = 200;

export interface PrintedItems {
  items: TranscriptItem[];
  /** How many leading items are slimmed already. */
  slimmed: number;
  /** The newest collapsed tool output among the slimmed items, if any. */
  collapsed: { title: string; text: string } | undefined;
}

/** Items set as they are (a session's opening items): none slimmed yet. */
export function printedItems(items: TranscriptItem[]): PrintedItems {
  return { items, slimmed: 0, collapsed: undefined };
}

export function appendItems(
  printed: PrintedItems,
  added: readonly TranscriptItem[],
  keep = KEEP_WHOLE,
): PrintedItems {
  const items = [...printed.items, ...added];
  let collapsed = printed.collapsed;
  let slimmed = printed.slimmed;
  for (; slimmed < items.length - keep; slimmed++) {
    const item = items[slimmed]!;
    if (item.kind === "tool") collapsed = newestCollapsedOutput([item]) ?? collapsed;
    items[slimmed] = slim(item);
  }
  return { items, slimmed, collapsed };
}

/** Ctrl+O's output: the newest collapsed one among the whole items, else the one kept aside. */
export function newestExpandable(printed: PrintedItems): { title: string; text: string } | undefined {
  return newestCollapsedOutput(printed.items.slice(printed.slimmed)) ?? printed.collapsed;
}

function slim(item: TranscriptItem): TranscriptItem {
  switch (item.kind) {
    case "user":
      return item;
    case "assistant":
      return { id: item.id, kind: "assistant", lane: item.lane, text: "" };
    case "notice":
      return { id: item.id, kind: "notice", tone: item.tone, text: "" };
    case "expanded":
      return { id: item.id, kind: "expanded", title: item.title, text: "" };
    case "tool":
      return {
        id: item.id,
        kind: "tool",
        toolUseId: item.toolUseId,
        lane: item.lane,
        name: item.name,
        input: {},
        status: item.status,
      };
  }
}
