/**
 * Following a workspace file as `tail -F` does: from its end when the monitor starts (or from
 * its start when asked, or when it does not exist yet), then what is appended. Each `read` looks
 * at the file afresh:
 * - truncated (smaller than what was read) → read again from the start;
 * - rotated (another file now has the name: another inode) → read the new one from its start;
 * - gone → nothing for now (a rotation may put it back);
 * - its real path left the workspace (a symlink swapped in) or it is no regular file (a FIFO
 *   would block, a device never ends) → nothing is read, and `refused` says why.
 * At most `limit` bytes a read; bytes cut inside a UTF-8 character wait for the rest.
 */

import { constants } from "node:fs";
import { open, realpath, stat } from "node:fs/promises";
import { StringDecoder } from "node:string_decoder";

export interface FollowRead {
  text: string;
  /** Why the file cannot be followed (it stays refused until it is a workspace file again). */
  refused?: string;
  /** The file was truncated or replaced since the last read: lines in progress are void. */
  restarted?: boolean;
}

export class FileFollower {
  private offset = 0;
  private inode: number | undefined;
  private decoder = new StringDecoder("utf8");

  constructor(
    readonly path: string,
    /** Whether a real path may be read (inside the workspace). */
    private readonly allowed: (realPath: string) => boolean,
  ) {}

  /** Start at the file's end (`fromStart`: at its start); a missing file is read from its start once it appears. */
  async begin(fromStart: boolean): Promise<void> {
    const info = await stat(this.path).catch(() => undefined);
    if (!info?.isFile()) return;
    this.inode = info.ino;
    this.offset = fromStart ? 0 : info.size;
  }

  async read(limit: number): Promise<FollowRead> {
    const real = await realpath(this.path).catch(() => undefined);
    if (real === undefined) return { text: "" };
    if (!this.allowed(real)) return { text: "", refused: `${this.path} now points outside the workspace` };
    const info = await stat(real).catch(() => undefined);
    if (!info) return { text: "" };
    if (!info.isFile()) return { text: "", refused: `${this.path} is not a regular file` };
    let restarted = false;
    if (this.inode !== undefined && (info.ino !== this.inode || info.size < this.offset)) {
      this.offset = 0;
      this.decoder = new StringDecoder("utf8");
      restarted = true;
    }
    this.inode = info.ino;
    const length = Math.min(info.size - this.offset, limit);
    if (length <= 0) return { text: "", restarted };
    // O_NONBLOCK: should a FIFO be swapped in between the stat and the open, the open does not hang.
    const handle = await open(real, constants.O_RDONLY | constants.O_NONBLOCK);
    try {
      const buffer = Buffer.alloc(length);
      const { bytesRead } = await handle.read(buffer, 0, length, this.offset);
      this.offset += bytesRead;
      return { text: this.decoder.write(buffer.subarray(0, bytesRead)), restarted };
    } finally {
      await handle.close();
    }
  }
}
