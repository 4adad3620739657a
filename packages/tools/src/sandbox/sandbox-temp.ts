/**
 * The sandbox's `/tmp`: one fresh folder per session under the system's temporary folder, named
 * after its owner — `picasso-sandbox-tmp-<pid>-<start time>-XXXXXX` — and removed when the
 * session closes. A session killed with SIGKILL cannot remove its own, so every new session first
 * sweeps the folders whose owner (the same pid AND start time, so a reused pid does not count) is
 * gone. A folder without an owner in its name (an older Picasso) is left alone. The sweep never
 * blocks: the system's temporary folder can be large, so it is read and cleaned asynchronously
 * while the session opens (nothing waits for it; its folders are no one's).
 */
import { mkdtempSync } from "node:fs";
import { readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { processAlive, processStartTime } from "@picasso/workspace";

const PREFIX = "picasso-sandbox-tmp-";
const OWNED = /^picasso-sandbox-tmp-(\d+)-(\d+)-/;

/** A new sandbox temporary folder owned by this process. */
export function createSandboxTemp(parent: string = tmpdir()): string {
  const start = processStartTime(process.pid) || "0";
  return mkdtempSync(join(parent, `${PREFIX}${process.pid}-${start}-`));
}

/** Remove the sandbox temporary folders whose owner process is gone; returns their paths. */
export async function sweepStaleSandboxTemps(parent: string = tmpdir()): Promise<string[]> {
  let names: string[];
  try {
    names = await readdir(parent);
  } catch {
    return [];
  }
  const removed: string[] = [];
  for (const name of names) {
    const owner = OWNED.exec(name);
    if (!owner) continue;
    const pid = Number(owner[1]);
    const alive = processAlive(pid) && (owner[2] === "0" || processStartTime(pid) === owner[2]);
    if (alive) continue;
    const path = join(parent, name);
    try {
      await rm(path, { recursive: true, force: true });
      removed.push(path);
    } catch {
      // another session is sweeping it, or it cannot be removed: the next sweep tries again
    }
  }
  return removed;
}
