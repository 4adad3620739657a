/**
 * Bracketed paste: the TUI asks the terminal to mark pasted text (`ESC[?2004h`), so a paste can be
 * told from typing (key-decoder.ts `KeyDecoder`), and turns it off when it leaves. Supported by
 * xterm-compatible terminals, tmux, iTerm2, Windows Terminal, VS Code; one that does not know the
 * request ignores it. Components learn whether it is on from `BracketedPasteContext`.
 */
import { createContext } from "react";

export const BRACKETED_PASTE_ON = "\x1b[?2004h";
export const BRACKETED_PASTE_OFF = "\x1b[?2004l";

/** True when the TUI asked the terminal for bracketed paste (a real TTY). */
export const BracketedPasteContext = createContext(false);

/** Ask `stdout` for bracketed paste; returns how to turn it off (once). */
export function enableBracketedPaste(stdout: NodeJS.WriteStream): () => void {
  if (!stdout.isTTY) return () => {};
  stdout.write(BRACKETED_PASTE_ON);
  let on = true;
  const off = () => {
    if (!on) return;
    on = false;
    stdout.write(BRACKETED_PASTE_OFF);
    process.off("exit", off);
  };
  // A crash or process.exit still leaves the terminal as it was.
  process.on("exit", off);
  return off;
}
