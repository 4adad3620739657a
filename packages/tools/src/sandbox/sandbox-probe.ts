/**
 * Whether bubblewrap can build the sandbox's walls on this machine, probed once per process by
 * running `true` behind exactly those walls.
 *
 * The walls every sandboxed process gets (`WALL_FLAGS`): its own PID namespace (a fresh `/proc`,
 * so no `/proc/<pid>` of Picasso — its environment, memory or root — is reachable), IPC and UTS
 * namespaces, no capabilities at all (`--cap-drop ALL`: as root, no remount, no umount, no
 * ptrace, no raw devices), a new session (no terminal to inject keystrokes into) and death with
 * its parent. A user namespace is added where the kernel allows one; without it (some containers
 * refuse nested ones to root) the capability drop still holds, and `picasso sandbox check` says
 * which it is. A machine where even the walls without a user namespace fail has no sandbox.
 *
 * Two ways to ask, one answer per process: `probeSandboxAsync` (a session's sandbox starts it at
 * mount, off the way to a ready session, and commands await it) and `probeSandbox` (for a caller
 * that needs the answer at once; it probes synchronously unless an answer is already in). Whichever
 * settles first is the answer for the rest of the process.
 */
import { execFile, spawnSync } from "node:child_process";

export interface SandboxProbe {
  available: boolean;
  /** Why not, or "bubblewrap works". */
  reason: string;
  /** Commands get a user namespace of their own. */
  userNamespace: boolean;
}

/** The walls of every sandboxed process, besides its mounts. */
export const WALL_FLAGS = [
  "--unshare-pid",
  "--unshare-ipc",
  "--unshare-uts",
  "--die-with-parent",
  "--cap-drop",
  "ALL",
] as const;

/** The program that builds the walls (resolved on PATH by the OS). */
export const BWRAP = "bwrap";

let probed: SandboxProbe | undefined;
let probing: Promise<SandboxProbe> | undefined;

type WallsTry = { ok: boolean; error?: string; missing?: boolean };

function wallArgs(userNamespace: boolean): string[] {
  return [
    ...(userNamespace ? ["--unshare-user"] : []),
    ...WALL_FLAGS,
    "--new-session",
    "--ro-bind",
    "/",
    "/",
    "--dev",
    "/dev",
    "--proc",
    "/proc",
    "--unshare-net",
    "true",
  ];
}

const PROBE_TIMEOUT_MS = 10_000;

function tryWalls(userNamespace: boolean): WallsTry {
  const run = spawnSync(BWRAP, wallArgs(userNamespace), { encoding: "utf8", timeout: PROBE_TIMEOUT_MS });
  if (run.error)
    return {
      ok: false,
      missing: (run.error as NodeJS.ErrnoException).code === "ENOENT",
      error: run.error.message,
    };
  if (run.status !== 0) return { ok: false, error: (run.stderr ?? "").trim() || `exit ${run.status}` };
  return { ok: true };
}

function tryWallsAsync(userNamespace: boolean): Promise<WallsTry> {
  return new Promise((done) => {
    execFile(
      BWRAP,
      wallArgs(userNamespace),
      { encoding: "utf8", timeout: PROBE_TIMEOUT_MS },
      (error, _stdout, stderr) => {
        if (!error) return done({ ok: true });
        const code = (error as { code?: unknown }).code;
        if (typeof code === "number") return done({ ok: false, error: stderr.trim() || `exit ${code}` });
        // Killed at the timeout, or could not start (ENOENT: no bwrap).
        done({ ok: false, missing: code === "ENOENT", error: error.message });
      },
    ).stdin?.end();
  });
}

function unsupported(): SandboxProbe | undefined {
  return process.platform === "linux"
    ? undefined
    : { available: false, reason: `not supported on ${process.platform}`, userNamespace: false };
}

/** The walls without a user namespace are tried only when bwrap ran and the first try failed. */
function triesWithout(withUser: WallsTry): boolean {
  return !withUser.ok && !withUser.missing;
}

function answer(withUser: WallsTry, without: WallsTry | undefined): SandboxProbe {
  if (withUser.ok) return { available: true, reason: "bubblewrap works", userNamespace: true };
  if (withUser.missing || !without)
    return { available: false, reason: "bubblewrap (bwrap) is not installed", userNamespace: false };
  return without.ok
    ? { available: true, reason: "bubblewrap works (without a user namespace)", userNamespace: false }
    : { available: false, reason: `bubblewrap cannot run here: ${without.error}`, userNamespace: false };
}

/** The probe itself, every time it is called (blocks while bwrap runs). */
export function probeWalls(): SandboxProbe {
  const skip = unsupported();
  if (skip) return skip;
  const withUser = tryWalls(true);
  return answer(withUser, triesWithout(withUser) ? tryWalls(false) : undefined);
}

/** `probeWalls` without blocking, every time it is called. */
export async function probeWallsAsync(): Promise<SandboxProbe> {
  const skip = unsupported();
  if (skip) return skip;
  const withUser = await tryWallsAsync(true);
  return answer(withUser, triesWithout(withUser) ? await tryWallsAsync(false) : undefined);
}

/** Whether bubblewrap can run the sandbox here (probed once per process; blocks while it probes). */
export function probeSandbox(): SandboxProbe {
  probed ??= probeWalls();
  return probed;
}

/** `probeSandbox` without blocking: the same probe, run as child processes the event loop waits on. */
export function probeSandboxAsync(): Promise<SandboxProbe> {
  if (probed) return Promise.resolve(probed);
  probing ??= probeWallsAsync().then((found) => {
    // A synchronous probe that settled meanwhile is the answer already given: keep it.
    probed ??= found;
    return probed;
  });
  return probing;
}
