/**
 * The command sandbox: model-written commands run under bubblewrap (`bwrap`, Linux) so they
 * cannot reach what the user did not hand over — as a user and as root.
 *
 * Inside (sandbox-mounts.ts has the mount plan): the whole filesystem read-only; the workspace
 * and the session's temporary folder (mounted as `/tmp`) writable, except the workspace's
 * protected places (`.git/config` and hooks, `.mcp.json`, `.picasso`…), which stay read-only;
 * the secret places hidden — `$PICASSO_HOME`, `~/.ssh`, `~/.aws`, `~/.config/gcloud`,
 * `~/.gnupg`, `~/.kube`, `~/.docker`, `~/.config/gh` and credential files such as `~/.netrc`,
 * `~/.git-credentials`, `~/.npmrc`, symlinked or not; Unix sockets outside the workspace hidden;
 * no network unless `network` allows it (a fresh network namespace with only loopback). The
 * process walls (sandbox-probe.ts): its own PID, IPC and UTS namespaces, a user namespace where
 * the kernel allows one, no capabilities, a new session, death with its parent — so no command
 * sees Picasso's `/proc` entry (its environment, memory, root), none can remount or unmount
 * anything even as root, and none outlives its command (when the command exits the namespace's
 * init ends, and the kernel kills everything left in it, a `setsid` daemon included).
 *
 * `isolate(file, args)` gives other programs Picasso starts that must see the real file system
 * and network (MCP servers) the process walls alone: a PID namespace, no capabilities, death with
 * Picasso — so they cannot read Picasso's memory or environment either.
 *
 * Modes: `off` (never: neither walls nor isolation), `on` (always; a command is refused, with the
 * reason, when bwrap cannot run here), `auto` (the default: when bwrap works). macOS's
 * `sandbox-exec` is not supported: there `auto` means off, said so by `describe()`.
 */
import { homedir } from "node:os";
import { join, resolve } from "node:path";
import { bashArgs } from "../bash-args.js";
import { sandboxMounts } from "./sandbox-mounts.js";
import { BWRAP, probeSandbox, WALL_FLAGS } from "./sandbox-probe.js";

export { isInside } from "./sandbox-mounts.js";
export { probeSandbox, type SandboxProbe } from "./sandbox-probe.js";

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

export class CommandSandbox {
  /** Commands run inside it. */
  readonly active: boolean;
  /** Why not, when it is not active (or the mode is `on` and it cannot run). */
  readonly reason: string;
  /** Commands get a user namespace of their own (else the capability drop alone holds as root). */
  readonly userNamespace: boolean;

  constructor(
    readonly settings: SandboxSettings,
    private readonly place: SandboxPlace,
  ) {
    if (settings.mode === "off") {
      this.active = false;
      this.reason = "the sandbox is off (setting sandbox.mode)";
      this.userNamespace = false;
    } else {
      const probe = probeSandbox();
      this.active = probe.available;
      this.reason = probe.reason;
      this.userNamespace = probe.userNamespace;
    }
  }

  /** `on` but bwrap cannot run: commands are refused rather than run unconfined. */
  get refusesCommands(): boolean {
    return this.settings.mode === "on" && !this.active;
  }

  private walls(newSession: boolean): string[] {
    return [
      ...(this.userNamespace ? ["--unshare-user"] : []),
      ...WALL_FLAGS,
      ...(newSession ? ["--new-session"] : []),
    ];
  }

  /**
   * The program and arguments that run `command` (with `bash -c`) in `cwd`, sandboxed when active.
   * `newSession: false` keeps a pseudo-terminal as the command's controlling terminal (terminals).
   */
  wrap(
    command: string,
    cwd: string,
    options: { newSession?: boolean } = {},
  ): { file: string; args: string[] } {
    if (!this.active) return { file: "bash", args: bashArgs(command) };
    const args = [...this.walls(options.newSession ?? true), ...sandboxMounts(this.place)];
    if (!this.settings.network) args.push("--unshare-net");
    args.push("--chdir", cwd, "--", "bash", ...bashArgs(command));
    return { file: BWRAP, args };
  }

  /** `file args` behind the process walls only (real file system and network), when active. */
  isolate(file: string, args: readonly string[]): { file: string; args: string[] } {
    if (!this.active) return { file, args: [...args] };
    return {
      file: BWRAP,
      args: [...this.walls(false), "--dev-bind", "/", "/", "--proc", "/proc", "--", file, ...args],
    };
  }

  /** `isolate` as a function, when there are walls to start programs behind. */
  get isolation(): ((file: string, args: readonly string[]) => { file: string; args: string[] }) | undefined {
    return this.active ? (file, args) => this.isolate(file, args) : undefined;
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
