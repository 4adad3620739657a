import { execFileSync } from "node:child_process";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { ToolDefinition } from "@picasso/protocol";
import { HOSTILE_LAYOUTS, plantHostileRepository } from "@picasso/workspace/testing";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createTestContext, type TestContext } from "../test-context.js";
import { worktreeTools } from "./worktree-tools.js";

let ctx: TestContext;
const tools: Record<string, ToolDefinition> = Object.fromEntries(
  worktreeTools().map((t) => [t.spec.name, t]),
);
const run = (name: string, input: Record<string, unknown> = {}) => tools[name]!.run(input, ctx);
const sh = (args: string[], cwd = ctx.root) =>
  execFileSync("git", ["-c", "user.name=Test", "-c", "user.email=test@example.com", ...args], {
    cwd,
    encoding: "utf8",
  }).trim();

beforeEach(() => {
  ctx = createTestContext();
  sh(["init", "-q", "-b", "main"]);
  writeFileSync(join(ctx.root, "app.txt"), "v1\n");
  sh(["add", "."]);
  sh(["commit", "-q", "-m", "first"]);
});
afterEach(() => ctx.cleanup());

describe("worktree tools (a real git repository)", () => {
  it("creates a worktree on a new branch from HEAD, lists it with its changes, and removes it with its branch", async () => {
    const created = await run("worktree_create", { branch: "feature/risky" });
    expect(created.content).toMatch(
      /^Created worktree \.picasso\/worktrees\/feature-risky on new branch feature\/risky from HEAD \([0-9a-f]{7}\)/,
    );
    const path = join(ctx.root, ".picasso/worktrees/feature-risky");
    expect(readFileSync(join(path, "app.txt"), "utf8")).toBe("v1\n");
    expect(sh(["rev-parse", "--abbrev-ref", "HEAD"], path)).toBe("feature/risky");
    // The main checkout does not see the worktree folder as untracked.
    expect(sh(["status", "--porcelain"])).toBe("");

    writeFileSync(join(path, "app.txt"), "v2\n");
    writeFileSync(join(path, "new.txt"), "x\n");
    const listed = await run("worktree_list");
    expect(listed.content.split("\n")).toEqual([
      expect.stringMatching(/^\. {2}main {2}[0-9a-f]{7} {2}clean {2}\(main checkout\)$/),
      expect.stringMatching(
        /^\.picasso\/worktrees\/feature-risky {2}feature\/risky {2}[0-9a-f]{7} {2}2 uncommitted changes$/,
      ),
    ]);

    const refused = await run("worktree_remove", { branch: "feature/risky", delete_branch: true });
    expect(refused.isError).toBe(true);
    expect(refused.content).toContain("has 2 uncommitted changes; commit them, or ask the user");
    expect(existsSync(path)).toBe(true);

    sh(["add", "."], path);
    sh(["commit", "-q", "-m", "risky"], path);
    const unmerged = await run("worktree_remove", { branch: "feature/risky", delete_branch: true });
    expect(unmerged.content).toMatch(
      /^Removed worktree \.picasso\/worktrees\/feature-risky\. The branch feature\/risky was kept: .*not fully merged/,
    );
    expect(existsSync(path)).toBe(false);
    sh(["branch", "-D", "feature/risky"]);
  });

  it("starts from a given base, and force discards changes and an unmerged branch", async () => {
    sh(["tag", "v1"]);
    writeFileSync(join(ctx.root, "app.txt"), "v3\n");
    sh(["commit", "-q", "-am", "second"]);
    await run("worktree_create", { branch: "hotfix", base: "v1" });
    const path = join(ctx.root, ".picasso/worktrees/hotfix");
    expect(readFileSync(join(path, "app.txt"), "utf8")).toBe("v1\n");
    writeFileSync(join(path, "app.txt"), "patched\n");
    const removed = await run("worktree_remove", { branch: "hotfix", delete_branch: true, force: true });
    expect(removed.content).toBe("Removed worktree .picasso/worktrees/hotfix. Branch hotfix deleted.");
    expect(sh(["branch", "--list", "hotfix"])).toBe("");
    expect(sh(["worktree", "list"]).split("\n")).toHaveLength(1);
  });

  it("answers mistakes with a tool error", async () => {
    await run("worktree_create", { branch: "twice" });
    expect((await run("worktree_create", { branch: "twice" })).content).toContain(
      "Branch twice already exists",
    );
    expect((await run("worktree_create", { branch: "bad..name" })).content).toContain(
      "not a valid branch name",
    );
    expect((await run("worktree_create", { branch: "x", base: "no-such-ref" })).content).toContain(
      "git worktree add failed",
    );
    expect((await run("worktree_remove", { branch: "nope" })).content).toBe(
      "No worktree on branch nope (worktrees: twice).",
    );
    const bare = createTestContext();
    try {
      const out = await tools.worktree_list!.run({}, bare);
      expect(out.isError).toBe(true);
      expect(out.content).toContain("not a git repository");
    } finally {
      bare.cleanup();
    }
  });
});

describe.each(HOSTILE_LAYOUTS)(
  "worktree tools on a hostile repository (%s layout)",
  { timeout: 120_000 },
  (layout) => {
    it("the control: plain git worktree add and remove start the repository's hooks and filters", () => {
      const repo = plantHostileRepository(layout);
      const tree = join(repo.root, "..", "control");
      // The planted process filter fails, and git would stop at it; the other plants are enough here.
      repo.git([
        "-c",
        "filter.planted-process.process=",
        "worktree",
        "add",
        "-q",
        "-b",
        "feature/control",
        tree,
      ]);
      repo.stir(tree);
      repo.git(["-c", "filter.planted-process.process=", "worktree", "remove", tree]);
      expect(repo.fired()).toEqual(
        expect.arrayContaining([
          "filter-smudge",
          "hook-post-checkout",
          "hook-reference-transaction",
          "onbranch-clean",
          "onbranch-smudge",
        ]),
      );
    });

    it("worktree_create, worktree_list and worktree_remove start none of them; the worktree works", async () => {
      const repo = plantHostileRepository(layout);
      const on = { ...ctx, workspaceRoot: repo.root, cwd: repo.root };
      const call = (name: string, input: Record<string, unknown>) => tools[name]!.run(input, on);

      const created = await call("worktree_create", { branch: "feature/safe" });
      expect(created.content).toMatch(
        /^Created worktree \.picasso\/worktrees\/feature-safe on new branch feature\/safe/,
      );
      const path = join(repo.root, ".picasso/worktrees/feature-safe");
      // Checked out as stored: no smudge filter ran (and the required one did not stop git).
      expect(readFileSync(join(path, "filtered.txt"), "utf8")).toBe("hello\n");
      expect(readFileSync(join(path, "onbranch.txt"), "utf8")).toBe("on a branch\n");
      expect(readFileSync(join(path, "changed.diff"), "utf8")).toBe("two\n");
      expect(repo.git(["rev-parse", "--abbrev-ref", "HEAD"], { cwd: path }).trim()).toBe("feature/safe");

      repo.stir(path);
      const listed = await call("worktree_list", {});
      expect(listed.content).toMatch(
        /\.picasso\/worktrees\/feature-safe {2}feature\/safe {2}[0-9a-f]{7} {2}clean/,
      );

      repo.stir(path);
      const removed = await call("worktree_remove", { branch: "feature/safe", delete_branch: true });
      expect(removed.content).toBe(
        "Removed worktree .picasso/worktrees/feature-safe. Branch feature/safe deleted.",
      );
      expect(existsSync(path)).toBe(false);
      expect(repo.fired()).toEqual([]);
    });
  },
);
