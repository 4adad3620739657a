/**
 * The prompt of `picasso -p`, from its argument and stdin:
 * - `-p -`: the prompt is all of stdin, read to its end (a terminal there is a mistake);
 * - `-p TEXT` with stdin a pipe or a file (`make 2>&1 | picasso -p "why?"`, `picasso -p … < log`):
 *   stdin is read to its end and appended as context, exactly
 *   `TEXT + "\n\n<stdin>\n" + STDIN + "\n</stdin>"` (one final newline of STDIN dropped); empty
 *   stdin adds nothing;
 * - otherwise stdin is not read: a terminal, `/dev/null`, or a socket — what a program's spawn
 *   gives, often left open forever — so `picasso -p` never waits on input nobody sends.
 * Waiting for the end of stdin longer than `WAIT_NOTICE_MS` prints one stderr line saying so.
 * Stdin with NUL bytes is refused: it is binary, not a prompt.
 * There is no length limit here (Linux limits one argument to 128 KB; stdin has none).
 */
import { fstatSync } from "node:fs";
import { UserError } from "@picasso/protocol";

export const WAIT_NOTICE_MS = 3000;

export interface StdinSource {
  /** `terminal`: a TTY; `pipe`: a pipe or a regular file; `other`: anything else (not read unless `-p -`). */
  kind: "terminal" | "pipe" | "other";
  /** All of stdin, until its end. */
  readAll(): Promise<Buffer>;
}

export async function headlessPrompt(
  arg: string,
  stdin: StdinSource,
  notice: (line: string) => void,
): Promise<string> {
  if (arg === "-") {
    if (stdin.kind === "terminal")
      throw new UserError("-p -: stdin is a terminal; pipe the prompt in, e.g. picasso -p - < task.md");
    const prompt = await read(stdin, notice, "the prompt");
    if (prompt.trim() === "")
      throw new UserError("-p -: stdin was empty; pipe the prompt in, e.g. picasso -p - < task.md");
    return prompt;
  }
  if (arg.trim() === "")
    throw new UserError('-p: the prompt is empty; pass the task, e.g. -p "fix the tests"');
  if (stdin.kind !== "pipe") return arg;
  const context = await read(stdin, notice, "context for the prompt");
  return context === "" ? arg : `${arg}\n\n<stdin>\n${context.replace(/\n$/, "")}\n</stdin>`;
}

async function read(stdin: StdinSource, notice: (line: string) => void, what: string): Promise<string> {
  const timer = setTimeout(
    () => notice(`reading stdin as ${what} until it ends (redirect it from /dev/null to skip)`),
    WAIT_NOTICE_MS,
  );
  let bytes: Buffer;
  try {
    bytes = await stdin.readAll();
  } finally {
    clearTimeout(timer);
  }
  if (bytes.includes(0)) throw new UserError("stdin: binary content (NUL bytes); pipe text to picasso -p");
  return bytes.toString("utf8");
}

/** The process's stdin as a `StdinSource`. */
export function processStdin(): StdinSource {
  let kind: StdinSource["kind"] = "other";
  if (process.stdin.isTTY) kind = "terminal";
  else
    try {
      const stat = fstatSync(0);
      if (stat.isFIFO() || stat.isFile()) kind = "pipe";
    } catch {
      // No stdin at all (closed descriptor): nothing to read.
    }
  return {
    kind,
    async readAll() {
      const chunks: Buffer[] = [];
      for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
      return Buffer.concat(chunks);
    },
  };
}
