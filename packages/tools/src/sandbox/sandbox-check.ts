/**
 * `picasso sandbox check` and `/sandbox`: what the command sandbox does on this machine, shown by
 * running real commands through it (the same `CommandSandbox.wrap` the tools use), not by
 * reading the settings back. A wall that is missing — an old or patched bubblewrap, a kernel
 * that refuses a namespace — shows as `failed`, whoever runs the check (root included).
 *
 * Checks, each with what a confined command should see and what it saw:
 * - bubblewrap runs here;
 * - a user namespace of its own (`/proc/self/uid_map` is not the host's identity map);
 * - no capabilities (`CapEff` is zero) and no remount of `/` read-write (as root too);
 * - Picasso's own process is not visible (`/proc/<pid>` with Picasso's start time);
 * - the workspace is writable (a file is created and removed);
 * - a folder outside the workspace and /tmp stays unwritten (a probe folder made for the check, in
 *   the home folder, beside the workspace or in /var/tmp — the first one this process can write —
 *   and removed after; "not checked" when there is none);
 * - each hidden place with entries (`$PICASSO_HOME`, `~/.ssh`…) is empty inside and cannot be
 *   unmounted;
 * - the workspace's protected files that exist (`.git/config`, `.mcp.json`…) are read-only;
 * - a Unix socket outside the workspace cannot be reached;
 * - a `setsid` daemon does not outlive its command;
 * - the network is off: a TCP connection to a server this process opens on 127.0.0.1 fails
 *   (or succeeds, when `sandbox.network` allows it);
 * - the build tools run: `node`, `npm`, `git` (each reported; missing on the host is not a failure).
 *
 * `git --version` here is the one git Picasso runs outside `@picasso/workspace`'s safe runner, and it
 * stays harmless: `version` reads no repository (git sets up no repository, so reads no config and
 * starts no pager for it), and it runs inside the sandbox like any command.
 */
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { createServer, type Server } from "node:net";
import { homedir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { processStartTime, ROOT_PROTECTED_FILES } from "@picasso/workspace";
import { bashArgs } from "../bash-args.js";
import { commandEnvironment } from "../command-env.js";
import { CommandSandbox, hiddenPaths, isInside, type SandboxSettings } from "./sandbox.js";

export interface SandboxCheckInput {
  settings: SandboxSettings;
  workspaceRoot: string;
  picassoHome: string;
  /** The sandbox's /tmp (a fresh temporary folder when omitted). */
  tempDir: string;
}

export interface SandboxCheck {
  name: string;
  /** What a confined command should see. */
  expected: string;
  /** What it saw. */
  observed: string;
  ok: boolean;
}

export interface SandboxCheckReport {
  active: boolean;
  summary: string;
  checks: SandboxCheck[];
}

interface Ran {
  code: number | null;
  output: string;
}

/** Runs `command` with bash, confined by `sandbox` when given. */
function run(sandbox: CommandSandbox | undefined, command: string, cwd: string): Promise<Ran> {
  const { file, args } = sandbox?.wrap(command, cwd) ?? { file: "bash", args: bashArgs(command) };
  return new Promise((done) => {
    const child = spawn(file, args, { cwd, env: commandEnvironment(), stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    child.stdout.on("data", (b: Buffer) => {
      output += b.toString("utf8");
    });
    child.stderr.on("data", (b: Buffer) => {
      output += b.toString("utf8");
    });
    const timer = setTimeout(() => child.kill("SIGKILL"), 15_000);
    child.on("error", (error) => {
      clearTimeout(timer);
      done({ code: null, output: error.message });
    });
    child.on("close", (code) => {
      clearTimeout(timer);
      done({ code, output: output.trim() });
    });
  });
}

function quote(path: string): string {
  return `'${path.replace(/'/g, `'\\''`)}'`;
}

const check = (name: string, expected: string, observed: string, ok: boolean): SandboxCheck => ({
  name,
  expected,
  observed,
  ok,
});

/** A fresh folder outside the workspace, /tmp and the hidden places, or undefined when none can be made. */
function outsideProbe(workspaceRoot: string, hidden: readonly string[]): string | undefined {
  for (const candidate of [homedir(), dirname(resolve(workspaceRoot)), "/var/tmp"]) {
    if (!existsSync(candidate) || isInside(workspaceRoot, candidate) || isInside("/tmp", candidate)) continue;
    if (hidden.some((h) => isInside(h, candidate))) continue;
    try {
      return mkdtempSync(join(candidate, ".picasso-sandbox-probe-"));
    } catch {
      // not writable by this process: try the next place
    }
  }
  return undefined;
}

async function withServer<T>(listen: (server: Server) => Promise<void>, use: () => Promise<T>): Promise<T> {
  const server = createServer((socket) => socket.end("hello\n"));
  await listen(server);
  try {
    return await use();
  } finally {
    await new Promise<void>((closed) => server.close(() => closed()));
  }
}

async function buildTool(sandbox: CommandSandbox, tool: string, cwd: string): Promise<SandboxCheck> {
  const host = await run(undefined, `command -v ${tool}`, cwd);
  if (host.code !== 0) return check(`runs ${tool}`, "runs", `${tool} is not installed here`, true);
  const ran = await run(sandbox, `${tool} --version`, cwd);
  const version = ran.output.split("\n")[0] ?? "";
  return check(
    `runs ${tool}`,
    "runs",
    ran.code === 0 ? `runs (${version})` : `fails: ${version || `exit ${ran.code}`}`,
    ran.code === 0,
  );
}

/** The process walls: user namespace, capabilities, remount, Picasso's process. */
async function wallChecks(sandbox: CommandSandbox, cwd: string): Promise<SandboxCheck[]> {
  const map = await run(sandbox, "cat /proc/self/uid_map", cwd);
  const hostMap = /^\s*0\s+0\s+4294967295\s*$/.test(map.output);
  const caps = await run(sandbox, "grep CapEff /proc/self/status", cwd);
  const noCaps = /CapEff:\s+0+$/.test(caps.output);
  const remount = await run(sandbox, "mount -o remount,rw / 2>&1 && echo REMOUNTED", cwd);
  const remounted = remount.output.includes("REMOUNTED");
  const start = processStartTime(process.pid);
  const seen = await run(sandbox, `cat /proc/${process.pid}/stat 2>/dev/null`, cwd);
  const fields = seen.output.slice(seen.output.lastIndexOf(")") + 2).split(" ");
  const visible = seen.output !== "" && (start === "" || fields[19] === start);
  return [
    check(
      "user namespace",
      "its own",
      hostMap || map.code !== 0 ? "the host's" : "its own",
      !hostMap && map.code === 0,
    ),
    check("capabilities", "none", noCaps ? "none" : caps.output || "unknown", noCaps),
    check("remounts / read-write", "refused", remounted ? "allowed" : "refused", !remounted),
    check(
      "sees Picasso's process",
      "hidden",
      visible ? `visible (/proc/${process.pid})` : "hidden",
      !visible,
    ),
  ];
}

/** Hidden places: empty inside, and not unmountable. */
async function hiddenChecks(
  sandbox: CommandSandbox,
  hidden: readonly string[],
  picassoHome: string,
  cwd: string,
) {
  const checks: SandboxCheck[] = [];
  for (const place of hidden) {
    let entries: string[];
    try {
      entries = readdirSync(place);
    } catch {
      continue; // missing, or a file (hidden behind /dev/null: nothing to list)
    }
    if (entries.length === 0) continue;
    const name = resolve(place) === resolve(picassoHome) ? "PICASSO_HOME" : place.replace(homedir(), "~");
    const list = await run(sandbox, `umount ${quote(place)} 2>/dev/null; ls -A ${quote(place)}`, cwd);
    const seen = list.code === 0 && list.output !== "";
    checks.push(
      check(
        `sees ${name}`,
        "hidden",
        seen ? `visible (${list.output.split("\n").length} entries)` : "hidden",
        !seen,
      ),
    );
  }
  return checks;
}

/** Protected files at the workspace's top: read-only inside. */
async function protectedChecks(sandbox: CommandSandbox, workspaceRoot: string): Promise<SandboxCheck[]> {
  const present = [
    ...new Set([".git/config", ".git/hooks", ".picasso/picasso.patch.yml", ...ROOT_PROTECTED_FILES]),
  ].filter((f) => existsSync(join(workspaceRoot, f)));
  if (present.length === 0) return [];
  const probe = present.map((f) => `[ -w ${quote(f)} ] && echo "writable ${f}"`).join("; ");
  const ran = await run(sandbox, `${probe}; true`, workspaceRoot);
  const writable = ran.output
    .split("\n")
    .filter((l) => l.startsWith("writable "))
    .map((l) => l.slice(9));
  return [
    check(
      `writes ${present.join(", ")}`,
      "refused (read-only)",
      writable.length ? `allowed: ${writable.join(", ")}` : "refused (read-only)",
      writable.length === 0,
    ),
  ];
}

/** A Unix socket outside the workspace, and a daemon that tries to outlive its command. */
async function escapeChecks(sandbox: CommandSandbox, probe: string | undefined, cwd: string) {
  const checks: SandboxCheck[] = [];
  const node = await run(undefined, "command -v node", cwd);
  if (probe && node.code === 0) {
    const socket = join(probe, "s.sock");
    const tried = await withServer(
      (server) => new Promise<void>((ready) => server.listen(socket, ready)),
      () =>
        run(
          sandbox,
          `node -e "require('net').connect('${socket}').on('data',()=>{console.log('REACHED');process.exit(0)}).on('error',()=>process.exit(1))"`,
          cwd,
        ),
    );
    const reached = tried.output.includes("REACHED");
    checks.push(
      check(
        "a Unix socket outside the workspace",
        "unreachable",
        reached ? "reachable" : "unreachable",
        !reached,
      ),
    );
  }
  const mark = `${process.pid}${Date.now() % 100_000}`;
  await run(sandbox, `setsid sleep 120.${mark} >/dev/null 2>&1 </dev/null &`, cwd);
  const left = async () => (await run(undefined, `pgrep -f 'sleep 120.${mark}'`, cwd)).output !== "";
  let alive = await left();
  for (let i = 0; alive && i < 20; i++) {
    await new Promise((r) => setTimeout(r, 50));
    alive = await left();
  }
  if (alive) await run(undefined, `pkill -f 'sleep 120.${mark}'`, cwd);
  checks.push(
    check(
      "a setsid daemon",
      "ends with its command",
      alive ? "outlives its command" : "ends with its command",
      !alive,
    ),
  );
  return checks;
}

/** Runs the checks; commands are confined exactly as the tools confine them. */
export async function checkSandbox(input: SandboxCheckInput): Promise<SandboxCheckReport> {
  const hidden = hiddenPaths(input.picassoHome);
  const sandbox = new CommandSandbox(input.settings, {
    workspaceRoot: input.workspaceRoot,
    tempDir: input.tempDir,
    hidden,
  });
  const summary = sandbox.describe();
  const checks: SandboxCheck[] = [
    check(
      "bubblewrap",
      input.settings.mode === "off" ? "not used (sandbox.mode off)" : "runs",
      sandbox.active ? "runs" : sandbox.reason,
      input.settings.mode === "off" || sandbox.active,
    ),
  ];
  if (!sandbox.active) return { active: false, summary, checks };
  const cwd = input.workspaceRoot;
  checks.push(...(await wallChecks(sandbox, cwd)));

  const marker = join(input.workspaceRoot, `.picasso-sandbox-check-${process.pid}`);
  const write = await run(sandbox, `echo ok > ${quote(marker)} && rm ${quote(marker)}`, cwd);
  checks.push(
    check(
      "writes the workspace",
      "allowed",
      write.code === 0 ? "allowed" : `refused: ${write.output}`,
      write.code === 0,
    ),
  );

  const probe = outsideProbe(input.workspaceRoot, hidden);
  try {
    if (probe) {
      const target = join(probe, "written");
      await run(sandbox, `echo escaped > ${quote(target)}`, cwd);
      const escaped = existsSync(target);
      checks.push(
        check(
          "writes outside the workspace",
          "refused",
          escaped ? `allowed (wrote ${target})` : "refused",
          !escaped,
        ),
      );
    } else
      checks.push(
        check(
          "writes outside the workspace",
          "refused",
          "not checked: no folder outside it this process can write",
          true,
        ),
      );
    checks.push(...(await hiddenChecks(sandbox, hidden, input.picassoHome, cwd)));
    checks.push(...(await protectedChecks(sandbox, input.workspaceRoot)));
    checks.push(...(await escapeChecks(sandbox, probe, cwd)));
  } finally {
    if (probe) rmSync(probe, { recursive: true, force: true });
  }

  let port = 0;
  const connected = await withServer(
    (server) =>
      new Promise<void>((ready) =>
        server.listen(0, "127.0.0.1", () => {
          const address = server.address();
          port = typeof address === "object" && address ? address.port : 0;
          ready();
        }),
      ),
    () => run(sandbox, `exec 3<>/dev/tcp/127.0.0.1/${port} && head -n1 <&3`, cwd),
  );
  const reached = connected.code === 0 && connected.output.includes("hello");
  checks.push(
    check(
      "network (a server on 127.0.0.1)",
      input.settings.network ? "reachable (sandbox.network)" : "unreachable",
      reached ? "reachable" : "unreachable",
      reached === input.settings.network,
    ),
  );

  for (const tool of ["node", "npm", "git"]) checks.push(await buildTool(sandbox, tool, cwd));
  return { active: true, summary, checks };
}

/** The report as text: the summary line, then one line per check. */
export function renderSandboxCheck(report: SandboxCheckReport): string {
  const width = Math.max(...report.checks.map((c) => c.name.length));
  const lines = [report.summary];
  for (const c of report.checks)
    lines.push(
      `${c.ok ? "ok    " : "failed"} ${c.name.padEnd(width)}  ${c.observed}${c.ok ? "" : ` (expected ${c.expected})`}`,
    );
  if (!report.active)
    lines.push(
      "Without the sandbox, auto mode asks before every command; install bubblewrap (Debian: apt install bubblewrap) to confine them.",
    );
  return `${lines.join("\n")}\n`;
}
