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
 *
 * Whether bwrap works is probed once per process, without blocking: a sandbox starts the probe
 * when it is made (a session's mount) and goes on; `settled()` resolves once the answer is in, and
 * everything that starts a command awaits it first. What is read synchronously before then —
 * `active`, `wrap`, `isolate`, `describe`… — probes synchronously on the spot (probeSandbox), so
 * nothing ever runs behind walls that were decided without the probe.
 */
import { homedir } from "node:os";
import { join, resolve } from "node:path";
import { bashArgs } from "../bash-args.js";
import { sandboxMounts } from "./sandbox-mounts.js";
import { BWRAP, probeSandbox, probeSandboxAsync, type SandboxProbe, WALL_FLAGS } from "./sandbox-probe.js";

export { isInside } from "./sandbox-mounts.js";
export { probeSandbox, probeSandboxAsync, type SandboxProbe } from "./sandbox-probe.js";

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

/** How a sandbox learns whether bwrap works: at once, or without blocking (tests inject slow ones). */
export interface SandboxProber {
  now(): SandboxProbe;
  soon(): Promise<SandboxProbe>;
}

const PROCESS_PROBE: SandboxProber = { now: probeSandbox, soon: probeSandboxAsync };

const OFF: SandboxProbe = {
  available: false,
  reason: "the sandbox is off (setting sandbox.mode)",
  userNamespace: false,
};

export class CommandSandbox {
  private probe: SandboxProbe | undefined;
  private readonly probing: Promise<SandboxProbe> | undefined;

  constructor(
    readonly settings: SandboxSettings,
    private readonly place: SandboxPlace,
    private readonly prober: SandboxProber = PROCESS_PROBE,
  ) {
    if (settings.mode === "off") this.probe = OFF;
    else
      this.probing = prober.soon().then(
        (found) => (this.probe ??= found),
        // A probe that fails to answer leaves the answer to the synchronous one.
        () => this.decided,
      );
  }

  /** Resolves once whether bwrap works is known; commands await it before they start. */
  async settled(): Promise<void> {
    // Answered already (off, or read synchronously meanwhile): nothing to wait for.
    if (!this.probe) await this.probing;
  }

  /** The probe's answer; probed synchronously when the one in flight has not answered yet. */
  private get decided(): SandboxProbe {
    this.probe ??= this.prober.now();
    return this.probe;
  }

  /** Commands run inside it. */
  get active(): boolean {
    return this.decided.available;
  }

  /** Why not, when it is not active (or the mode is `on` and it cannot run). */
  get reason(): string {
    return this.decided.reason;
  }

  /** Commands get a user namespace of their own (else the capability drop alone holds as root). */
  get userNamespace(): boolean {
    return this.decided.userNamespace;
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

  /**
   * `isolate` as a function, when there may be walls to start programs behind (the mode is not
   * `off`). It decides when it is called, so reading it at mount does not wait for the probe.
   */
  get isolation(): ((file: string, args: readonly string[]) => { file: string; args: string[] }) | undefined {
    return this.settings.mode === "off" ? undefined : (file, args) => this.isolate(file, args);
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
