/**
 * `picasso sandbox check` and `/sandbox`: what the command sandbox does on this machine, shown by
 * running real commands through it (the same `CommandSandbox.wrap` the tools use), not by
 * reading the settings back.
 *
 * Checks, each with what a confined command should see and what it saw:
 * - bubblewrap runs here;
 * - the workspace is writable (a file is created and removed);
 * - a folder outside the workspace and /tmp stays unwritten (a probe folder made for the check, in
 *   the home folder or beside the workspace, and removed after);
 * - `$PICASSO_HOME` is hidden (its entries are not listed inside);
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
import { createServer } from "node:net";
import { homedir } from "node:os";
import { dirname, join, resolve } from "node:path";
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
  const { file, args } = sandbox?.wrap(command, cwd) ?? { file: "bash", args: ["-c", command] };
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

/** A folder outside the workspace, /tmp and the hidden places, to try writing into. */
function outsideProbeParent(workspaceRoot: string, hidden: readonly string[]): string | undefined {
  for (const candidate of [homedir(), dirname(resolve(workspaceRoot))]) {
    if (!existsSync(candidate) || isInside(workspaceRoot, candidate)) continue;
    if (hidden.some((h) => isInside(h, candidate))) continue;
    return candidate;
  }
  return undefined;
}

async function withLocalServer<T>(use: (port: number) => Promise<T>): Promise<T> {
  const server = createServer((socket) => socket.end("hello\n"));
  await new Promise<void>((ready) => server.listen(0, "127.0.0.1", ready));
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  try {
    return await use(port);
  } finally {
    await new Promise<void>((closed) => server.close(() => closed()));
  }
}

async function buildTool(sandbox: CommandSandbox, tool: string, cwd: string): Promise<SandboxCheck> {
  const host = await run(undefined, `command -v ${tool}`, cwd);
  if (host.code !== 0)
    return { name: `runs ${tool}`, expected: "runs", observed: `${tool} is not installed here`, ok: true };
  const ran = await run(sandbox, `${tool} --version`, cwd);
  const version = ran.output.split("\n")[0] ?? "";
  return {
    name: `runs ${tool}`,
    expected: "runs",
    observed: ran.code === 0 ? `runs (${version})` : `fails: ${version || `exit ${ran.code}`}`,
    ok: ran.code === 0,
  };
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
    {
      name: "bubblewrap",
      expected: input.settings.mode === "off" ? "not used (sandbox.mode off)" : "runs",
      observed: sandbox.active ? "runs" : sandbox.reason,
      ok: input.settings.mode === "off" || sandbox.active,
    },
  ];
  if (!sandbox.active) return { active: false, summary, checks };
  const cwd = input.workspaceRoot;

  const marker = join(input.workspaceRoot, `.picasso-sandbox-check-${process.pid}`);
  const write = await run(sandbox, `echo ok > ${quote(marker)} && rm ${quote(marker)}`, cwd);
  checks.push({
    name: "writes the workspace",
    expected: "allowed",
    observed: write.code === 0 ? "allowed" : `refused: ${write.output}`,
    ok: write.code === 0,
  });

  const parent = outsideProbeParent(input.workspaceRoot, hidden);
  if (parent) {
    const probe = mkdtempSync(join(parent, ".picasso-sandbox-probe-"));
    try {
      const target = join(probe, "written");
      await run(sandbox, `echo escaped > ${quote(target)}`, cwd);
      const escaped = existsSync(target);
      checks.push({
        name: "writes outside the workspace",
        expected: "refused",
        observed: escaped ? `allowed (wrote ${target})` : "refused",
        ok: !escaped,
      });
    } finally {
      rmSync(probe, { recursive: true, force: true });
    }
  }

  if (existsSync(input.picassoHome) && readdirSync(input.picassoHome).length > 0) {
    const list = await run(sandbox, `ls -A ${quote(input.picassoHome)}`, cwd);
    const seen = list.code === 0 && list.output !== "";
    checks.push({
      name: "sees PICASSO_HOME",
      expected: "hidden",
      observed: seen ? `visible (${list.output.split("\n").length} entries)` : "hidden",
      ok: !seen,
    });
  }

  const connected = await withLocalServer((port) =>
    run(sandbox, `exec 3<>/dev/tcp/127.0.0.1/${port} && head -n1 <&3`, cwd),
  );
  const reached = connected.code === 0 && connected.output.includes("hello");
  checks.push({
    name: "network (a server on 127.0.0.1)",
    expected: input.settings.network ? "reachable (sandbox.network)" : "unreachable",
    observed: reached ? "reachable" : "unreachable",
    ok: reached === input.settings.network,
  });

  for (const tool of ["node", "npm", "git"]) checks.push(await buildTool(sandbox, tool, cwd));
  return { active: true, summary, checks };
}

/** The report as text: the summary line, then one line per check. */
export function renderSandboxCheck(report: SandboxCheckReport): string {
  const width = Math.max(...report.checks.map((c) => c.name.length));
  const lines = [report.summary];
  for (const c of report.checks)
    lines.push(
      `${c.ok ? "ok  " : "FAIL"} ${c.name.padEnd(width)}  ${c.observed}${c.ok ? "" : ` (expected ${c.expected})`}`,
    );
  if (!report.active)
    lines.push(
      "Without the sandbox, auto mode asks before every command; install bubblewrap (Debian: apt install bubblewrap) to confine them.",
    );
  return `${lines.join("\n")}\n`;
}
