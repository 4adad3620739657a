import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it, vi } from "vitest";
import {
  findWorkspaceRoot,
  gitBranch,
  gitDirOf,
  PREFETCH_FRESH_MS,
  prefetchWorkspaceFacts,
  workspaceFacts,
  workspaceFactsSoon,
} from "./index.js";

function git(cwd: string, ...args: string[]): void {
  execFileSync("git", args, { cwd, stdio: "ignore" });
}

function repo(): string {
  const root = realpathSync(mkdtempSync(join(tmpdir(), "ws-facts-")));
  git(root, "init", "-q", "-b", "main");
  git(
    root,
    "-c",
    "user.email=t@example.com",
    "-c",
    "user.name=t",
    "commit",
    "-q",
    "--allow-empty",
    "-m",
    "init",
  );
  return root;
}

describe("workspace facts", () => {
  it("gives the same facts without blocking (a session opening), clean, dirty and outside git", async () => {
    const root = repo();
    writeFileSync(join(root, "a.txt"), "one\n");
    git(root, "add", "a.txt");
    git(root, "-c", "user.email=t@example.com", "-c", "user.name=t", "commit", "-q", "-m", "a");
    const clean = workspaceFactsSoon(root);
    expect(clean).toBeInstanceOf(Promise);
    expect(await clean).toEqual({ gitBranch: "main", gitDirty: false });
    writeFileSync(join(root, "a.txt"), "two\n");
    expect(await workspaceFactsSoon(root)).toEqual(workspaceFacts(root));
    expect(await workspaceFactsSoon(root)).toEqual({ gitBranch: "main", gitDirty: true });
    expect(await workspaceFactsSoon(realpathSync(mkdtempSync(join(tmpdir(), "ws-none-"))))).toEqual({});
  });

  it("hands facts asked for ahead to the next session of that root, once, while they are fresh", async () => {
    const root = repo();
    await prefetchWorkspaceFacts(root);
    // Dirty after the prefetch: the session takes what was asked for ahead (git ran then).
    writeFileSync(join(root, "b.txt"), "one\n");
    git(root, "add", "b.txt");
    expect(await workspaceFactsSoon(root)).toEqual({ gitBranch: "main", gitDirty: false });
    // Taken once: the next session asks git again.
    expect(await workspaceFactsSoon(root)).toEqual({ gitBranch: "main", gitDirty: true });
    // Stale: older than PREFETCH_FRESH_MS is asked again.
    const clock = vi.spyOn(Date, "now");
    const then = Date.now();
    clock.mockReturnValue(then);
    git(root, "reset", "-q");
    await prefetchWorkspaceFacts(root);
    git(root, "add", "b.txt");
    clock.mockReturnValue(then + PREFETCH_FRESH_MS + 1);
    expect(await workspaceFactsSoon(root)).toEqual({ gitBranch: "main", gitDirty: true });
    clock.mockRestore();
  });

  it("reads the branch of a checkout and of a linked worktree", () => {
    const root = repo();
    expect(gitBranch(root)).toBe("main");
    const tree = join(mkdtempSync(join(tmpdir(), "ws-tree-")), "feature");
    git(root, "worktree", "add", "-q", "-b", "feature/x", tree);
    expect(gitBranch(tree)).toBe("feature/x");
    expect(workspaceFacts(tree)).toEqual({ gitBranch: "feature/x", gitWorktree: true, gitDirty: false });
    expect(findWorkspaceRoot(join(tree))).toBe(tree);
  });

  it("says when tracked files are dirty", () => {
    const root = repo();
    writeFileSync(join(root, "a.txt"), "one\n");
    git(root, "add", "a.txt");
    git(root, "-c", "user.email=t@example.com", "-c", "user.name=t", "commit", "-q", "-m", "a");
    expect(workspaceFacts(root).gitDirty).toBe(false);
    writeFileSync(join(root, "a.txt"), "two\n");
    expect(workspaceFacts(root).gitDirty).toBe(true);
    expect(workspaceFacts(root, { dirty: false }).gitDirty).toBeUndefined();
  });

  it("has no git facts outside a repository, and the root is the cwd", () => {
    const dir = realpathSync(mkdtempSync(join(tmpdir(), "ws-plain-")));
    mkdirSync(join(dir, "sub"));
    expect(workspaceFacts(dir)).toEqual({});
    expect(gitBranch(dir)).toBeUndefined();
    expect(findWorkspaceRoot(join(dir, "sub"))).toBe(join(dir, "sub"));
  });

  it("reports no branch for a detached HEAD", () => {
    const root = repo();
    git(root, "checkout", "-q", "--detach");
    expect(gitBranch(root)).toBeUndefined();
  });
});

/** No repository, at once: nothing opens a FIFO (which would block start-up), socket or device. */
function expectNoRepository(root: string): void {
  expect(gitDirOf(root)).toBeUndefined();
  expect(gitBranch(root)).toBeUndefined();
  expect(workspaceFacts(root)).toEqual({});
}

describe("a git directory that is not made of regular files", () => {
  const mkfifo = (path: string) => execFileSync("mkfifo", [path]);

  it("a FIFO as .git is no repository", () => {
    const root = realpathSync(mkdtempSync(join(tmpdir(), "ws-fifo-")));
    mkfifo(join(root, ".git"));
    expectNoRepository(root);
  });

  it("a FIFO as .git/HEAD is no repository", () => {
    const root = repo();
    rmSync(join(root, ".git", "HEAD"));
    mkfifo(join(root, ".git", "HEAD"));
    expectNoRepository(root);
  });

  it("a .git file whose gitdir: is a FIFO, or a gitdir whose HEAD is one, is no repository", () => {
    const root = realpathSync(mkdtempSync(join(tmpdir(), "ws-gitfile-")));
    mkfifo(join(root, "pipe"));
    writeFileSync(join(root, ".git"), `gitdir: ${join(root, "pipe")}\n`);
    expectNoRepository(root);
    const other = repo();
    rmSync(join(other, ".git", "HEAD"));
    mkfifo(join(other, ".git", "HEAD"));
    writeFileSync(join(root, ".git"), `gitdir: ${join(other, ".git")}\n`);
    expectNoRepository(root);
  });

  it("a socket or a device as .git is no repository", async () => {
    const root = realpathSync(mkdtempSync(join(tmpdir(), "ws-socket-")));
    const server = createServer();
    await new Promise<void>((listening) => server.listen(join(root, ".git"), listening));
    try {
      expectNoRepository(root);
    } finally {
      server.close();
    }
    const device = realpathSync(mkdtempSync(join(tmpdir(), "ws-device-")));
    symlinkSync("/dev/zero", join(device, ".git"));
    expectNoRepository(device);
  });
});
