/**
 * The mount plan of a sandboxed command: bubblewrap arguments, in the order they must apply.
 *
 * 1. The host file system read-only (`--ro-bind / /`), a minimal `/dev`, and a fresh `/proc` (the
 *    PID namespace's own: no `/proc/<pid>` of Picasso or of any process outside is visible).
 * 2. Unix sockets outside the workspace hidden: a read-only mount does not stop `connect()`, so
 *    the Docker socket, D-Bus, systemd's private socket or an agent socket would be a way out.
 *    Each bound socket listed in `/proc/net/unix` gets its folder replaced by an empty tmpfs into
 *    which every other entry of the folder is bound back read-only (bubblewrap cannot mount over
 *    a socket itself). Folders are handled outermost first, so nested ones stack. A folder the
 *    sandboxed command could not reach — one of its folders not searchable by this user without
 *    capabilities (the sandbox drops them all) — is left alone: nothing inside can connect to
 *    its sockets, and bubblewrap (capability-less too) could not bind its entries back.
 * 3. The session's own temporary folder as `/tmp` (read-write).
 * 4. The hidden places (`$PICASSO_HOME`, `~/.ssh`, credential files…) covered — a folder by an
 *    empty tmpfs, a file by `/dev/null` — at their REAL path, so a symlinked `~/.ssh` or
 *    `PICASSO_HOME` is hidden too (and no mount fails on a symlink).
 * 5. The workspace read-write.
 * 6. The protected places that exist at the workspace's top read-only (`@picasso/workspace`
 *    protected-paths): `.mcp.json`, `.gitattributes`, `.envrc`, `.vscode`, shell start-up files…;
 *    `.git` stays writable (commits write objects, refs and the index) but is made a mount point
 *    of its own (so it cannot be renamed away and replaced) with its `config`, `hooks`, `info`,
 *    `modules`… read-only; `.picasso` likewise, with everything but `worktrees` read-only.
 * 7. Hidden places inside the workspace covered again (step 5 would have uncovered them).
 */
import {
  lstatSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  realpathSync,
  type Stats,
  statSync,
} from "node:fs";
import { dirname, join, resolve, sep } from "node:path";
import { GIT_PROTECTED_ENTRIES, ROOT_PROTECTED_FILES } from "@picasso/workspace";

export interface MountPlace {
  workspaceRoot: string;
  tempDir: string;
  hidden: readonly string[];
}

/** At most this many socket folders are hidden (a guard against a pathological socket list). */
const MAX_SOCKET_FOLDERS = 64;

export function sandboxMounts(place: MountPlace): string[] {
  const ws = resolve(place.workspaceRoot);
  const args = ["--ro-bind", "/", "/", "--dev", "/dev", "--proc", "/proc"];
  args.push(...socketMounts(ws));
  args.push("--bind", place.tempDir, "/tmp");
  const hidden = place.hidden.flatMap((path) => hiddenMount(path) ?? []);
  for (const h of hidden) args.push(...h.args);
  args.push("--bind", ws, ws);
  args.push(...protectedMounts(ws));
  for (const h of hidden) if (isInside(ws, h.path) && h.path !== ws) args.push(...h.args);
  return args;
}

/** `path` is `root` or below it. */
export function isInside(root: string, path: string): boolean {
  const r = resolve(root);
  const p = resolve(path);
  return p === r || p.startsWith(r.endsWith(sep) ? r : `${r}${sep}`);
}

function kind(path: string): "file" | "folder" | "link" | "other" | undefined {
  try {
    const info = lstatSync(path);
    if (info.isSymbolicLink()) return "link";
    if (info.isDirectory()) return "folder";
    if (info.isFile()) return "file";
    return "other";
  } catch {
    return undefined;
  }
}

/** How to hide one place, at its real path; undefined when it does not exist. */
function hiddenMount(path: string): { path: string; args: string[] } | undefined {
  let real: string;
  try {
    real = realpathSync(path);
  } catch {
    return undefined;
  }
  try {
    return statSync(real).isDirectory()
      ? { path: real, args: ["--tmpfs", real] }
      : { path: real, args: ["--ro-bind", "/dev/null", real] };
  } catch {
    return undefined;
  }
}

/** Read-only mounts for the protected places at the workspace's top (steps 6 of the plan). */
export function protectedMounts(ws: string): string[] {
  const args: string[] = [];
  const git = join(ws, ".git");
  const gitKind = kind(git);
  if (gitKind === "folder") {
    args.push("--bind", git, git);
    for (const entry of GIT_PROTECTED_ENTRIES) {
      const path = join(git, entry);
      if (kind(path) !== undefined && kind(path) !== "link") args.push("--ro-bind", path, path);
    }
  } else if (gitKind === "file") args.push("--ro-bind", git, git);
  const own = join(ws, ".picasso");
  if (kind(own) === "folder") {
    args.push("--bind", own, own);
    for (const entry of safeList(own))
      if (entry !== "worktrees" && kind(join(own, entry)) !== "link")
        args.push("--ro-bind", join(own, entry), join(own, entry));
  }
  for (const name of ROOT_PROTECTED_FILES) {
    const path = join(ws, name);
    const found = kind(path);
    if (found === "file" || found === "folder") args.push("--ro-bind", path, path);
  }
  return args;
}

function safeList(folder: string): string[] {
  try {
    return readdirSync(folder).sort();
  } catch {
    return [];
  }
}

/** The bound Unix sockets (path column of /proc/net/unix) that a command could connect to. */
export function boundSockets(table = readProcNetUnix()): string[] {
  const out = new Set<string>();
  for (const line of table.split("\n").slice(1)) {
    const fields = line.trim().split(/\s+/);
    const path = fields.slice(7).join(" ");
    if (path.startsWith("/")) out.add(path);
  }
  return [...out].sort();
}

function readProcNetUnix(): string {
  try {
    return readFileSync("/proc/net/unix", "utf8");
  } catch {
    return "";
  }
}

/** Search permission on `info` for this process's user and group, as if it had no capabilities. */
function searchable(info: Stats): boolean {
  const uid = process.getuid?.() ?? -1;
  const gids = new Set([process.getgid?.() ?? -1, ...(process.getgroups?.() ?? [])]);
  if (info.uid === uid) return (info.mode & 0o100) !== 0;
  if (gids.has(info.gid)) return (info.mode & 0o010) !== 0;
  return (info.mode & 0o001) !== 0;
}

/** Every folder from `/` down to `folder` searchable without capabilities. */
export function reachableWithoutCapabilities(
  folder: string,
  stat: (path: string) => Stats = statSync,
): boolean {
  let path = resolve(folder);
  for (;;) {
    try {
      if (!searchable(stat(path))) return false;
    } catch {
      return false;
    }
    const parent = dirname(path);
    if (parent === path) return true;
    path = parent;
  }
}

/** Step 2: every folder holding a socket outside the workspace, /tmp, /dev and /proc, rebuilt without it. */
function socketMounts(ws: string): string[] {
  const skip = (p: string) =>
    isInside(ws, p) || isInside("/tmp", p) || isInside("/dev", p) || isInside("/proc", p);
  const folders = new Map<string, Set<string>>();
  for (const socket of boundSockets()) {
    let real: string;
    try {
      real = realpathSync(socket);
    } catch {
      continue; // a socket whose file is gone
    }
    if (skip(real) || kind(real) !== "other") continue;
    const folder = dirname(real);
    if (folder === "/" || isInside(folder, ws)) continue; // never rebuild / or a folder holding the workspace
    if (!reachableWithoutCapabilities(folder)) continue;
    const names = folders.get(folder) ?? new Set<string>();
    names.add(real.slice(folder.length + 1));
    folders.set(folder, names);
  }
  const ordered = [...folders.keys()].sort(
    (a, b) => a.split(sep).length - b.split(sep).length || a.localeCompare(b),
  );
  const args: string[] = [];
  for (const folder of ordered.slice(0, MAX_SOCKET_FOLDERS)) {
    const sockets = folders.get(folder)!;
    args.push("--tmpfs", folder);
    for (const entry of safeList(folder)) {
      if (sockets.has(entry)) continue;
      const path = join(folder, entry);
      const found = kind(path);
      if (found === "link") {
        try {
          args.push("--symlink", readlinkSync(path), path);
        } catch {}
      } else if (found === "file" || found === "folder") args.push("--ro-bind", path, path);
    }
  }
  return args;
}
