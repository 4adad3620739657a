/**
 * The terminal as Ink writes to it, with one change while a full-screen panel (/context, its
 * timeline) is open. A frame as tall as the terminal is Ink's full-screen case: it draws each
 * frame as "clear the terminal and its scrollback, then everything `<Static>` ever printed, then
 * the frame" — the whole transcript, so that the scrollback survives the clear. At 10,000
 * messages that is megabytes, written (and parsed by the terminal) for every key that scrolls
 * the panel. While a panel is open such a write is cut to what the terminal shows of it: the
 * clear, then the last `rows` lines (the frame, which is exactly the screen's height, App.tsx
 * `panelHeight`). What is on screen is the same; the scrollback is empty while the panel is open.
 * When the panel closes the frame is short again, and Ink's write of that frame (clear, the whole
 * transcript, the prompt) goes through whole: the conversation is back above the prompt and in
 * the scrollback, as before. Every other write passes through unchanged.
 */

/** Ink's full-screen redraw starts with this (ansi-escapes `clearTerminal`). */
export const CLEAR_TERMINAL = "\x1b[2J\x1b[3J\x1b[H";

export function panelScreen<T extends NodeJS.WriteStream>(stdout: T, panelOpen: () => boolean): T {
  const write = (chunk: unknown, ...rest: unknown[]): boolean => {
    const cut =
      typeof chunk === "string" && chunk.startsWith(CLEAR_TERMINAL) && panelOpen()
        ? CLEAR_TERMINAL + lastLines(chunk.slice(CLEAR_TERMINAL.length), stdout.rows ?? 24)
        : chunk;
    return (stdout.write as (...args: unknown[]) => boolean)(cut, ...rest);
  };
  return new Proxy(stdout, {
    get(target, property) {
      if (property === "write") return write;
      const value = Reflect.get(target, property, target);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}

/** The last `rows` lines of `text` (all of it when it has no more). */
export function lastLines(text: string, rows: number): string {
  let at = text.length;
  for (let n = 0; n < rows; n++) {
    at = text.lastIndexOf("\n", at - 1);
    if (at < 0) return text;
  }
  return text.slice(at + 1);
}
