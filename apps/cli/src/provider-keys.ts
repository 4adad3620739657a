/**
 * Provider keys out of reach of every process Picasso starts.
 *
 * A key in Picasso's environment is one `cat /proc/$PPID/environ` away for any tool process or
 * MCP server: clearing `process.env` is not enough, because `/proc/<pid>/environ` shows the block
 * of memory the kernel set up at exec, not the live environment. So, first thing at start-up:
 * 1. every provider credential (`isProviderSecretName`: `ANTHROPIC_*`/`OPENAI_*`/`PICASSO_*`
 *    ending in KEY, TOKEN or SECRET) is moved out of `process.env` into the held-secrets
 *    registry (`holdProviderSecret`, @picasso/protocol), where only provider selection and the
 *    adapters ask for it back (`withHeldProviderSecrets`) and every log and memory write is
 *    checked against its value;
 * 2. on Linux, the exec-time environment block (`env_start`..`env_end`, fields 50–51 of
 *    `/proc/self/stat`) is overwritten in place through `/proc/self/mem`: each `NAME=value`
 *    entry of a held credential becomes NUL bytes, so `/proc/<pid>/environ` no longer shows it.
 *    The C library's `environ` array no longer points there (unsetenv removed the entries), so
 *    nothing reads the wiped bytes.
 * Children inherit the live environment, which no longer holds the keys. What remains — the
 * keys in Picasso's heap — is guarded by the process walls: every tool command and MCP server
 * runs in its own PID namespace where bubblewrap works, so no `/proc/<pid>` of Picasso is visible
 * to it (docs/security.md).
 */
import { closeSync, openSync, readFileSync, readSync, writeSync } from "node:fs";
import { holdProviderSecret, isProviderSecretName } from "@picasso/protocol/basics";

export interface TakenKeys {
  /** Names moved out of the environment. */
  names: string[];
  /** Whether the exec-time environment block was wiped ("not-needed" with no key; "unsupported" off Linux). */
  environBlock: "wiped" | "not-needed" | "unsupported" | "failed";
}

export function takeProviderKeys(env: NodeJS.ProcessEnv = process.env): TakenKeys {
  const names = Object.keys(env).filter((name) => isProviderSecretName(name) && env[name]);
  for (const name of names) {
    holdProviderSecret(name, env[name] as string);
    delete env[name];
  }
  if (names.length === 0) return { names, environBlock: "not-needed" };
  return { names, environBlock: wipeEnvironBlock(names) };
}

/** Overwrite `NAME=…` entries for `names` in this process's exec-time environment block. */
export function wipeEnvironBlock(names: readonly string[]): TakenKeys["environBlock"] {
  if (process.platform !== "linux") return "unsupported";
  let fd: number | undefined;
  try {
    const stat = readFileSync("/proc/self/stat", "utf8");
    // Fields after the command name's ")" start at field 3, so field N is at index N - 3.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    const start = Number(fields[50 - 3]);
    const end = Number(fields[51 - 3]);
    if (!Number.isSafeInteger(start) || !Number.isSafeInteger(end) || end <= start) return "failed";
    fd = openSync("/proc/self/mem", "r+");
    const block = Buffer.alloc(end - start);
    readSync(fd, block, 0, block.length, start);
    let changed = false;
    let entryStart = 0;
    while (entryStart < block.length) {
      let entryEnd = block.indexOf(0, entryStart);
      if (entryEnd < 0) entryEnd = block.length;
      const eq = block.indexOf(0x3d, entryStart);
      if (eq > entryStart && eq < entryEnd && names.includes(block.toString("utf8", entryStart, eq))) {
        block.fill(0, entryStart, entryEnd);
        changed = true;
      }
      entryStart = entryEnd + 1;
    }
    if (changed) writeSync(fd, block, 0, block.length, start);
    return "wiped";
  } catch {
    return "failed";
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}
