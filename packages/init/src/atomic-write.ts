/**
 * Writing AGENTS.md so that it is never half-written: the text goes to a temporary file beside it
 * (created exclusively, flushed to disk), which is then renamed over the old one — a reader sees
 * the old file or the new one, never a mix, and a crash leaves at most a stray temporary file.
 * The old file's permission bits are kept. A read-only AGENTS.md is not replaced (rename would
 * go around its mode): it is refused — a file no one may write, even when Picasso runs as root — as is a folder or a FIFO in its place. An AGENTS.md that is
 * a symbolic link is written through: its target inside the workspace is replaced, so the link
 * stays (CLAUDE.md → AGENTS.md setups keep working); a link leading out of the workspace is
 * refused. Failures are one-line `UserError`s naming the file and the system's reason.
 */
import { randomBytes } from "node:crypto";
import {
  accessSync,
  closeSync,
  constants,
  fchmodSync,
  fsyncSync,
  lstatSync,
  openSync,
  realpathSync,
  renameSync,
  type Stats,
  statSync,
  unlinkSync,
  writeSync,
} from "node:fs";
import { basename, dirname, join, relative } from "node:path";
import { UserError } from "@picasso/protocol";
import { describeNonFile } from "@picasso/workspace";

function reason(error: unknown): string {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === "EACCES" || code === "EPERM") return `permission denied (${code})`;
  if (code === "EROFS") return "read-only file system (EROFS)";
  if (code === "ENOSPC") return "no space left on the device (ENOSPC)";
  return code ?? (error as Error).message;
}

function statOrUndefined(path: string, follow: boolean): Stats | undefined {
  try {
    return follow ? statSync(path) : lstatSync(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw new UserError(`${path}: not written: ${reason(error)}`);
  }
}

/** Where `path` is really written: itself, or its symlink's target inside `root`. */
function destination(root: string, path: string, shown: string): string {
  const link = statOrUndefined(path, false);
  if (!link?.isSymbolicLink()) return path;
  let target: string;
  try {
    target = realpathSync(path);
  } catch {
    throw new UserError(`${shown} is a symbolic link to nothing: not written`);
  }
  const inside = relative(realpathSync(root), target);
  if (inside.startsWith("..") || inside === "")
    throw new UserError(`${shown} is a symbolic link out of the workspace (${target}): not written`);
  return target;
}

/** Replace `path` (a file of the workspace `root`; `shown` names it in messages) with `text`, atomically. */
export function writeFileAtomically(root: string, path: string, text: string, shown = basename(path)): void {
  const target = destination(root, path, shown);
  const existing = statOrUndefined(target, true);
  if (existing && !existing.isFile())
    throw new UserError(`${shown} is ${describeNonFile(existing)}: not written`);
  if (existing) {
    // A file without write permission for anyone was made read-only on purpose (even root keeps off).
    if ((existing.mode & 0o222) === 0)
      throw new UserError(
        `${shown} is read-only (mode ${(existing.mode & 0o777).toString(8)}): nothing written; make it writable first`,
      );
    try {
      accessSync(target, constants.W_OK);
    } catch (error) {
      throw new UserError(`${shown} is not writable: ${reason(error)}; nothing written`);
    }
  }
  const temp = join(
    dirname(target),
    `.${basename(target)}.${process.pid}-${randomBytes(4).toString("hex")}.tmp`,
  );
  let fd: number | undefined;
  try {
    fd = openSync(temp, "wx", existing ? existing.mode & 0o7777 : 0o644);
    const bytes = Buffer.from(text, "utf8");
    let written = 0;
    while (written < bytes.length) written += writeSync(fd, bytes, written, bytes.length - written);
    if (existing) fchmodSync(fd, existing.mode & 0o7777);
    fsyncSync(fd);
    closeSync(fd);
    fd = undefined;
    renameSync(temp, target);
  } catch (error) {
    if (fd !== undefined) closeSync(fd);
    try {
      unlinkSync(temp);
    } catch {
      // Never created, or already renamed.
    }
    throw new UserError(
      `${shown} not written: ${reason(error)} in ${dirname(target)}; the old file is unchanged`,
    );
  }
}
