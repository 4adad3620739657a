/**
 * The provider and model a session last ran on, for `--continue` / `--resume` to reuse: the last
 * `session_start` event of its log (a session appends one each time it is opened, so a run that
 * switched providers with a flag is what the next resume continues on). The log is read line by
 * line and only lines that name `session_start` are parsed; a torn or foreign line is skipped.
 */
import { createReadStream, realpathSync } from "node:fs";
import { resolve } from "node:path";
import { createInterface } from "node:readline";
import { findSessionLog } from "./session-paths.js";

export interface SessionOrigin {
  provider: string;
  model: string;
}

/** Resolves `--continue` (`"newest"`) or `--resume ID` like opening the session does; a UserError when there is none. */
export async function resumedSessionOrigin(
  picassoHome: string,
  workspaceRoot: string,
  which: { id: string } | "newest",
): Promise<SessionOrigin | undefined> {
  let root = resolve(workspaceRoot);
  try {
    root = realpathSync(root);
  } catch {
    // Opening the session resolves the same way: a path that does not resolve is used as given.
  }
  return sessionOrigin(findSessionLog(picassoHome, root, which).path);
}

export async function sessionOrigin(logPath: string): Promise<SessionOrigin | undefined> {
  let origin: SessionOrigin | undefined;
  const lines = createInterface({ input: createReadStream(logPath), crlfDelay: Number.POSITIVE_INFINITY });
  for await (const line of lines) {
    if (!line.includes('"session_start"')) continue;
    try {
      const event = JSON.parse(line) as { type?: unknown; provider?: unknown; model?: unknown };
      if (
        event.type === "session_start" &&
        typeof event.provider === "string" &&
        typeof event.model === "string"
      )
        origin = { provider: event.provider, model: event.model };
    } catch {
      // A torn line: resuming reports it; here it only does not count.
    }
  }
  return origin;
}
