/**
 * `picasso context pin [text…] [--session ID]` and `picasso context unpin <n> [--session ID]`:
 * the user's pins of a saved session — decisions every compaction keeps (docs/lean-context.md
 * "Protected context"). With text, `pin` pins it; alone it lists the pins, numbered; `unpin n`
 * takes pin n off. `--session` is a session id of this workspace, a unique prefix of one, or a
 * log path (as `picasso context timeline` takes them); default the newest session.
 * The change is a `context_pin` event appended to the log under the session's lock
 * (`changeSavedPins`, @picasso/engine): a session open in a running picasso is refused in one line
 * (pin there with `/pin`) and its log is left as it was. Mistakes are one-line `UserError`s.
 */
import { basename } from "node:path";
import { changeSavedPins, pinList, savedPins } from "@picasso/engine";
import type { Command } from "commander";
import { resolveTimelineLog } from "./context-timeline.js";

export interface PinIo {
  cwd?: string;
  env?: NodeJS.ProcessEnv;
}

function sessionLog(session: string | undefined, io: PinIo): { path: string; id: string } {
  const path = resolveTimelineLog(session, {}, io);
  return { path, id: basename(path).replace(/\.jsonl$/, "") };
}

/** What `picasso context pin` prints. */
export async function pinOutput(
  words: string[],
  session: string | undefined,
  io: PinIo = {},
): Promise<string> {
  const { path, id } = sessionLog(session, io);
  const text = words.join(" ").trim();
  if (text === "") {
    const pins = await savedPins(path);
    return pins.length
      ? `Pinned in session ${id}:\n${pinList(pins)}\n`
      : `Nothing is pinned in session ${id}; picasso context pin <text> pins a decision every compaction keeps.\n`;
  }
  const pins = await changeSavedPins(path, id, { pin: text });
  return `Pinned in session ${id}; every compaction keeps:\n${pinList(pins)}\n`;
}

/** What `picasso context unpin <n>` prints. */
export async function unpinOutput(n: string, session: string | undefined, io: PinIo = {}): Promise<string> {
  const { path, id } = sessionLog(session, io);
  const pins = await changeSavedPins(path, id, { unpin: n });
  return `Unpinned in session ${id}; pinned now:\n${pinList(pins)}\n`;
}

/** Add `pin` and `unpin` under the `context` command. */
export function registerPins(context: Command): void {
  const sessionFlag = [
    "--session <id>",
    "a session id of this workspace, a unique prefix, or a log path (default: the newest)",
  ] as const;
  context
    .command("pin")
    .argument("[text...]", "the decision to pin; none lists the pins")
    .description("pin a decision in a saved session: every compaction keeps it (alone: list the pins)")
    .option(...sessionFlag)
    .action(async (words: string[], flags: { session?: string }) => {
      process.stdout.write(await pinOutput(words, flags.session));
    });
  context
    .command("unpin")
    .argument("<n>", "the pin's number, as `picasso context pin` lists them")
    .description("take pin n off a saved session")
    .option(...sessionFlag)
    .action(async (n: string, flags: { session?: string }) => {
      process.stdout.write(await unpinOutput(n, flags.session));
    });
}
