/**
 * Hard line breaks inside runs wider than the width, for text that Ink wraps itself (a prompt
 * in the history). Ink's word wrapping (wrap-ansi) measures and copies a word wider than the
 * line one character at a time, superlinearly: 200 KB of base64 took minutes. Here every run of
 * characters other than space and line break that is longer than `width` gets a line break after
 * each `width` characters, in one pass; then no word Ink sees is wider than the line, and its
 * wrapping is linear. Text whose runs all fit is returned unchanged (the same string), so normal
 * text wraps exactly as before; a long run now starts where Ink puts a word that does not fit —
 * on the next row — rather than filling the rest of the current one.
 * Widths count code points (a surrogate pair is one and is never split), as wrap-spans.ts does.
 */

const SPACE = 0x20;
const LINE_BREAK = 0x0a;

export function breakLongRuns(text: string, width: number): string {
  const room = Math.max(1, Math.floor(width));
  if (text.length <= room) return text;
  const pieces: string[] = [];
  let pieceStart = 0;
  let run = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code === SPACE || code === LINE_BREAK) {
      run = 0;
      continue;
    }
    if (isLowSurrogate(code) && i > 0 && isHighSurrogate(text.charCodeAt(i - 1))) continue;
    if (run === room) {
      pieces.push(text.slice(pieceStart, i), "\n");
      pieceStart = i;
      run = 0;
    }
    run++;
  }
  if (pieces.length === 0) return text;
  pieces.push(text.slice(pieceStart));
  return pieces.join("");
}

function isHighSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff;
}

function isLowSurrogate(code: number): boolean {
  return code >= 0xdc00 && code <= 0xdfff;
}
