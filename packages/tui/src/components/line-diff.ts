/**
 * The lines an edit changes, for the approval preview: `old_string` against `new_string`, line
 * by line. Lines both sides share (their longest common subsequence) are context; only the others
 * are removed/added. Context is kept within `context` lines of a change, and a longer unchanged
 * stretch between changes becomes one gap. Past `MAX_CELLS` (a huge replace) the LCS table is
 * not built and every line shows as removed then added — still true, just less precise.
 */
export type DiffLine =
  | { kind: "context" | "removed" | "added"; text: string }
  | { kind: "gap"; lines: number };

const MAX_CELLS = 250_000;

export function lineDiff(oldText: string, newText: string, context = 2): DiffLine[] {
  const a = oldText.split("\n");
  const b = newText.split("\n");
  return keepNearChanges(align(a, b), context);
}

function align(a: string[], b: string[]): DiffLine[] {
  if (a.length * b.length > MAX_CELLS)
    return [
      ...a.map((text): DiffLine => ({ kind: "removed", text })),
      ...b.map((text): DiffLine => ({ kind: "added", text })),
    ];
  // lcs[i][j]: the longest common subsequence of a[i..] and b[j..].
  const lcs = Array.from({ length: a.length + 1 }, () => new Array<number>(b.length + 1).fill(0));
  for (let i = a.length - 1; i >= 0; i--)
    for (let j = b.length - 1; j >= 0; j--)
      lcs[i]![j] = a[i] === b[j] ? lcs[i + 1]![j + 1]! + 1 : Math.max(lcs[i + 1]![j]!, lcs[i]![j + 1]!);
  const out: DiffLine[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    if (i < a.length && j < b.length && a[i] === b[j]) {
      out.push({ kind: "context", text: a[i]! });
      i++;
      j++;
    } else if (j >= b.length || (i < a.length && lcs[i + 1]![j]! >= lcs[i]![j + 1]!)) {
      out.push({ kind: "removed", text: a[i++]! });
    } else out.push({ kind: "added", text: b[j++]! });
  }
  return out;
}

function keepNearChanges(lines: DiffLine[], context: number): DiffLine[] {
  const near = new Array<boolean>(lines.length).fill(false);
  lines.forEach((line, i) => {
    if (line.kind === "context") return;
    for (let k = Math.max(0, i - context); k <= Math.min(lines.length - 1, i + context); k++) near[k] = true;
  });
  if (!near.includes(true)) return lines;
  const out: DiffLine[] = [];
  lines.forEach((line, i) => {
    if (line.kind !== "context" || near[i]) out.push(line);
    else {
      const last = out[out.length - 1];
      if (last?.kind === "gap") last.lines++;
      else out.push({ kind: "gap", lines: 1 });
    }
  });
  return out;
}
