/**
 * Parsing the `*** Begin Patch` format (the one `apply_patch` takes) into file operations.
 *
 *   *** Begin Patch
 *   *** Add File: path          then every line starts with "+"
 *   *** Delete File: path
 *   *** Update File: path
 *   *** Move to: new/path       (optional, right after Update)
 *   @@ text                     a hunk; the optional text is a line to find before the hunk
 *    context / -removed / +added lines; "*** End of File" anchors the hunk at the file's end
 *   *** End Patch
 *
 * A line in a hunk that is empty (no leading space) counts as an empty context line, as models
 * often write it so. Mistakes are `PatchError`s naming the patch line.
 */

export class PatchError extends Error {
  override name = "PatchError";
}

export interface Hunk {
  /** The `@@ text` to find first (empty: none). */
  anchor: string;
  oldLines: string[];
  newLines: string[];
  atEnd: boolean;
}

export type PatchOp =
  | { kind: "add"; path: string; content: string }
  | { kind: "delete"; path: string }
  | { kind: "update"; path: string; moveTo?: string; hunks: Hunk[] };

const BEGIN = "*** Begin Patch";
const END = "*** End Patch";
const ADD = "*** Add File: ";
const DELETE = "*** Delete File: ";
const UPDATE = "*** Update File: ";
const MOVE = "*** Move to: ";
const EOF_MARK = "*** End of File";

function filePath(line: string, prefix: string, at: number): string {
  const path = line.slice(prefix.length).trim();
  if (path === "") throw new PatchError(`line ${at}: "${prefix.trim()}" needs a path`);
  return path;
}

export function parsePatch(text: string): PatchOp[] {
  const lines = text.replace(/\r\n/g, "\n").split("\n");
  while (lines.length > 0 && lines[lines.length - 1]?.trim() === "") lines.pop();
  let i = lines.findIndex((l) => l.trim() !== "");
  if (i < 0 || lines[i]?.trim() !== BEGIN) throw new PatchError(`the patch must start with "${BEGIN}"`);
  if (lines[lines.length - 1]?.trim() !== END) throw new PatchError(`the patch must end with "${END}"`);
  const last = lines.length - 1;
  const ops: PatchOp[] = [];
  i++;
  while (i < last) {
    const line = lines[i] ?? "";
    const at = i + 1;
    if (line.startsWith(ADD)) {
      const path = filePath(line, ADD, at);
      const body: string[] = [];
      for (i++; i < last && !(lines[i] ?? "").startsWith("*** "); i++) {
        const l = lines[i] ?? "";
        if (!l.startsWith("+"))
          throw new PatchError(`line ${i + 1}: every line of an added file starts with "+"`);
        body.push(l.slice(1));
      }
      ops.push({ kind: "add", path, content: body.length === 0 ? "" : `${body.join("\n")}\n` });
    } else if (line.startsWith(DELETE)) {
      ops.push({ kind: "delete", path: filePath(line, DELETE, at) });
      i++;
    } else if (line.startsWith(UPDATE)) {
      const path = filePath(line, UPDATE, at);
      i++;
      let moveTo: string | undefined;
      if ((lines[i] ?? "").startsWith(MOVE)) {
        moveTo = filePath(lines[i] ?? "", MOVE, i + 1);
        i++;
      }
      const hunks: Hunk[] = [];
      let hunk: Hunk | undefined;
      for (; i < last; i++) {
        const l = lines[i] ?? "";
        if (l.trim() === EOF_MARK) {
          if (!hunk) throw new PatchError(`line ${i + 1}: "${EOF_MARK}" outside a hunk`);
          hunk.atEnd = true;
          continue;
        }
        if (l.startsWith("*** ")) break;
        if (l.startsWith("@@")) {
          hunk = {
            anchor: l
              .slice(2)
              .replace(/@@\s*$/, "")
              .trim(),
            oldLines: [],
            newLines: [],
            atEnd: false,
          };
          hunks.push(hunk);
          continue;
        }
        if (!hunk) {
          hunk = { anchor: "", oldLines: [], newLines: [], atEnd: false };
          hunks.push(hunk);
        }
        if (l.startsWith("+")) hunk.newLines.push(l.slice(1));
        else if (l.startsWith("-")) hunk.oldLines.push(l.slice(1));
        else if (l.startsWith(" ") || l === "") {
          hunk.oldLines.push(l.slice(1));
          hunk.newLines.push(l.slice(1));
        } else
          throw new PatchError(
            `line ${i + 1}: a hunk line starts with " " (context), "-" (removed) or "+" (added): ${JSON.stringify(l.slice(0, 60))}`,
          );
      }
      if (hunks.length === 0 && !moveTo)
        throw new PatchError(`line ${at}: "Update File: ${path}" has no hunks`);
      ops.push({ kind: "update", path, ...(moveTo ? { moveTo } : {}), hunks });
    } else if (line.trim() === "") {
      i++;
    } else {
      throw new PatchError(
        `line ${at}: expected "*** Add File:", "*** Update File:", "*** Delete File:" or "${END}", got ${JSON.stringify(line.slice(0, 60))}`,
      );
    }
  }
  if (ops.length === 0) throw new PatchError("the patch changes no file");
  return ops;
}

function findSequence(lines: string[], seq: string[], from: number, atEnd: boolean): number {
  const norms: ((s: string) => string)[] = [(s) => s, (s) => s.trimEnd(), (s) => s.trim()];
  for (const norm of norms) {
    const target = seq.map(norm);
    const matches = (start: number) => target.every((t, k) => norm(lines[start + k] ?? "") === t);
    if (atEnd) {
      const start = lines.length - seq.length;
      if (start >= from && matches(start)) return start;
    }
    for (let start = from; start + seq.length <= lines.length; start++) if (matches(start)) return start;
  }
  return -1;
}

/** The file's text after the hunks; throws `PatchError` when a hunk does not match. */
export function applyHunks(text: string, hunks: Hunk[], shown: string): string {
  const eol = text.includes("\r\n") ? "\r\n" : "\n";
  const lines = text.split(eol);
  const endsWithNewline = lines.length > 0 && lines[lines.length - 1] === "";
  if (endsWithNewline) lines.pop();
  const replacements: { start: number; remove: number; insert: string[] }[] = [];
  let cursor = 0;
  for (const [n, hunk] of hunks.entries()) {
    if (hunk.anchor !== "") {
      const found = findSequence(lines, [hunk.anchor], cursor, false);
      if (found < 0)
        throw new PatchError(`${shown}: hunk ${n + 1}: the line "@@ ${hunk.anchor}" was not found`);
      cursor = found + 1;
    }
    if (hunk.oldLines.length === 0) {
      replacements.push({ start: lines.length, remove: 0, insert: hunk.newLines });
      continue;
    }
    let start = findSequence(lines, hunk.oldLines, cursor, hunk.atEnd);
    // Models often end a hunk with an empty context line the file does not have at its end.
    let oldLines = hunk.oldLines;
    let newLines = hunk.newLines;
    if (start < 0 && oldLines[oldLines.length - 1] === "" && newLines[newLines.length - 1] === "") {
      oldLines = oldLines.slice(0, -1);
      newLines = newLines.slice(0, -1);
      start = oldLines.length === 0 ? -1 : findSequence(lines, oldLines, cursor, hunk.atEnd);
    }
    if (start < 0) {
      const first = hunk.oldLines.find((l) => l.trim() !== "") ?? "";
      throw new PatchError(
        `${shown}: hunk ${n + 1} does not match the file (looking for ${hunk.oldLines.length} line(s) starting ${JSON.stringify(first.slice(0, 80))}); read the file and write the hunk from its current text`,
      );
    }
    replacements.push({ start, remove: oldLines.length, insert: newLines });
    cursor = start + oldLines.length;
  }
  for (const r of [...replacements].sort((a, b) => b.start - a.start))
    lines.splice(r.start, r.remove, ...r.insert);
  if (lines.length === 0) return "";
  return lines.join(eol) + (endsWithNewline || text === "" ? eol : "");
}
