/**
 * Word-wrapping styled inline spans (inline-spans.ts) to a width, for replies. Ink wraps text
 * itself, but keeps the space it broke at as the first character of the next line; here a line
 * never starts or ends with the spaces it was broken at. A word is a run of non-space characters,
 * even across spans (`**bold**,` stays one word); a word longer than the width is cut hard, in
 * time linear in its length.
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
    if (unit.length <= room - used) {
      line.push(...unit.pieces);
      used += unit.length;
      continue;
    }
    // A word wider than the line is cut hard, in one pass over its characters: re-splitting the
    // rest of the word for every row made a megabyte of base64 take minutes.
    for (const piece of unit.pieces) {
      const chars = Array.from(piece.text);
      for (let at = 0; at < chars.length; ) {
        if (used === room) flush();
        const take = Math.min(room - used, chars.length - at);
        line.push(take === chars.length ? piece : { ...piece, text: chars.slice(at, at + take).join("") });
        used += take;
        at += take;
      }
    }
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

function merge(pieces: readonly Piece[]): Inline[] {
  const out: Inline[] = [];
  for (const piece of pieces) {
    const last = out[out.length - 1];
    if (last && last.kind === piece.kind && last.url === piece.url) last.text += piece.text;
    else out.push({ ...piece });
  }
  return out;
}
