/**
 * One process per session. A session's log is written by exactly one Picasso at a time: opening
 * a session (new or resumed) takes `<session-id>.lock` beside its log — holding the owner's pid,
 * its start time and the boot id — and closing releases it. A second `--continue`/`--resume` of a
 * session that is open elsewhere is refused with one line naming the other process; interleaved
 * writes never happen.
 *
 * The lock file appears whole or not at all: the owner record is written to a draft file of this
 * process (`<lock>.<pid>.draft`), which is then hard-linked to the lock's name — the link fails
 * when the lock exists, so creation is exclusive, and nobody ever sees the lock empty. (Where the
 * filesystem has no hard links, the lock is created exclusively and then written, as before.)
 *
 * A lock whose owner is gone (crashed, killed, another boot, the pid reused by another program)
 * is stale: it is taken over, and said so. A lock file that is empty or unreadable was left by a
 * process that died while writing it — or is being written right now (another Picasso version,
 * a filesystem without hard links): it is taken over only once it is older than
 * `UNWRITTEN_LOCK_GRACE_MS`; before that the open is refused ("try again"). A lock that vanishes
 * between the two looks (its owner just closed) is simply taken.
 * (Two processes taking over the same stale lock in the same instant is not guarded against.)
 * A folder where no file can be created (read-only filesystem, no permission, full disk) gives an
 * `unheld` lock: the log cannot be written there either (the session log says so in one line), so
 * no two writers can interleave, and the session still runs.
 */
import {
  closeSync,
  linkSync,
  openSync,
  readFileSync,
  type Stats,
  statSync,
  unlinkSync,
  writeFileSync,
  writeSync,
} from "node:fs";
import { UserError } from "@picasso/protocol/basics";
import { bootId, processAlive, processStartTime } from "@picasso/workspace";
import { isUnwritableFolderError } from "./unwritable-folder.js";

/** How long an empty or unreadable lock file may still be in the middle of being written. */
export const UNWRITTEN_LOCK_GRACE_MS = 10_000;

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

  /**
   * Take the lock, or throw a `UserError`: `openElsewhere(pid)` words the refusal when a live
   * picasso holds it (default: close it there, or start a new session).
   */
  static acquire(
    path: string,
    sessionId: string,
    openElsewhere: (pid: number) => string = (pid) =>
      `session ${sessionId} is open in another picasso (pid ${pid}); close it there, or start a new session`,
  ): SessionLock {
    const me: LockOwner = { pid: process.pid, start: processStartTime(process.pid), boot: bootId() };
    const busy = () =>
      new UserError(`session ${sessionId} is being opened by another picasso right now; try again`);
    const made = create(path, me);
    if (made === "unwritable") return new SessionLock(path, undefined, true);
    if (made) return new SessionLock(path, undefined);
    const owner = readOwner(path);
    if (owner === "gone") {
      if (create(path, me) === true) return new SessionLock(path, undefined);
      throw busy();
    }
    if (owner === "unwritten") throw busy();
    if (owner && ownerAlive(owner)) throw new UserError(openElsewhere(owner.pid));
    try {
      unlinkSync(path); // stale: its owner is gone
    } catch {
      // gone already
    }
    if (create(path, me) === true) return new SessionLock(path, owner?.pid);
    throw busy();
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
  const record = JSON.stringify(me);
  const draft = `${path}.${process.pid}.draft`;
  try {
    writeFileSync(draft, record);
  } catch (error) {
    if (isUnwritableFolderError(error)) return "unwritable";
    throw error;
  }
  try {
    linkSync(draft, path);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EEXIST") return false;
    // No hard links here (some network and FUSE filesystems): create, then write.
    return createThenWrite(path, record);
  } finally {
    try {
      unlinkSync(draft);
    } catch {
      // already gone
    }
  }
}

function createThenWrite(path: string, record: string): boolean | "unwritable" {
  let fd: number;
  try {
    fd = openSync(path, "wx");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EEXIST") return false;
    if (isUnwritableFolderError(error)) return "unwritable";
    throw error;
  }
  try {
    writeSync(fd, record);
  } finally {
    closeSync(fd);
  }
  return true;
}

/**
 * The owner the lock names; "gone" when the file no longer exists; "unwritten" when it is empty
 * or unreadable and young enough to be in the middle of being written; undefined when it is such
 * a file, older (its writer died mid-write).
 */
function readOwner(path: string): LockOwner | "gone" | "unwritten" | undefined {
  let info: Stats;
  let text: string;
  try {
    info = statSync(path);
    text = readFileSync(path, "utf8");
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "ENOENT" ? "gone" : undefined;
  }
  try {
    const owner = JSON.parse(text) as Partial<LockOwner>;
    if (typeof owner.pid === "number")
      return { pid: owner.pid, start: String(owner.start ?? ""), boot: String(owner.boot ?? "") };
  } catch {
    // empty or half-written
  }
  return Date.now() - info.mtimeMs < UNWRITTEN_LOCK_GRACE_MS ? "unwritten" : undefined;
}

function ownerAlive(owner: LockOwner): boolean {
  if (owner.pid === process.pid && owner.start === processStartTime(process.pid)) return true;
  if (owner.boot && owner.boot !== bootId()) return false;
  if (!processAlive(owner.pid)) return false;
  return !owner.start || owner.start === processStartTime(owner.pid);
}
