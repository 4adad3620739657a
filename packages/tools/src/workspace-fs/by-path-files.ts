/**
 * Atomic file replacement: write a temporary file beside the target, then rename it over.
 *
 * A reader (or a crash) sees either the old bytes or the new ones, never half a file. The
 * temporary file lives in the same folder so the rename stays on one filesystem. The target's
 * permission bits are kept; parent folders are created when missing.
 */
import { randomBytes } from "node:crypto";
import { chmod, mkdir, rename, rm, stat, writeFile } from "node:fs/promises";
import { basename, dirname, join } from "node:path";

export async function writeFileAtomic(abs: string, data: string | Uint8Array): Promise<void> {
  const dir = dirname(abs);
  await mkdir(dir, { recursive: true });
  const temp = join(dir, `.${basename(abs)}.picasso-${randomBytes(6).toString("hex")}.tmp`);
  const previousMode = await stat(abs).then(
    (s) => s.mode & 0o7777,
    () => undefined,
  );
  try {
    await writeFile(temp, data, { flag: "wx" });
    if (previousMode !== undefined) await chmod(temp, previousMode);
    await rename(temp, abs);
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  }
}
