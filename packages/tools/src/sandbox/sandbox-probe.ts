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
 */
import { spawnSync } from "node:child_process";

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

function tryWalls(userNamespace: boolean): { ok: boolean; error?: string; missing?: boolean } {
  const args = [
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
  const run = spawnSync(BWRAP, args, { encoding: "utf8", timeout: 10_000 });
  if (run.error)
    return {
      ok: false,
      missing: (run.error as NodeJS.ErrnoException).code === "ENOENT",
      error: run.error.message,
    };
  if (run.status !== 0) return { ok: false, error: (run.stderr ?? "").trim() || `exit ${run.status}` };
  return { ok: true };
}

/** Whether bubblewrap can run the sandbox here (probed once per process). */
export function probeSandbox(): SandboxProbe {
  if (probed) return probed;
  if (process.platform !== "linux") {
    probed = { available: false, reason: `not supported on ${process.platform}`, userNamespace: false };
    return probed;
  }
  const withUser = tryWalls(true);
  if (withUser.ok) probed = { available: true, reason: "bubblewrap works", userNamespace: true };
  else if (withUser.missing)
    probed = { available: false, reason: "bubblewrap (bwrap) is not installed", userNamespace: false };
  else {
    const without = tryWalls(false);
    probed = without.ok
      ? { available: true, reason: "bubblewrap works (without a user namespace)", userNamespace: false }
      : { available: false, reason: `bubblewrap cannot run here: ${without.error}`, userNamespace: false };
  }
  return probed;
}
