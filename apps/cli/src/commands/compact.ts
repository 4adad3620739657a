/**
 * `picasso compact [--continue | --resume ID]`: summarise the older history of a session into
 * one message (the originals stay in its log) and print what was removed. Continues the newest
 * session when neither flag is given.
 */
import { allowListApprover } from "@picasso/engine";
import { UserError } from "@picasso/protocol";
import type { Command } from "commander";
import { type SessionFlags, wireSession } from "../wiring.js";
import { addSessionOptions } from "./run.js";

export function register(program: Command): void {
  addSessionOptions(
    program.command("compact").description("compact a session's history into a summary"),
  ).action(async (flags: SessionFlags) => {
    const wired = await wireSession(
      { ...flags, continue: !flags.resume },
      { approver: allowListApprover([]), surfaceLabel: "compact" },
    );
    try {
      const result = await wired.session.compact();
      if (!result.compacted) throw new UserError(`nothing compacted: ${result.reason}`);
      process.stdout.write(
        `compacted session ${wired.session.id}: ${result.removedMessages} messages summarised, ` +
          `${result.bytesBefore} → ${result.bytesAfter} bytes of history\n`,
      );
    } finally {
      await wired.close("compact");
    }
  });
}
