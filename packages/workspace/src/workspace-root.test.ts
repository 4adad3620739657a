import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { findWorkspaceRoot, gitBranch } from "./index.js";

describe("workspace discovery", () => {
  it("the root is the nearest folder with .git or .picasso, else cwd", () => {
    const root = mkdtempSync(join(tmpdir(), "lc-ws-"));
    mkdirSync(join(root, ".git"));
    mkdirSync(join(root, "a", "b"), { recursive: true });
    expect(findWorkspaceRoot(join(root, "a", "b"))).toBe(root);
    mkdirSync(join(root, "a", ".picasso"));
    expect(findWorkspaceRoot(join(root, "a", "b"))).toBe(join(root, "a"));
    const bare = mkdtempSync(join(tmpdir(), "lc-bare-"));
    expect(findWorkspaceRoot(bare)).toBe(bare);
  });

  it("reads the branch from HEAD, including through a worktree's .git file", () => {
    const root = mkdtempSync(join(tmpdir(), "lc-git-"));
    mkdirSync(join(root, ".git"));
    writeFileSync(join(root, ".git", "HEAD"), "ref: refs/heads/feature/x\n");
    expect(gitBranch(root)).toBe("feature/x");
    const worktree = mkdtempSync(join(tmpdir(), "lc-wt-"));
    writeFileSync(join(worktree, ".git"), `gitdir: ${join(root, ".git")}\n`);
    expect(gitBranch(worktree)).toBe("feature/x");
    writeFileSync(join(root, ".git", "HEAD"), "0123456789abcdef0123456789abcdef01234567\n");
    expect(gitBranch(root)).toBeUndefined();
    expect(gitBranch(mkdtempSync(join(tmpdir(), "lc-nogit-")))).toBeUndefined();
  });
});
