import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname as dirnameOf, join } from "node:path";
import { describe, expect, it } from "vitest";
import { findWorkspaceRoot, gitBranch, protectedPathReason } from "./index.js";

describe("workspace discovery", () => {
  it("never takes the home folder, a folder above it, / or one holding PICASSO_HOME", () => {
    const home = mkdtempSync(join(tmpdir(), "lc-home-"));
    const guard = { home, picassoHome: join(home, ".picasso") };
    mkdirSync(join(home, ".picasso"));
    mkdirSync(join(home, "notes", "draft"), { recursive: true });
    // A folder under ~ without .git: the walk finds ~/.picasso, so ~ would be the root; cwd alone instead.
    expect(findWorkspaceRoot(join(home, "notes", "draft"), guard)).toBe(join(home, "notes", "draft"));
    expect(() => findWorkspaceRoot(home, guard)).toThrow(/cannot be the workspace: it is your home folder/);
    expect(() => findWorkspaceRoot("/", guard)).toThrow(/it is the root of the file system/);
    expect(() => findWorkspaceRoot(dirnameOf(home), guard)).toThrow(/it contains your home folder/);
    // PICASSO_HOME inside a repository: the repository root holds it, so the cwd below is used.
    const repo = mkdtempSync(join(tmpdir(), "lc-repo-"));
    mkdirSync(join(repo, ".git"));
    mkdirSync(join(repo, "src"));
    const inside = { home, picassoHome: join(repo, "state") };
    expect(findWorkspaceRoot(join(repo, "src"), inside)).toBe(join(repo, "src"));
    expect(() => findWorkspaceRoot(repo, inside)).toThrow(/contains Picasso's state folder PICASSO_HOME/);
    expect(findWorkspaceRoot(join(repo, "src"), { home })).toBe(repo);
  });

  it("knows the protected paths: git, Picasso, MCP, shell and editor configuration", () => {
    for (const path of [
      ".git/config",
      ".git/hooks/post-checkout",
      "sub/.git",
      "vendor/lib/.git/config",
      ".gitattributes",
      "docs/.gitattributes",
      ".gitmodules",
      ".envrc",
      "app/.envrc",
      ".bashrc",
      ".mcp.json",
      ".picasso/picasso.patch.yml",
      ".picasso/shared/extra.yml",
      ".picasso/worktrees/feature/.git",
      ".claude/settings.json",
      ".claude/settings.local.json",
      ".vscode/tasks.json",
    ])
      expect(protectedPathReason(path), path).toBeDefined();
    for (const path of [
      "src/index.ts",
      "README.md",
      "sub/.mcp.json",
      ".picasso/worktrees/feature/src/a.ts",
      ".claude/skills/x/SKILL.md",
      ".github/workflows/ci.yml",
      "git/config",
      "../outside",
    ])
      expect(protectedPathReason(path), path).toBeUndefined();
  });

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
