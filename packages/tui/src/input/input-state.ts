/**
 * The prompt editor as a pure value: text, cursor (an index into `text`) and the submitted
 * history with a browsing position. Every edit returns a new state; nothing here renders.
 * History: ↑ on the first line steps back through earlier prompts (the draft is kept and
 * restored when ↓ walks past the newest); ↑/↓ inside a multi-line text move between lines.
 * Pasting inserts the whole chunk in one edit, so a large paste costs one state change.
 */

export interface InputState {
  text: string;
  cursor: number;
  history: readonly string[];
  /** Index into history while browsing, or undefined when editing the draft. */
  browsing: number | undefined;
  draft: string;
}

export const EMPTY_INPUT: InputState = { text: "", cursor: 0, history: [], browsing: undefined, draft: "" };

export function withHistory(history: readonly string[]): InputState {
  return { ...EMPTY_INPUT, history };
}

export function insertText(s: InputState, inserted: string): InputState {
  const text = s.text.slice(0, s.cursor) + inserted + s.text.slice(s.cursor);
  return { ...s, text, cursor: s.cursor + inserted.length };
}

export function setText(s: InputState, text: string): InputState {
  return { ...s, text, cursor: text.length };
}

export function backspace(s: InputState): InputState {
  if (s.cursor === 0) return s;
  const cut = previousCharStart(s.text, s.cursor);
  return { ...s, text: s.text.slice(0, cut) + s.text.slice(s.cursor), cursor: cut };
}

export function deleteForward(s: InputState): InputState {
  if (s.cursor >= s.text.length) return s;
  const end = s.cursor + (isHighSurrogate(s.text.charCodeAt(s.cursor)) ? 2 : 1);
  return { ...s, text: s.text.slice(0, s.cursor) + s.text.slice(end) };
}

export function deleteWordBack(s: InputState): InputState {
  const before = s.text.slice(0, s.cursor).replace(/\S+\s*$/, "");
  return { ...s, text: before + s.text.slice(s.cursor), cursor: before.length };
}

export function moveCursor(s: InputState, where: "left" | "right" | "home" | "end"): InputState {
  const { start, end } = currentLine(s);
  switch (where) {
    case "left":
      return { ...s, cursor: s.cursor === 0 ? 0 : previousCharStart(s.text, s.cursor) };
    case "right":
      return {
        ...s,
        cursor: Math.min(s.text.length, s.cursor + (isHighSurrogate(s.text.charCodeAt(s.cursor)) ? 2 : 1)),
      };
    case "home":
      return { ...s, cursor: start };
    case "end":
      return { ...s, cursor: end };
  }
}

/** ↑: previous line of a multi-line text, else the previous history entry. */
export function up(s: InputState): InputState {
  const { start } = currentLine(s);
  if (start > 0) {
    const column = s.cursor - start;
    const prevStart = s.text.lastIndexOf("\n", start - 2) + 1;
    return { ...s, cursor: Math.min(prevStart + column, start - 1) };
  }
  if (s.history.length === 0) return s;
  const index = s.browsing === undefined ? s.history.length - 1 : Math.max(0, s.browsing - 1);
  const draft = s.browsing === undefined ? s.text : s.draft;
  const text = s.history[index] ?? "";
  return { ...s, browsing: index, draft, text, cursor: text.length };
}

/** ↓: next line of a multi-line text, else the next history entry (then back to the draft). */
export function down(s: InputState): InputState {
  const { end } = currentLine(s);
  if (end < s.text.length) {
    const column = s.cursor - currentLine(s).start;
    const nextStart = end + 1;
    const nextEnd = s.text.indexOf("\n", nextStart);
    return { ...s, cursor: Math.min(nextStart + column, nextEnd === -1 ? s.text.length : nextEnd) };
  }
  if (s.browsing === undefined) return s;
  if (s.browsing >= s.history.length - 1)
    return { ...s, browsing: undefined, text: s.draft, cursor: s.draft.length, draft: "" };
  const index = s.browsing + 1;
  const text = s.history[index] ?? "";
  return { ...s, browsing: index, text, cursor: text.length };
}

/** Enter: the text to send (undefined when blank) and the cleared state with it in history. */
export function submit(s: InputState): { state: InputState; value: string | undefined } {
  const value = s.text.trim() === "" ? undefined : s.text;
  if (value === undefined) return { state: s, value };
  const history = s.history[s.history.length - 1] === value ? s.history : [...s.history, value];
  return { state: { ...EMPTY_INPUT, history }, value };
}

/** The word being typed at the cursor (from the last whitespace), for `@path` and `/` completion. */
export function wordAtCursor(s: InputState): { word: string; start: number } {
  const before = s.text.slice(0, s.cursor);
  const start = Math.max(before.lastIndexOf(" "), before.lastIndexOf("\n"), before.lastIndexOf("\t")) + 1;
  return { word: before.slice(start), start };
}

/** Replace the word at the cursor with `replacement`. */
export function replaceWord(s: InputState, replacement: string): InputState {
  const { start } = wordAtCursor(s);
  const text = s.text.slice(0, start) + replacement + s.text.slice(s.cursor);
  return { ...s, text, cursor: start + replacement.length };
}

function currentLine(s: InputState): { start: number; end: number } {
  const start = s.text.lastIndexOf("\n", s.cursor - 1) + 1;
  const found = s.text.indexOf("\n", s.cursor);
  return { start, end: found === -1 ? s.text.length : found };
}

function isHighSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff;
}

function previousCharStart(text: string, cursor: number): number {
  const code = text.charCodeAt(cursor - 1);
  return code >= 0xdc00 && code <= 0xdfff && cursor >= 2 ? cursor - 2 : cursor - 1;
}
