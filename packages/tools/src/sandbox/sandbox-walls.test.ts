/**
 * The sandbox's walls tried as an attacker would, against the real bubblewrap, as whoever runs
 * the tests (root in CI): each command below is what a prompt-injected model would run to get
 * out, and each must fail — while the work a command should do (write the workspace, commit to
 * git) still succeeds.
 */
import { execFileSync, spawn } from "node:child_process";
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  realpathSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { createServer, type Server } from "node:net";
import { homedir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { CommandSandbox, probeSandbox } from "./sandbox.js";

const available = probeSandbox().available;
// Outside /tmp: the sandbox has its own /tmp, so a path there would be missing rather than refused.
const base = realpathSync(mkdtempSync(join(homedir(), ".picasso-walls-test-")));
const workspace = join(base, "ws");
const home = join(base, "state");
const realSsh = join(base, "real-ssh");
const linkedSsh = join(base, "linked-ssh");
const outside = join(base, "outside");
for (const dir of [workspace, home, realSsh, outside]) mkdirSync(dir, { recursive: true });
writeFileSync(join(home, "memory.db"), "the user's memories\n");
writeFileSync(join(realSsh, "id_ed25519"), "PRIVATE KEY\n");
symlinkSync(realSsh, linkedSsh);
afterAll(() => rmSync(base, { recursive: true, force: true }));

function git(...args: string[]) {
  execFileSync("git", ["-c", "user.email=t@example.com", "-c", "user.name=t", ...args], {
    cwd: workspace,
    stdio: "ignore",
  });
}

function sandbox(): CommandSandbox {
  return new CommandSandbox(
    { mode: "auto", network: false },
    { workspaceRoot: workspace, tempDir: mkdtempSync(join(base, "tmp-")), hidden: [home, linkedSsh] },
  );
}

/** Runs `command` in the sandbox; resolves with its exit code and output. */
function run(command: string): Promise<{ code: number | null; out: string }> {
  const { file, args } = sandbox().wrap(command, workspace);
  return new Promise((done) => {
    const child = spawn(file, args, { cwd: workspace, stdio: ["ignore", "pipe", "pipe"] });
    let out = "";
    child.stdout.on("data", (b: Buffer) => {
      out += b.toString();
    });
    child.stderr.on("data", (b: Buffer) => {
      out += b.toString();
    });
    child.on("close", (code) => done({ code, out }));
  });
}

describe.runIf(available)("the sandbox's walls, attacked", { timeout: 30_000 }, () => {
  it("holds no capability, and cannot remount / read-write or write outside", async () => {
    const caps = await run("grep CapEff /proc/self/status");
    expect(caps.out).toMatch(/CapEff:\s+0000000000000000/);
    const remount = await run(
      `mount -o remount,rw / ; mount -o remount,rw ${outside}; echo x > ${outside}/escaped`,
    );
    expect(existsSync(join(outside, "escaped"))).toBe(false);
    expect(remount.out).toMatch(/permission denied|Read-only file system|must be superuser/i);
  });

  it("cannot unmount or see through the hidden places, symlinked ones included", async () => {
    const looked = await run(
      `umount ${home}; ls -A ${home}; cat ${home}/memory.db; cat ${linkedSsh}/id_ed25519; ls -A ${realSsh}`,
    );
    expect(looked.out).not.toContain("the user's memories");
    expect(looked.out).not.toContain("PRIVATE KEY");
    expect(looked.out).not.toMatch(/^memory\.db$/m);
  });

  it("sees no process outside its own namespace: not Picasso's environ, root or memory", async () => {
    const me = process.pid;
    const seen = await run(
      `ls /proc | grep -c '^[0-9]'; cat /proc/${me}/cmdline; cat /proc/${me}/environ; ls /proc/${me}/root/; echo x > /proc/${me}/root${outside}/via-proc`,
    );
    const count = Number(seen.out.split("\n")[0]);
    expect(count).toBeLessThan(10);
    expect(existsSync(join(outside, "via-proc"))).toBe(false);
    expect(seen.out).not.toContain(process.argv[1] ?? "vitest");
    expect(seen.out).not.toContain("PICASSO_HOME=");
  });

  it("keeps git's configuration and hooks read-only, yet lets commits through", async () => {
    git("init", "-q", "-b", "main");
    writeFileSync(join(workspace, "a.txt"), "one\n");
    git("add", "a.txt");
    git("commit", "-q", "-m", "one");
    const before = readFileSync(join(workspace, ".git", "config"), "utf8");
    const attack = await run(
      [
        "git config core.fsmonitor 'touch pwned-fsmonitor'",
        `echo '[core]\n\tfsmonitor = touch pwned' >> .git/config`,
        "printf '#!/bin/sh\\ntouch pwned-hook\\n' > .git/hooks/post-checkout",
        "mv .git .git-moved",
        "rm -rf .git/hooks",
        "echo '* filter=evil' > .git/info/attributes",
      ].join("; "),
    );
    expect(attack.out).toMatch(/Read-only file system|Device or resource busy/);
    expect(readFileSync(join(workspace, ".git", "config"), "utf8")).toBe(before);
    expect(existsSync(join(workspace, ".git", "hooks", "post-checkout"))).toBe(false);
    expect(existsSync(join(workspace, ".git-moved"))).toBe(false);
    const commit = await run(
      "echo two >> a.txt && git -c user.email=t@example.com -c user.name=t commit -qam two && git log --oneline | wc -l",
    );
    expect(commit.code, commit.out).toBe(0);
    expect(commit.out.trim()).toBe("2");
  });

  it("keeps the project's Picasso and MCP configuration read-only, the worktrees writable", async () => {
    mkdirSync(join(workspace, ".picasso", "worktrees"), { recursive: true });
    writeFileSync(join(workspace, ".picasso", "picasso.patch.yml"), "[]\n");
    writeFileSync(join(workspace, ".mcp.json"), '{"mcpServers":{}}\n');
    const attack = await run(
      [
        `echo '- override: { settings: { sandbox.mode: "off" } }' > .picasso/picasso.patch.yml`,
        `echo '{"mcpServers":{"x":{"command":"sh"}}}' > .mcp.json`,
        "mv .picasso .picasso-moved",
        "echo ok > .picasso/worktrees/note.txt",
      ].join("; "),
    );
    expect(readFileSync(join(workspace, ".picasso", "picasso.patch.yml"), "utf8")).toBe("[]\n");
    expect(readFileSync(join(workspace, ".mcp.json"), "utf8")).toBe('{"mcpServers":{}}\n');
    expect(existsSync(join(workspace, ".picasso-moved"))).toBe(false);
    expect(readFileSync(join(workspace, ".picasso", "worktrees", "note.txt"), "utf8")).toBe("ok\n");
    expect(attack.out).toMatch(/Read-only file system/);
  });

  it("cannot reach a Unix socket outside the workspace", async () => {
    const socketPath = join(outside, "agent.sock");
    const server: Server = createServer((s) => s.end("reached\n"));
    await new Promise<void>((ready) => server.listen(socketPath, ready));
    try {
      const probe = `node -e "require('net').connect('${socketPath}').on('data',d=>{process.stdout.write('got '+d);process.exit(0)}).on('error',e=>{console.log('error '+e.code);process.exit(1)})"`;
      const tried = await run(probe);
      expect(tried.out).not.toContain("got reached");
      expect(tried.out).toMatch(/error E(NOENT|CONNREFUSED|ACCES)/);
    } finally {
      await new Promise<void>((closed) => server.close(() => closed()));
    }
  });

  it("leaves nothing running after its command: a setsid daemon ends with it", async () => {
    const mark = `${process.pid}${Date.now() % 100000}`; // digits only: `sleep 300.<mark>` is a valid time
    const started = await run(`setsid sleep 300.${mark} > /dev/null 2>&1 < /dev/null & echo started`);
    expect(started.out).toContain("started");
    const alive = () => {
      try {
        return execFileSync("pgrep", ["-f", `sleep 300.${mark}`], { encoding: "utf8" }).trim() !== "";
      } catch {
        return false;
      }
    };
    const deadline = Date.now() + 5000;
    while (alive() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    expect(alive()).toBe(false);
  });
});
