/**
 * Raw terminal input → one `KeyPress`. Ink splits stdin into chunks (one escape sequence, or a
 * run of plain text — a paste arrives as one chunk); this decides what each chunk means for the
 * TUI. Keys: Enter `\r` submits; Alt+Enter `\x1b\r` and Ctrl+J `\n` insert a newline; Shift+Tab
 * `\x1b[Z` cycles the mode; Esc, Ctrl+C `\x03`, Ctrl+D `\x04`, Ctrl+O `\x0f`, arrows, Home/End,
 * Backspace (`\x7f` or `\b`), Delete `\x1b[3~`, Tab. A text chunk ending in one `\r` with no
 * other line break is "typed text then Enter" (terminals and tmux may deliver both in one read);
 * any other `\r` inside text is a pasted line break and becomes `\n`.
 *
 * `KeyDecoder` adds bracketed paste (paste-mode.ts): once the TUI has asked the terminal to mark
 * pastes (`ESC[200~` … `ESC[201~`), text between the marks is pasted text — its line breaks stay
 * newlines — and every `\r` outside them is an Enter, even when the terminal delivers it in one
 * read with what was typed next (`hello⏎world⏎` typed ahead, or fast typing while the TUI is
 * busy). Without the marks the one-chunk rule above stands.
 */

export type KeyName =
  | "submit"
  | "newline"
  | "shift-tab"
  | "tab"
  | "escape"
  | "ctrl-c"
  | "ctrl-d"
  | "ctrl-o"
  | "ctrl-u"
  | "ctrl-a"
  | "ctrl-e"
  | "ctrl-w"
  | "up"
  | "down"
  | "left"
  | "right"
  | "home"
  | "end"
  | "backspace"
  | "delete"
  | "page-up"
  | "page-down";

export type KeyPress =
  | { kind: "key"; name: KeyName }
  | { kind: "text"; text: string; submit?: boolean }
  | { kind: "ignored"; raw: string };

const SEQUENCES: Record<string, KeyName> = {
  "\r": "submit",
  "\x1b\r": "newline",
  "\n": "newline",
  "\x1b[Z": "shift-tab",
  "\t": "tab",
  "\x1b": "escape",
  "\x1b\x1b": "escape",
  "\x03": "ctrl-c",
  "\x04": "ctrl-d",
  "\x0f": "ctrl-o",
  "\x15": "ctrl-u",
  "\x01": "ctrl-a",
  "\x05": "ctrl-e",
  "\x17": "ctrl-w",
  "\x1b[A": "up",
  "\x1bOA": "up",
  "\x1b[B": "down",
  "\x1bOB": "down",
  "\x1b[C": "right",
  "\x1bOC": "right",
  "\x1b[D": "left",
  "\x1bOD": "left",
  "\x1b[H": "home",
  "\x1bOH": "home",
  "\x1b[1~": "home",
  "\x1b[F": "end",
  "\x1bOF": "end",
  "\x1b[4~": "end",
  "\x7f": "backspace",
  "\b": "backspace",
  "\x1b[3~": "delete",
  "\x1b[5~": "page-up",
  "\x1b[6~": "page-down",
};

export function decodeKey(raw: string): KeyPress {
  const named = SEQUENCES[raw];
  if (named) return { kind: "key", name: named };
  if (raw.startsWith("\x1b")) return { kind: "ignored", raw };
  // Drop other control characters but keep tabs and line breaks inside pasted text.
  const clean = raw.replace(/[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]/g, "");
  if (clean === "") return { kind: "ignored", raw };
  const breaks = (clean.match(/\r\n|\r|\n/g) ?? []).length;
  if (clean.endsWith("\r") && breaks === 1) return { kind: "text", text: clean.slice(0, -1), submit: true };
  return { kind: "text", text: clean.replace(/\r\n|\r/g, "\n") };
}

const PASTE_START = "\x1b[200~";
const PASTE_END = "\x1b[201~";

/** Decodes the input stream's chunks with the state bracketed paste needs. */
export class KeyDecoder {
  private pasting = false;

  constructor(private readonly bracketedPaste: boolean) {}

  decode(raw: string): KeyPress[] {
    if (raw === PASTE_START) {
      this.pasting = true;
      return [];
    }
    if (raw === PASTE_END) {
      this.pasting = false;
      return [];
    }
    if (this.pasting) {
      const clean = raw.replace(/[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]/g, "").replace(/\r\n|\r/g, "\n");
      return clean === "" ? [] : [{ kind: "text", text: clean }];
    }
    if (!this.bracketedPaste || SEQUENCES[raw] || raw.startsWith("\x1b") || !raw.includes("\r"))
      return [decodeKey(raw)];
    // Outside a paste each Enter submits: split the chunk at every `\r`.
    const keys: KeyPress[] = [];
    const parts = raw.split("\r");
    parts.forEach((part, i) => {
      const last = i === parts.length - 1;
      const text = part.replace(/[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]/g, "");
      if (text !== "") keys.push(last ? { kind: "text", text } : { kind: "text", text, submit: true });
      else if (!last) keys.push({ kind: "key", name: "submit" });
    });
    return keys;
  }
}
