/**
 * Terminal output as text for the model: ANSI escape sequences (colours, cursor moves, titles)
 * removed, CRLF made LF, and a line redrawn with carriage returns (progress bars, prompts that
 * repaint) reduced to what it shows last.
 */

// CSI … final byte; OSC … BEL or ST; DCS/SOS/PM/APC … ST; two-byte escapes; other C0 controls but \t \n \r.
const ANSI =
  /\x1b\[[0-?]*[ -/]*[@-~]|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)|\x1b[PX^_][^\x1b]*\x1b\\|\x1b[@-Z\\-_]|[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]/g;

export function terminalText(raw: string): string {
  return raw
    .replace(ANSI, "")
    .replace(/\r+\n/g, "\n")
    .split("\n")
    .map((line) => {
      const at = line.lastIndexOf("\r");
      return at < 0 ? line : line.slice(at + 1);
    })
    .join("\n");
}

/** Input keys a model can name, as the bytes a terminal sends for them. */
export const KEYS: Record<string, string> = {
  enter: "\r",
  tab: "\t",
  escape: "\x1b",
  backspace: "\x7f",
  up: "\x1b[A",
  down: "\x1b[B",
  right: "\x1b[C",
  left: "\x1b[D",
  "ctrl-c": "\x03",
  "ctrl-d": "\x04",
  "ctrl-z": "\x1a",
  "ctrl-l": "\x0c",
};
