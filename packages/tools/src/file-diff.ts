/**
 * A small unified diff of one file's change, for the model and for the user's screen.
 *
 * Three lines of context, `--- a/<path>` / `+++ b/<path>` headers, and a cap on the number of
 * diff lines (the rest is summarised as "N more diff lines") so a large replace does not flood
 * the conversation. Also counts added and removed lines for one-line summaries.
 */
import { createTwoFilesPatch, FILE_HEADERS_ONLY } from "diff";

export const DIFF_MAX_LINES = 200;

export interface FileDiff {
  text: string;
  added: number;
  removed: number;
}

export function fileDiff(shown: string, before: string, after: string, maxLines = DIFF_MAX_LINES): FileDiff {
  const patch = createTwoFilesPatch(`a/${shown}`, `b/${shown}`, before, after, undefined, undefined, {
    context: 3,
    headerOptions: FILE_HEADERS_ONLY,
  });
  const lines = patch.replace(/\n$/, "").split("\n");
  let added = 0;
  let removed = 0;
  for (const line of lines.slice(2)) {
    if (line.startsWith("+")) added++;
    else if (line.startsWith("-")) removed++;
  }
  const text =
    lines.length > maxLines
      ? `${lines.slice(0, maxLines).join("\n")}\n… ${lines.length - maxLines} more diff lines`
      : lines.join("\n");
  return { text, added, removed };
}
