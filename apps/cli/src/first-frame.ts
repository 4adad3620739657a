/**
 * The plain first frame: what `picasso` shows before Ink, React and the TUI have loaded.
 *
 * main.ts draws it when the command will open the TUI — both ends are terminals and every
 * argument is one of `TUI_FLAGS` (anything else, even a flag the TUI accepts, goes the ordinary
 * way: it may be a subcommand, headless mode or a mistake commander will report). Then:
 * 1. type-ahead is taken at once (`@picasso/tui/type-ahead`): raw mode on, so keys typed from here
 *    on are not echoed over the frame, and what was typed before, in cooked mode, is kept for the
 *    prompt with its Enters as Enters;
 * 2. the frame is written: the prompt box across the terminal's width, as the TUI draws it, and a
 *    "starting…" line where the status line will be; the cursor waits in the prompt;
 * 3. the first write to stdout or stderr after it — Ink's first frame, or a one-line error if the
 *    command fails before the TUI starts — first moves back to where the frame began and clears
 *    its lines, so Ink draws in its place (no second box, no flicker) and an error
 *    does not land on top of it. At exit without any such write the frame is erased all the same.
 */
import { isatty } from "node:tty";
import { keepTypeAhead } from "@picasso/tui/type-ahead";

/** The root command's options that still open the TUI, and whether each takes a value (run.ts). */
export const TUI_FLAGS: Readonly<Record<string, boolean>> = {
  "--provider": true,
  "--model": true,
  "--mock-script": true,
  "-c": false,
  "--continue": false,
  "-r": true,
  "--resume": true,
  "--sandbox": true,
  "--mode": true,
};

/** Whether `args` (argv after the script) open the TUI on this process's terminal. */
export function opensTui(args: readonly string[], terminal = isatty(0) && isatty(1)): boolean {
  if (!terminal) return false;
  for (let i = 0; i < args.length; i++) {
    const [flag, inline] = splitFlag(args[i] as string);
    const takesValue = TUI_FLAGS[flag];
    if (takesValue === undefined || (!takesValue && inline !== undefined)) return false;
    if (takesValue && inline === undefined) i += 1; // the value is the next word
  }
  return true;
}

function splitFlag(word: string): [string, string | undefined] {
  const eq = word.startsWith("--") ? word.indexOf("=") : -1;
  return eq === -1 ? [word, undefined] : [word.slice(0, eq), word.slice(eq + 1)];
}

const GREY = (s: string, color: boolean) => (color ? `\x1b[90m${s}\x1b[39m` : s);
const CYAN = (s: string, color: boolean) => (color ? `\x1b[36m${s}\x1b[39m` : s);
const DIM = (s: string, color: boolean) => (color ? `\x1b[2m${s}\x1b[22m` : s);

/** The frame's lines for a terminal `width` columns wide (the TUI's prompt box, then a status). */
export function firstFrameLines(width: number, color: boolean): string[] {
  const inner = width - 2;
  return [
    GREY(`╭${"─".repeat(inner)}╮`, color),
    `${GREY("│", color)} ${CYAN("› ", color)}${" ".repeat(inner - 3)}${GREY("│", color)}`,
    GREY(`╰${"─".repeat(inner)}╯`, color),
    DIM("starting…", color),
  ];
}

/**
 * From the cursor's place in the prompt back to the frame's first column, each of its `lines`
 * cleared on its own and the cursor back at the start. Line by line, not "erase below": tmux
 * copies a screen erased from its top-left corner into the scrollback.
 */
export function eraseFrame(lines: number): string {
  return `\r\x1b[1A${Array(lines).fill("\x1b[2K").join("\x1b[1B")}\x1b[${lines - 1}A`;
}

export function drawFirstFrame(
  stdin: NodeJS.ReadStream = process.stdin,
  stdout: NodeJS.WriteStream = process.stdout,
  stderr: NodeJS.WriteStream = process.stderr,
  env: NodeJS.ProcessEnv = process.env,
): void {
  const width = stdout.columns ?? 0;
  if (width < 10) return;
  keepTypeAhead(stdin);
  const color = env.NO_COLOR === undefined || env.NO_COLOR === "";
  // The lines without a final line break; then up to the prompt line, just after "│ › ".
  const lines = firstFrameLines(width, color);
  stdout.write(`${lines.join("\n")}\x1b[${lines.length - 2}A\r\x1b[4C`);
  const streams = [stdout, stderr];
  const own = streams.map((stream) => (Object.hasOwn(stream, "write") ? stream.write : undefined));
  let erased = false;
  const erase = () => {
    if (erased) return;
    erased = true;
    streams.forEach((stream, i) => {
      const write = own[i];
      if (write) stream.write = write;
      else delete (stream as { write?: unknown }).write; // back to the prototype's
    });
    process.off("exit", erase);
    stdout.write(eraseFrame(lines.length));
  };
  for (const stream of streams)
    stream.write = ((...args: unknown[]) => {
      erase();
      return (stream.write as (...a: unknown[]) => boolean)(...args);
    }) as typeof stream.write;
  process.on("exit", erase);
}
