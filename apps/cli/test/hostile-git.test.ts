/**
 * Session start in a repository planted with every program a workspace can make git run
 * (`@picasso/workspace/testing`): a headless session and one in plan mode read the git facts
 * (branch and dirty state: `git status` runs) and start none of them. Plain `git status` in the
 * same repository afterwards does start them: the plants were live.
 */
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { HOSTILE_LAYOUTS, plantHostileRepository } from "@picasso/workspace/testing";
import { describe, expect, it } from "vitest";
import { picasso, script } from "./cli-harness.js";

interface SessionStart {
  type: string;
  workspace?: Record<string, unknown>;
}

describe.each(HOSTILE_LAYOUTS)(
  "session start in a hostile repository (%s layout)",
  { timeout: 180_000 },
  (layout) => {
    it("picasso -p and --mode plan start no program the repository names", async () => {
      const repo = plantHostileRepository(layout);
      // The mock's script lives beside the working tree, not in it.
      const outside = join(repo.root, "..");
      mkdirSync(join(outside, ".picasso"));
      const s = script(outside, { steps: [{ text: "hello from the script" }] });
      const mock = ["--provider", "mock", "--mock-script", s];

      repo.stir();
      const headless = await picasso(repo.root, ["-p", "hi", "--output-format", "stream-json", ...mock]);
      expect(headless.exitCode).toBe(0);
      expect(repo.fired()).toEqual([]);
      // The facts were read (git status ran) and the filters passed the bytes through unchanged.
      const start = JSON.parse((headless.stdout as string).split("\n")[0]!) as SessionStart;
      expect(start).toMatchObject({
        type: "session_start",
        workspace: {
          gitBranch: "main",
          ...(layout === "gitfile" ? { gitWorktree: true } : {}),
          gitDirty: false,
        },
      });

      repo.stir();
      const plan = await picasso(repo.root, ["-p", "hi", "--mode", "plan", ...mock]);
      expect(plan.exitCode).toBe(0);
      expect(plan.stdout).toBe("hello from the script");
      expect(repo.fired()).toEqual([]);

      // The control: plain git status in the same repository starts the fsmonitor and the filters.
      repo.stir();
      try {
        repo.git(["status", "--porcelain"]);
      } catch {
        // the planted process filter fails, and git with it; the markers are what count
      }
      expect(repo.fired()).toEqual(expect.arrayContaining(["filter-clean", "fsmonitor"]));
    });
  },
);
