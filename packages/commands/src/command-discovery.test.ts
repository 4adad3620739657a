import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { discoverCommands } from "./command-discovery.js";
import { places, writeFiles } from "./test-places.js";

describe("discoverCommands", () => {
  it("finds project and user commands of every source, namespaced by folder, project first", () => {
    const p = places();
    writeFiles(p.workspaceRoot, {
      ".picasso/commands/review.md": "---\ndescription: project review\n---\nReview $1",
      ".claude/commands/frontend/component.md": "Make $ARGUMENTS",
      ".claude/commands/review.md": "shadowed by .picasso",
      ".gemini/commands/git/commit.toml": 'prompt = "Commit {{args}}"',
      ".claude/commands/notes.txt": "not a command",
    });
    writeFiles(p.picassoHome, { "commands/review.md": "user review, shadowed" });
    writeFiles(p.home, {
      ".claude/commands/Standup.md": "---\ndescription: standup\n---\nSummarise",
      ".gemini/commands/explain.toml": 'description = "Explain"\nprompt = "Explain {{args}}"',
      ".codex/prompts/fix.md": "Fix $1",
      ".codex/prompts/deep/skipped.md": "Codex reads only the top folder",
    });
    const found = discoverCommands(p);
    expect(found.warnings).toEqual([]);
    expect(found.commands.map((c) => [c.name, c.origin, c.source, c.format])).toEqual([
      ["review", "project", "picasso", "markdown"],
      ["frontend:component", "project", "claude", "markdown"],
      ["git:commit", "project", "gemini", "toml"],
      ["standup", "user", "claude", "markdown"],
      ["explain", "user", "gemini", "toml"],
      ["prompts:fix", "user", "codex", "markdown"],
    ]);
    const review = found.commands[0]!;
    expect(review).toMatchObject({
      description: "project review",
      shown: join(".picasso", "commands", "review.md"),
    });
    expect(review.digest).toMatch(/^[0-9a-f]{64}$/);
    expect(found.commands[3]!.shown).toBe(join(p.home, ".claude", "commands", "Standup.md"));
  });

  it("leaves out a broken file, a name clashing with a built-in and a name it cannot take — one line each", () => {
    const p = places();
    writeFiles(p.workspaceRoot, {
      ".claude/commands/broken.md": "---\ndescription: [unclosed\n---\nbody",
      ".claude/commands/context.md": "my own context",
      ".claude/commands/bad name!.md": "x",
      ".gemini/commands/empty.toml": 'description = "no prompt"',
      ".claude/commands/fine.md": "Fine $ARGUMENTS",
    });
    const found = discoverCommands(p, ["context", "help"]);
    expect(found.commands.map((c) => c.name)).toEqual(["fine"]);
    expect(found.warnings).toEqual([
      expect.stringMatching(
        /^\.claude\/commands\/bad name!\.md: not used: "\/bad name!" is not a command name/,
      ),
      expect.stringMatching(/^\.claude\/commands\/broken\.md: not used: front matter not valid YAML/),
      ".claude/commands/context.md: not used: /context is a built-in command; rename the file",
      '.gemini/commands/empty.toml: not used: prompt missing: add prompt = "…"',
    ]);
  });

  it("finds nothing, without a warning, where no command folder exists", () => {
    expect(discoverCommands(places())).toEqual({ commands: [], warnings: [] });
  });
});
