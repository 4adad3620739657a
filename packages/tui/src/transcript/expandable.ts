/**
 * Ctrl+O: the newest tool call whose output the screen collapsed (more than `shownLines`
 * lines of diff, command output, text display or plain content). Pure.
 */
import type { TranscriptItem } from "./transcript.js";

export function newestCollapsedOutput(
  items: readonly TranscriptItem[],
  shownLines = 6,
): { title: string; text: string } | undefined {
  for (let i = items.length - 1; i >= 0; i--) {
    const item = items[i]!;
    if (item.kind !== "tool") continue;
    const d = item.display;
    const text =
      d?.kind === "diff"
        ? d.diff
        : d?.kind === "command"
          ? d.output
          : d?.kind === "text"
            ? d.text
            : item.content;
    if (text && text.split("\n").length > shownLines) return { title: `${item.name} — full output`, text };
  }
  return undefined;
}
