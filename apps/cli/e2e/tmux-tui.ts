/**
 * Drives the real `picasso` binary (apps/cli/dist/main.js) in a detached tmux session of a fixed
 * size, on its own tmux socket, with its own PICASSO_HOME and workspace. `waitFor` polls
 * `capture-pane -p` until the text appears (never a fixed sleep); `stop` kills the tmux server.
 */
import { execFileSync, spawnSync } from "node:child_process";
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readlinkSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { CONTEXT_CATEGORIES } from "@picasso/engine/context";

/** The categories of the `/context` map, each on a line of its own (free space is in the fill line). */
export const MAP_CATEGORIES = Object.keys(CONTEXT_CATEGORIES).filter((c) => c !== "free space");

export const BINARY = resolve(dirname(fileURLToPath(import.meta.url)), "../dist/main.js");

let counter = 0;

/** Blocks for `ms` (stop() is synchronous: it runs in afterEach hooks that do not await). */
function pause(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

/** Whether a process is still running in a folder under `root` (its cwd there, as a session's is). */
function anyProcessIn(root: string): boolean {
  for (const pid of readdirSync("/proc")) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      const cwd = readlinkSync(`/proc/${pid}/cwd`);
      if (cwd === root || cwd.startsWith(`${root}/`)) return true;
    } catch {
      // Gone, or not ours to look at.
    }
  }
  return false;
}

/** Checked once: without tmux every e2e test fails on this one line, not on a spawn error. */
let tmuxChecked = false;
function requireTmux(): void {
  if (tmuxChecked) return;
  if (spawnSync("tmux", ["-V"], { stdio: "ignore" }).status !== 0)
    throw new Error(
      "the TUI end-to-end tests need tmux: install it (Debian/Ubuntu: sudo apt-get install -y tmux)",
    );
  tmuxChecked = true;
}

export interface TuiOptions {
  args?: string[];
  /** YAML mock script, written into the workspace and passed with --mock-script. */
  script?: string;
  files?: Record<string, string>;
  env?: Record<string, string>;
  width?: number;
  height?: number;
}

export class TmuxTui {
  /** A fresh tmux server per run (restart() takes a new one: the old one may still be going). */
  private socket = `picasso-e2e-${process.pid}-${++counter}`;
  readonly root = mkdtempSync(join(tmpdir(), "picasso-e2e-"));
  readonly workspace = join(this.root, "work");
  readonly home = join(this.root, "home");

  constructor(private readonly options: TuiOptions = {}) {
    requireTmux();
    if (!existsSync(BINARY)) throw new Error(`${BINARY} is missing: run \`npx tsc -b\` in apps/cli first`);
    mkdirSync(join(this.workspace, ".picasso"), { recursive: true });
    mkdirSync(this.home, { recursive: true });
    for (const [path, text] of Object.entries(options.files ?? {}))
      writeFileSync(join(this.workspace, path), text);
  }

  /** Start the binary; `extraArgs` follow the options' args (a restart with `--continue`). */
  start(extraArgs: string[] = []): this {
    const args = [...(this.options.args ?? []), ...extraArgs];
    if (this.options.script !== undefined) {
      const scriptPath = join(this.root, "script.yaml");
      writeFileSync(scriptPath, this.options.script);
      args.push("--provider", "mock", "--mock-script", scriptPath);
    }
    const env = {
      PICASSO_HOME: this.home,
      TERM: "xterm-256color",
      ...this.options.env,
    };
    const exports = Object.entries(env)
      .map(([k, v]) => `${k}=${shellQuote(v)}`)
      .join(" ");
    const command = `cd ${shellQuote(this.workspace)} && env -u ANTHROPIC_API_KEY -u OPENAI_API_KEY -u PICASSO_PROVIDER ${exports} node ${shellQuote(BINARY)} ${args.map(shellQuote).join(" ")}; echo "[exited $?]"; sleep 600`;
    this.tmux(
      "new-session",
      "-d",
      "-s",
      "tui",
      "-x",
      String(this.options.width ?? 100),
      "-y",
      String(this.options.height ?? 30),
      command,
    );
    return this;
  }

  /** Type literal text (no key names interpreted). */
  type(text: string): void {
    this.tmux("send-keys", "-t", "tui", "-l", text);
  }

  /** Press keys by tmux name: Enter, Escape, BTab, C-c, Down… */
  press(...keys: string[]): void {
    for (const key of keys) this.tmux("send-keys", "-t", "tui", key);
  }

  /** The pane's text (with `escapes`, its colour and style codes too). */
  screen(escapes = false): string {
    return this.tmux("capture-pane", "-p", ...(escapes ? ["-e"] : []), "-t", "tui", "-S", "-200");
  }

  async waitFor(expected: string | RegExp, timeoutMs = 30_000): Promise<string> {
    const started = Date.now();
    for (;;) {
      const screen = this.screen();
      if (typeof expected === "string" ? screen.includes(expected) : expected.test(screen)) return screen;
      if (Date.now() - started > timeoutMs)
        throw new Error(
          `timed out after ${timeoutMs} ms waiting for ${String(expected)}; screen:\n${screen}`,
        );
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  /** Only what is on the screen now (no scrollback), one string per row. */
  visibleRows(): string[] {
    return this.tmux("capture-pane", "-p", "-t", "tui").replace(/\n$/, "").split("\n");
  }

  /** Poll the screen until `check` holds for it. */
  async waitUntil(check: (screen: string) => boolean, what: string, timeoutMs = 30_000): Promise<string> {
    const started = Date.now();
    for (;;) {
      const screen = this.screen();
      if (check(screen)) return screen;
      if (Date.now() - started > timeoutMs)
        throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}; screen:\n${screen}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  /** Type a prompt and send it once the prompt shows it. */
  async send(text: string): Promise<void> {
    await this.waitFor("│ › ");
    this.type(text);
    await this.waitFor(`› ${text.slice(0, 40)}`);
    this.press("Enter");
  }

  /** End this run (its tmux server) and start the binary again in the same workspace and home. */
  restart(extraArgs: string[] = []): this {
    try {
      this.tmux("kill-server");
    } catch {
      // Already gone.
    }
    this.socket = `picasso-e2e-${process.pid}-${++counter}`;
    return this.start(extraArgs);
  }

  /** Ends the run and removes its folders once its processes have gone (they may still be writing). */
  stop(): void {
    try {
      this.tmux("kill-server");
    } catch {
      // Already gone.
    }
    for (let waited = 0; waited < 5000 && anyProcessIn(this.root); waited += 25) pause(25);
    rmSync(this.root, { recursive: true, force: true });
  }

  private tmux(...args: string[]): string {
    return execFileSync("tmux", ["-L", this.socket, "-f", "/dev/null", ...args], { encoding: "utf8" });
  }
}

function shellQuote(value: string): string {
  return `'${value.replace(/'/g, `'\\''`)}'`;
}
