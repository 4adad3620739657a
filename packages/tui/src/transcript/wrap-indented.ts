/**
 * Wrapping plain text to a width so that every wrapped line keeps the indent of the line it came
 * from (`  turn totals: …` continues two columns in, never at column 0). Words are broken at
 * spaces; a word longer than the room left is cut hard. Runs of spaces inside a line are kept,
 * except at the start of a continuation line. Widths count code points (the TUI's own text is
 * single-width), and at least 10 columns are always left for the text after the indent.
 */
export function wrapIndented(text: string, width: number): string[] {
  return text.split("\n").flatMap((line) => wrapLine(line, width));
}

function wrapLine(line: string, width: number): string[] {
  const body = line.trimStart();
  const indent = line.slice(0, line.length - body.length);
  const room = Math.max(10, width - indent.length);
  if ([...body].length <= room) return [line];
  const out: string[] = [];
  let current = "";
  const push = () => {
    out.push(indent + current);
    current = "";
  };
  for (const word of body.split(" ")) {
    const candidate = current === "" ? word : `${current} ${word}`;
    if ([...candidate].length <= room) {
      current = candidate;
      continue;
    }
    if (current.trim() !== "") push();
    let rest = [...word];
    while (rest.length > room) {
      current = rest.slice(0, room).join("");
      push();
      rest = rest.slice(room);
    }
    current = rest.join("");
  }
  if (current !== "" || out.length === 0) push();
  return out;
}
