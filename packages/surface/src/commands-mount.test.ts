import { mkdirSync, mkdtempSync, realpathSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { loadComposition } from "@picasso/lean-context";
import { describe, expect, it } from "vitest";
import { mountExtensions } from "./extension-registry.js";
import { reviewProjectConfig } from "./project-config.js";

function workspace(files: Record<string, string>): string {
  const root = realpathSync(mkdtempSync(join(tmpdir(), "surface-cmd-ws-")));
  mkdirSync(join(root, ".picasso"));
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, name)), { recursive: true });
    writeFileSync(join(root, name), text);
  }
  return root;
}

function place(root: string) {
  const picassoHome = process.env.PICASSO_HOME!;
  const home = realpathSync(mkdtempSync(join(tmpdir(), "surface-cmd-home-")));
  const composition = loadComposition({ surface: "cli", picassoHome, workspaceRoot: root });
  return {
    composition,
    workspaceRoot: root,
    picassoHome,
    version: "test",
    offline: true,
    env: { HOME: home },
  };
}

describe("the commands extension, mounted by the composition", () => {
  it("mounts last; a file taking a core, an extension's or the TUI's name is one warning, the rest are operations", async () => {
    const root = workspace({
      ".claude/commands/review.md": "---\ndescription: Review\n---\nReview $1",
      ".claude/commands/changes.md": "the changes extension owns this name",
      ".claude/commands/compact.md": "a core operation owns this name",
      ".claude/commands/help.md": "the TUI owns this name",
    });
    const mounted = mountExtensions(place(root));
    try {
      expect(mounted.extensions.at(-1)?.name).toBe("commands");
      expect(mounted.extensions.at(-1)?.operations?.map((op) => op.name)).toEqual(["review"]);
      expect(mounted.warnings()).toEqual([
        join(".claude", "commands", "changes.md") +
          ": not used: /changes is a built-in command; rename the file",
        join(".claude", "commands", "compact.md") +
          ": not used: /compact is a built-in command; rename the file",
        join(".claude", "commands", "help.md") + ": not used: /help is a built-in command; rename the file",
      ]);
    } finally {
      await mounted.close();
    }
  });

  it("a project command file with a shell line its allowed-tools permits awaits approval like .mcp.json", () => {
    const root = workspace({
      ".claude/commands/status.md": "---\nallowed-tools: Bash(git status:*)\n---\n!`git status --short`",
      ".claude/commands/plain.md": "no shell line",
    });
    expect(reviewProjectConfig({ workspaceRoot: root, picassoHome: process.env.PICASSO_HOME! })).toEqual([
      {
        file: join(".claude", "commands", "status.md"),
        state: "new",
        digest: expect.stringMatching(/^[0-9a-f]{64}$/),
        effect: "runs shell commands when /status is used: git status --short",
      },
    ]);
  });
});
