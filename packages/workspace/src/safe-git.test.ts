/**
 * The safe git runner against a real repository planted with every program a workspace can make
 * git run (testing/hostile-repository.ts), in each layout: plain git starts every plant (the
 * control), Picasso's git starts none and still reads and writes the repository.
 */
import { execFile, execFileSync, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, realpathSync, rmSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { workspaceFacts } from "./index.js";
import { runGit, runGitSync, safeGitEnvironmentIn } from "./safe-git.js";
import {
  controlMarkers,
  firePlantsWithPlainGit,
  gitVersion,
  HOSTILE_LAYOUTS,
  type HostileRepository,
  plantHostileRepository,
} from "./testing/index.js";

const IDENTITY = {
  GIT_AUTHOR_NAME: "Tester",
  GIT_AUTHOR_EMAIL: "tester@example.com",
  GIT_COMMITTER_NAME: "Tester",
  GIT_COMMITTER_EMAIL: "tester@example.com",
};

/** A git command the runner refuses, run with only the runner's environment (config included). */
function runWithSafeEnvironment(repo: HostileRepository, args: string[]): void {
  spawnSync("git", args, {
    cwd: repo.root,
    env: { ...safeGitEnvironmentIn(repo.root), ...IDENTITY },
    timeout: 30_000,
    stdio: ["ignore", "ignore", "ignore"],
  });
}

describe.each(HOSTILE_LAYOUTS)("a hostile repository (%s layout)", { timeout: 120_000 }, (layout) => {
  it("is live: plain git starts every planted program", async () => {
    const repo = plantHostileRepository(layout);
    expect(repo.fired()).toEqual([]);
    await firePlantsWithPlainGit(repo);
    expect(repo.fired()).toEqual(controlMarkers(gitVersion()));
  });

  it("workspaceFacts and the safe runner start none of them, and still read and write the repository", async () => {
    const repo = plantHostileRepository(layout);
    repo.stir();
    // Session start: dirty included. The filters pass bytes through, so nothing looks changed.
    expect(workspaceFacts(repo.root)).toEqual({
      gitBranch: "main",
      ...(layout === "gitfile" ? { gitWorktree: true } : {}),
      gitDirty: false,
    });
    repo.stir();
    const status = runGitSync(repo.root, ["status", "--porcelain"]);
    expect(status).toMatchObject({ ok: true, stdout: "" });
    repo.stir();
    expect(await runGit(repo.root, ["status", "--porcelain"])).toMatchObject({ ok: true, stdout: "" });

    const diff = runGitSync(repo.root, ["diff", "HEAD~2", "HEAD~1"]);
    expect(diff.stdout).toContain("-one\n+two");
    const log = runGitSync(repo.root, ["log", "-1", "-p", "signed"]);
    expect(log).toMatchObject({ ok: true });
    expect(log.stdout).toContain("    signed");
    expect((await runGit(repo.root, ["show", "HEAD~1"])).stdout).toContain("-base\n+main");

    // A worktree on a branch whose config pulls in one more filter (includeIf onbranch).
    const tree = join(repo.root, "..", "tree");
    const add = await runGit(repo.root, ["worktree", "add", "--no-checkout", "-q", "-b", "feature/x", tree]);
    expect(add).toMatchObject({ ok: true });
    expect(await runGit(tree, ["reset", "--hard", "--quiet"])).toMatchObject({ ok: true });
    // Checked out unfiltered: no smudge ran, and a required filter would not have stopped git.
    expect(readFileSync(join(tree, "onbranch.txt"), "utf8")).toBe("on a branch\n");
    expect(readFileSync(join(tree, "filtered.txt"), "utf8")).toBe("hello\n");
    expect((await runGit(repo.root, ["worktree", "list", "--porcelain"])).stdout).toContain(
      "branch refs/heads/feature/x",
    );
    expect(await runGit(tree, ["status", "--porcelain"])).toMatchObject({ ok: true, stdout: "" });
    repo.stir(tree); // worktree remove must read the tree's files again, with that branch's config
    const removed = await runGit(repo.root, ["worktree", "remove", tree], { alsoIn: [tree] });
    expect(removed).toMatchObject({ ok: true });
    expect(existsSync(tree)).toBe(false);
    expect(await runGit(repo.root, ["branch", "-D", "feature/x"])).toMatchObject({ ok: true });
    expect(runGitSync(repo.root, ["rev-parse", "--abbrev-ref", "HEAD"]).stdout.trim()).toBe("main");

    expect(repo.fired()).toEqual([]);
  });

  it("the environment alone keeps commands the runner refuses inert too", async () => {
    const repo = plantHostileRepository(layout);
    const commands = [
      ["rebase", "-i", "HEAD~1"],
      ["gc", "--auto"],
      ["diff", "HEAD~2", "HEAD~1"],
      ["log", "-1", "--show-signature", "signed"],
      ["ls-remote", "ssh://planted.invalid/x"],
      ["ls-remote", "git://planted.invalid/x"],
      ["ls-remote", `ext::${join(repo.programs, "ext-protocol")}`],
      ["ls-remote", "origin"],
      ["rev-list", "--alternate-refs", "-1"],
    ];
    for (const args of commands) runWithSafeEnvironment(repo, args);
    // A terminal, so that git would page (-p forces it) if anything named a pager.
    spawnSync("script", ["-qec", "git -p log -1 main", "/dev/null"], {
      cwd: repo.root,
      env: safeGitEnvironmentIn(repo.root),
      timeout: 30_000,
      stdio: ["ignore", "ignore", "ignore"],
    });
    // A server asking for credentials: no helper, no askpass (the transport is refused first).
    const server = createServer((_req, res) => {
      res.writeHead(401, { "WWW-Authenticate": 'Basic realm="planted"' });
      res.end();
    });
    await new Promise<void>((listening) => server.listen(0, "127.0.0.1", listening));
    const { port } = server.address() as AddressInfo;
    await new Promise<void>((done) =>
      execFile(
        "git",
        ["ls-remote", `http://127.0.0.1:${port}/planted.git`],
        { cwd: repo.root, env: safeGitEnvironmentIn(repo.root), timeout: 30_000 },
        () => done(),
      ),
    );
    server.close();
    expect(repo.fired()).toEqual([]);

    // commit and merge start no editor, hook, signing program or merge driver either; but they look
    // into the submodule (.gitmodules says ignore = none), where git reads the submodule's own
    // config: that is why the runner refuses them and gives status and diff --ignore-submodules=all.
    repo.stir();
    runWithSafeEnvironment(repo, ["commit", "--allow-empty"]);
    runWithSafeEnvironment(repo, ["merge", "--no-edit", "side"]);
    expect(repo.fired()).toEqual(["submodule-clean"]);
  });
});

describe("the safe runner's refusals", () => {
  const root = plantHostileRepository("plain").root;

  it("runs only the commands it knows, and no argument that undoes an override", () => {
    expect(() => runGitSync(root, ["commit", "-m", "x"])).toThrow(/does not run "commit"/);
    expect(() => runGitSync(root, ["-c", "core.pager=less", "log"])).toThrow(/does not run "-c"/);
    expect(() => runGitSync(root, ["diff", "--ext-diff"])).toThrow(/refuses --ext-diff/);
    expect(() => runGitSync(root, ["log", "--show-signature"])).toThrow(/refuses --show-signature/);
    expect(() => runGitSync(root, ["status", "--ignore-submodules=none"])).toThrow(/refuses/);
    expect(() => runGitSync(root, ["reset", "--hard", "--recurse-submodules"])).toThrow(/refuses/);
    expect(() => runGitSync(root, ["worktree", "move", "a", "b"])).toThrow(/does not run "worktree move"/);
    expect(() => runGitSync(root, ["worktree", "add", "-b", "x", "../x"])).toThrow(/--no-checkout/);
    // After "--" they are paths.
    expect(runGitSync(root, ["diff", "--", "--textconv"])).toMatchObject({ ok: true });
  });
});

/** A repository whose HEAD is a FIFO: git blocks opening it until someone writes. */
function blockingRepository(): string {
  const root = realpathSync(mkdtempSync(join(tmpdir(), "safe-git-fifo-")));
  execFileSync("git", ["init", "-q"], { cwd: root });
  rmSync(join(root, ".git", "HEAD"));
  execFileSync("mkfifo", [join(root, ".git", "HEAD")]);
  return root;
}

describe("the safe runner is bounded", () => {
  it("stops a git that blocks at the timeout, sync and async", async () => {
    const root = blockingRepository();
    const started = Date.now();
    expect(runGitSync(root, ["status"], { timeoutMs: 300 })).toMatchObject({
      ok: false,
      failure: expect.stringMatching(/could not be read \(git timed out after \d+ ms\)/),
    });
    expect(await runGit(root, ["status"], { timeoutMs: 300 })).toMatchObject({
      ok: false,
      failure: expect.stringMatching(/git timed out after \d+ ms/),
    });
    expect(Date.now() - started).toBeLessThan(10_000);
  });

  it("stops when its signal is aborted", async () => {
    const abort = new AbortController();
    const pending = runGit(blockingRepository(), ["status"], { signal: abort.signal });
    abort.abort();
    expect(await pending).toMatchObject({ ok: false, failure: expect.stringMatching(/git was stopped/) });
  });
});
