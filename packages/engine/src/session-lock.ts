/**
 * One process per session. A session's log is written by exactly one Picasso at a time: opening
 * a session (new or resumed) takes `<session-id>.lock` beside its log — created exclusively, holding
 * the owner's pid, its start time and the boot id — and closing releases it. A second
 * `--continue`/`--resume` of a session that is open elsewhere is refused with one line naming
 * the other process; interleaved writes never happen. A lock whose owner is gone (crashed, killed,
 * another boot, the pid reused by another program) is stale: it is taken over, and said so.
 * (Two processes taking over the same stale lock in the same instant is not guarded against.)
 * A folder where no file can be created (read-only filesystem, no permission, full disk) gives an
 * `unheld` lock: the log cannot be written there either (the session log says so in one line), so
 * no two writers can interleave, and the session still runs.
 */
import { closeSync, openSync, readFileSync, unlinkSync, writeSync } from "node:fs";
import { UserError } from "@picasso/protocol/basics";
import { bootId, processAlive, processStartTime } from "@picasso/workspace";
import { isUnwritableFolderError } from "./unwritable-folder.js";

interface LockOwner {
  pid: number;
  start: string;
  boot: string;
}

export class SessionLock {
  private released = false;

  private constructor(
    readonly path: string,
    /** Set when a stale lock was taken over: who held it. */
    readonly tookOverFrom: number | undefined,
    /** No lock file could be created: its folder is not writable. */
    readonly unheld = false,
  ) {}

  static acquire(path: string, sessionId: string): SessionLock {
    const me: LockOwner = { pid: process.pid, start: processStartTime(process.pid), boot: bootId() };
    const made = create(path, me);
    if (made === "unwritable") return new SessionLock(path, undefined, true);
    if (made) return new SessionLock(path, undefined);
    const owner = readOwner(path);
    if (owner && ownerAlive(owner))
      throw new UserError(
        `session ${sessionId} is open in another picasso (pid ${owner.pid}); close it there, or start a new session`,
      );
    try {
      unlinkSync(path); // stale: its owner is gone
    } catch {
      // gone already
    }
    if (create(path, me) === true) return new SessionLock(path, owner?.pid);
    throw new UserError(`session ${sessionId} is being opened by another picasso right now; try again`);
  }

  release(): void {
    if (this.released || this.unheld) return;
    this.released = true;
    try {
      unlinkSync(this.path);
    } catch {
      // already gone
    }
  }
}

/** Create the lock file exclusively; false when it exists, "unwritable" when the folder takes no file. */
function create(path: string, me: LockOwner): boolean | "unwritable" {
  let fd: number;
  try {
    fd = openSync(path, "wx");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EEXIST") return false;
    if (isUnwritableFolderError(error)) return "unwritable";
    throw error;
  }
  try {
    writeSync(fd, JSON.stringify(me));
  } finally {
    closeSync(fd);
  }
  return true;
}

function readOwner(path: string): LockOwner | undefined {
  try {
    const owner = JSON.parse(readFileSync(path, "utf8")) as Partial<LockOwner>;
    return typeof owner.pid === "number"
      ? { pid: owner.pid, start: String(owner.start ?? ""), boot: String(owner.boot ?? "") }
      : undefined;
  } catch {
    return undefined; // half-written or corrupt: its writer died mid-write
  }
}

function ownerAlive(owner: LockOwner): boolean {
  if (owner.pid === process.pid && owner.start === processStartTime(process.pid)) return true;
  if (owner.boot && owner.boot !== bootId()) return false;
  if (!processAlive(owner.pid)) return false;
  return !owner.start || owner.start === processStartTime(owner.pid);
}
