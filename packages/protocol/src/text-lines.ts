/**
 * A text's lines as Picasso counts them everywhere (the write tool's result, the approval
 * preview): split on LF or CRLF, and a final newline ends the last line rather than starting an
 * empty one — "a\nb\nc\n" is 3 lines, "" is none.
 */
export function splitLines(text: string): string[] {
  if (text === "") return [];
  const lines = text.split(/\r?\n/);
  if (lines[lines.length - 1] === "") lines.pop();
  return lines;
}
