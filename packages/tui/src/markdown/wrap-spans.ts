/**
 * Word-wrapping styled inline spans (inline-spans.ts) to a width, for replies. Ink wraps text
 * itself, but keeps the space it broke at as the first character of the next line; here a line
 * never starts or ends with the spaces it was broken at. A word is a run of non-space characters,
 * even across spans (`**bold**,` stays one word); a word longer than the width is cut hard.
 * Widths count code points. Returns at least one (possibly empty) line.
 */
import type { Inline } from "./inline-spans.js";

type Piece = Inline;

export function wrapSpans(spans: readonly Inline[], width: number): Inline[][] {
  const room = Math.max(1, width);
  const lines: Piece[][] = [];
  let line: Piece[] = [];
  let used = 0;
  const flush = () => {
    while (line.length > 0 && line[line.length - 1]!.text.trim() === "") line.pop();
    lines.push(merge(line));
    line = [];
    used = 0;
  };
  for (const unit of units(spans)) {
    if (unit.space) {
      if (used === 0) continue;
      if (used + unit.length > room) {
        flush();
        continue;
      }
      line.push(...unit.pieces);
      used += unit.length;
      continue;
    }
    if (used > 0 && used + unit.length > room) flush();
    let pieces = unit.pieces;
    let length = unit.length;
    while (length > room) {
      const [head, tail] = cut(pieces, room - used);
      line.push(...head);
      flush();
      pieces = tail;
      length = pieces.reduce((n, p) => n + [...p.text].length, 0);
    }
    line.push(...pieces);
    used += length;
  }
  if (line.length > 0 || lines.length === 0) flush();
  return lines;
}

interface Unit {
  space: boolean;
  pieces: Piece[];
  length: number;
}

/** Spans → alternating runs of spaces and words, each made of styled pieces. */
function units(spans: readonly Inline[]): Unit[] {
  const out: Unit[] = [];
  for (const span of spans) {
    for (const match of span.text.matchAll(/\s+|\S+/g)) {
      const text = match[0];
      const space = /^\s/.test(text);
      const piece = { ...span, text: space ? " ".repeat([...text].length) : text };
      const last = out[out.length - 1];
      if (last && last.space === space) {
        last.pieces.push(piece);
        last.length += [...text].length;
      } else out.push({ space, pieces: [piece], length: [...text].length });
    }
  }
  return out;
}

/** The first `n` code points of a run of pieces, and the rest. */
function cut(pieces: readonly Piece[], n: number): [Piece[], Piece[]] {
  const head: Piece[] = [];
  const tail: Piece[] = [];
  let left = n;
  for (const piece of pieces) {
    const chars = [...piece.text];
    if (left >= chars.length) {
      head.push(piece);
      left -= chars.length;
    } else if (left > 0) {
      head.push({ ...piece, text: chars.slice(0, left).join("") });
      tail.push({ ...piece, text: chars.slice(left).join("") });
      left = 0;
    } else tail.push(piece);
  }
  return [head, tail];
}

function merge(pieces: readonly Piece[]): Inline[] {
  const out: Inline[] = [];
  for (const piece of pieces) {
    const last = out[out.length - 1];
    if (last && last.kind === piece.kind && last.url === piece.url) last.text += piece.text;
    else out.push({ ...piece });
  }
  return out;
}
