/**
 * The command sandbox: model-written commands run under bubblewrap (`bwrap`, Linux) so they
 * cannot reach what the user did not hand over.
 *
 * Inside: the whole filesystem read-only; the workspace and the session's temporary folder
 * (mounted as `/tmp`) writable; the secret places hidden behind empty folders — `$PICASSO_HOME`,
 * `~/.ssh`, `~/.aws`, `~/.config/gcloud`, `~/.gnupg`, `~/.kube`, `~/.docker`, `~/.config/gh` and
 * credential files such as `~/.netrc`, `~/.git-credentials`, `~/.npmrc`; no network unless
 * `network` allows it (a fresh network namespace with only loopback); `--die-with-parent`, so a
 * command never outlives a Picasso killed with SIGKILL. The process group is bwrap's (no new
 * session), so the tools' group handling (process-group.ts) kills a sandboxed command the same way.
 *
 * Modes: `off` (never), `on` (always; a command is refused, with the reason, when bwrap cannot
 * run here), `auto` (the default: when bwrap works). Whether bwrap works is probed once per
 * process by running `true` inside the same sandbox (`probeSandbox`). macOS's `sandbox-exec` is
 * not supported: there `auto` means off, said so by `describe()`.
 */
import { spawnSync } from "node:child_process";
import { existsSync, statSync } from "node:fs";
import { homedir } from "node:os";
import { join, resolve } from "node:path";

export type SandboxMode = "off" | "on" | "auto";

export interface SandboxSettings {
  mode: SandboxMode;
  /** Let sandboxed commands use the network. */
  network: boolean;
}

export interface SandboxPlace {
  workspaceRoot: string;
  /** Writable, mounted as /tmp inside the sandbox. */
  tempDir: string;
  /** Folders and files to hide (defaults: `hiddenPaths(picassoHome)`). */
  hidden: readonly string[];
}

/** Where secrets usually live, and Picasso's own state: never visible to a sandboxed command. */
export function hiddenPaths(picassoHome: string, home: string = homedir()): string[] {
  return [
    picassoHome,
    ...[".ssh", ".aws", ".gnupg", ".kube", ".docker", ".azure", ".config/gcloud", ".config/gh"].map((p) =>
      join(home, p),
    ),
    ...[".netrc", ".git-credentials", ".npmrc", ".pypirc"].map((p) => join(home, p)),
  ].map((p) => resolve(p));
}

let probed: { available: boolean; reason: string } | undefined;

/** Whether bubblewrap can run a sandbox on this machine (probed once per process). */
export function probeSandbox(): { available: boolean; reason: string } {
  if (probed) return probed;
  if (process.platform !== "linux")
    probed = { available: false, reason: `not supported on ${process.platform}` };
  else {
    const run = spawnSync(
      "bwrap",
      [
        "--ro-bind",
        "/",
        "/",
        "--dev",
        "/dev",
        "--proc",
        "/proc",
        "--unshare-net",
        "--die-with-parent",
        "true",
      ],
      { encoding: "utf8", timeout: 10_000 },
    );
    if (run.error) probed = { available: false, reason: "bubblewrap (bwrap) is not installed" };
    else if (run.status !== 0)
      probed = {
        available: false,
        reason: `bubblewrap cannot run here: ${(run.stderr ?? "").trim() || `exit ${run.status}`}`,
      };
    else probed = { available: true, reason: "bubblewrap works" };
  }
  return probed;
}

export class CommandSandbox {
  /** Commands run inside it. */
  readonly active: boolean;
  /** Why not, when it is not active (or the mode is `on` and it cannot run). */
  readonly reason: string;

  constructor(
    readonly settings: SandboxSettings,
    private readonly place: SandboxPlace,
  ) {
    if (settings.mode === "off") {
      this.active = false;
      this.reason = "the sandbox is off (setting sandbox.mode)";
    } else {
      const probe = probeSandbox();
      this.active = probe.available;
      this.reason = probe.reason;
    }
  }

  /** `on` but bwrap cannot run: commands are refused rather than run unconfined. */
  get refusesCommands(): boolean {
    return this.settings.mode === "on" && !this.active;
  }

  /** The program and arguments that run `command` (with `bash -c`) in `cwd`, sandboxed when active. */
  wrap(command: string, cwd: string): { file: string; args: string[] } {
    if (!this.active) return { file: "bash", args: ["-c", command] };
    const { workspaceRoot, tempDir, hidden } = this.place;
    const args = ["--ro-bind", "/", "/", "--dev", "/dev", "--proc", "/proc"];
    args.push("--bind", tempDir, "/tmp", "--bind", workspaceRoot, workspaceRoot);
    for (const path of hidden) {
      if (!existsSync(path) || isInside(workspaceRoot, path)) continue;
      if (statSync(path).isDirectory()) args.push("--tmpfs", path);
      else args.push("--ro-bind", "/dev/null", path);
    }
    if (!this.settings.network) args.push("--unshare-net");
    args.push("--die-with-parent", "--chdir", cwd, "--", "bash", "-c", command);
    return { file: "bwrap", args };
  }

  /** One line for the model and the user: what commands may do. */
  describe(): string {
    if (!this.active)
      return this.refusesCommands
        ? `Commands: refused — the sandbox is on but cannot run (${this.reason}).`
        : `Commands: not sandboxed (${this.reason}).`;
    return `Commands run in a sandbox: the workspace and /tmp are writable, the rest is read-only, secrets and Picasso's state are hidden, the network is ${this.settings.network ? "allowed" : "off"}.`;
  }
}

/** `path` is `root` or below it. */
export function isInside(root: string, path: string): boolean {
  const r = resolve(root);
  const p = resolve(path);
  return p === r || p.startsWith(`${r}/`);
}
