/**
 * A unified diff of two texts, line by line, for showing a proposed file against the one on disk:
 * `--- a/<path>` / `+++ b/<path>` (`/dev/null` for a file that does not exist yet), hunks with
 * three lines of context. The line matching is a longest common subsequence over the lines after
 * the common head and tail are set aside, so two files of a few hundred lines cost little; when
 * the middle is too large for that (over `MAX_CELLS` pairs) it is shown as removed, then added.
 * "\ No newline at end of file" follows a last line without one, as in git's diffs.
 */

const CONTEXT = 3;
const MAX_CELLS = 4_000_000;

type Op = { kind: " " | "-" | "+"; line: string; noNewline?: boolean };

function linesOf(text: string): { lines: string[]; noFinalNewline: boolean } {
  if (text === "") return { lines: [], noFinalNewline: false };
  const lines = text.split("\n");
  const noFinalNewline = lines[lines.length - 1] !== "";
  if (!noFinalNewline) lines.pop();
  return { lines, noFinalNewline };
}

/** The edit script from `a` to `b`: kept, removed and added lines in order. */
function editScript(a: string[], b: string[]): Op[] {
  let head = 0;
  while (head < a.length && head < b.length && a[head] === b[head]) head++;
  let tail = 0;
  while (
    tail < a.length - head &&
    tail < b.length - head &&
    a[a.length - 1 - tail] === b[b.length - 1 - tail]
  )
    tail++;
  const midA = a.slice(head, a.length - tail);
  const midB = b.slice(head, b.length - tail);
  const ops: Op[] = a.slice(0, head).map((line) => ({ kind: " ", line }));
  if (midA.length * midB.length > MAX_CELLS) {
    ops.push(
      ...midA.map((line): Op => ({ kind: "-", line })),
      ...midB.map((line): Op => ({ kind: "+", line })),
    );
  } else {
    // lcs[i][j]: the longest common subsequence of midA[i..] and midB[j..].
    const width = midB.length + 1;
    const lcs = new Uint32Array((midA.length + 1) * width);
    for (let i = midA.length - 1; i >= 0; i--)
      for (let j = midB.length - 1; j >= 0; j--)
        lcs[i * width + j] =
          midA[i] === midB[j]
            ? lcs[(i + 1) * width + j + 1]! + 1
            : Math.max(lcs[(i + 1) * width + j]!, lcs[i * width + j + 1]!);
    let i = 0;
    let j = 0;
    while (i < midA.length || j < midB.length) {
      if (i < midA.length && j < midB.length && midA[i] === midB[j]) {
        ops.push({ kind: " ", line: midA[i]! });
        i++;
        j++;
      } else if (
        j < midB.length &&
        (i === midA.length || lcs[i * width + j + 1]! >= lcs[(i + 1) * width + j]!)
      ) {
        ops.push({ kind: "+", line: midB[j]! });
        j++;
      } else {
        ops.push({ kind: "-", line: midA[i]! });
        i++;
      }
    }
    // Removals before additions inside each changed run, as diffs are usually read.
    sortRuns(ops, head);
  }
  ops.push(...a.slice(a.length - tail).map((line): Op => ({ kind: " ", line })));
  return ops;
}

function sortRuns(ops: Op[], from: number): void {
  let start = from;
  while (start < ops.length) {
    if (ops[start]!.kind === " ") {
      start++;
      continue;
    }
    let end = start;
    while (end < ops.length && ops[end]!.kind !== " ") end++;
    const run = ops.slice(start, end);
    ops.splice(start, run.length, ...run.filter((o) => o.kind === "-"), ...run.filter((o) => o.kind === "+"));
    start = end;
  }
}

/** Marks the last line of each side that ends without a newline. */
function markNoNewline(ops: Op[], a: { noFinalNewline: boolean }, b: { noFinalNewline: boolean }): void {
  const lastOf = (side: "a" | "b") => {
    for (let k = ops.length - 1; k >= 0; k--) if (ops[k]!.kind !== (side === "a" ? "+" : "-")) return k;
    return -1;
  };
  const lastA = lastOf("a");
  const lastB = lastOf("b");
  if (lastA === lastB && lastA >= 0 && ops[lastA]!.kind === " " && a.noFinalNewline !== b.noFinalNewline) {
    // The same line ends the two texts, with a newline in one only: it changed.
    const line = ops[lastA]!.line;
    ops.splice(
      lastA,
      1,
      { kind: "-", line, noNewline: a.noFinalNewline },
      { kind: "+", line, noNewline: b.noFinalNewline },
    );
    return;
  }
  if (a.noFinalNewline && lastA >= 0) ops[lastA]!.noNewline = true;
  if (b.noFinalNewline && lastB >= 0) ops[lastB]!.noNewline = true;
}

/** The unified diff from `before` (undefined: no file yet) to `after`; "" when they are equal. */
export function unifiedDiff(path: string, before: string | undefined, after: string): string {
  if (before === after) return "";
  const a = linesOf(before ?? "");
  const b = linesOf(after);
  const ops = editScript(a.lines, b.lines);
  markNoNewline(ops, a, b);
  const out = [before === undefined ? "--- /dev/null" : `--- a/${path}`, `+++ b/${path}`];
  // Positions (1-based) in a and b before each op.
  const posA: number[] = [];
  const posB: number[] = [];
  let na = 1;
  let nb = 1;
  for (const op of ops) {
    posA.push(na);
    posB.push(nb);
    if (op.kind !== "+") na++;
    if (op.kind !== "-") nb++;
  }
  const changed = ops.flatMap((op, k) => (op.kind === " " ? [] : [k]));
  let k = 0;
  while (k < changed.length) {
    const start = Math.max(0, changed[k]! - CONTEXT);
    let last = changed[k]!;
    while (k + 1 < changed.length && changed[k + 1]! - last <= 2 * CONTEXT) last = changed[++k]!;
    k++;
    const end = Math.min(ops.length, last + CONTEXT + 1);
    const hunk = ops.slice(start, end);
    const countA = hunk.filter((o) => o.kind !== "+").length;
    const countB = hunk.filter((o) => o.kind !== "-").length;
    const startA = countA === 0 ? posA[start]! - 1 : posA[start]!;
    const startB = countB === 0 ? posB[start]! - 1 : posB[start]!;
    out.push(`@@ -${startA},${countA} +${startB},${countB} @@`);
    for (const op of hunk) {
      out.push(`${op.kind}${op.line}`);
      if (op.noNewline) out.push("\\ No newline at end of file");
    }
  }
  return `${out.join("\n")}\n`;
}
