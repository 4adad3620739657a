import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, realpathSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { findWorkspaceRoot, gitBranch, workspaceFacts } from "./index.js";

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
