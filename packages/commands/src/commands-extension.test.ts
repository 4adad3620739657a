import { describe, expect, it } from "vitest";
import { createCommandsExtension } from "./commands-extension.js";
import { places, writeFiles } from "./test-places.js";

const ctx = { signal: new AbortController().signal, offline: false };

describe("the commands extension", () => {
  it("offers each command as an operation that answers with the prompt to send and its turn limit", async () => {
    const p = places();
    writeFiles(p.workspaceRoot, {
      ".claude/commands/review.md":
        "---\ndescription: Review a file\nargument-hint: <file> [focus]\nallowed-tools: Read, Bash(git diff:*)\nmodel: opus\n---\nReview $1 for $2.",
      ".gemini/commands/git/commit.toml": 'description = "Commit message"\nprompt = "Commit: {{args}}"',
    });
    const made = createCommandsExtension(p, ["context"]);
    const [review, commit] = made.extension.operations!;
    expect(review).toMatchObject({
      name: "review",
      args: "<file> [focus]",
      summary: "Review a file (project claude command)",
    });
    const answer = await review!.run("src/a.ts security", ctx);
    expect(answer).toEqual({
      text: "Review src/a.ts for security.",
      title: "/review",
      data: {
        presentation: "prompt",
        command: "review",
        prompt: "Review src/a.ts for security.",
        notes: [
          '.claude/commands/review.md: model "opus" is not applied: Picasso keeps one model per session (switch with /model opus)',
        ],
        limit: {
          tools: ["tool_search", "read", "bash"],
          commandPrefixes: ["git diff"],
          commands: [],
          by: "/review",
        },
      },
    });
    expect(commit!.name).toBe("git:commit");
    expect((await commit!.run("fix login", ctx)).data).toEqual({
      presentation: "prompt",
      command: "git:commit",
      prompt: "Commit: fix login",
      notes: [],
    });
  });

  it("puts each command in the catalog with its description, and in a /context panel", async () => {
    const p = places();
    writeFiles(p.workspaceRoot, {
      ".claude/commands/review.md": "---\ndescription: Review a file\nargument-hint: <file>\n---\nReview $1",
    });
    const { extension } = createCommandsExtension(p, []);
    const ctxCatalog = {
      surface: "cli" as const,
      workspaceRoot: p.workspaceRoot,
      cwd: p.workspaceRoot,
      picassoHome: p.picassoHome,
    };
    expect(await extension.catalogEntries!(ctxCatalog)).toEqual([
      {
        kind: "command",
        name: "/review",
        description: "Review a file (project claude command). Arguments: <file>.",
      },
    ]);
    expect(extension.panel!()).toMatchObject({
      id: "commands",
      rows: [{ label: "/review", value: ".claude/commands/review.md — Review a file" }],
    });
    expect(createCommandsExtension(places(), []).extension.panel!()).toBeUndefined();
    expect(extension.registerTools).toBeUndefined();
    expect(extension.assembleSystemPrompt).toBeUndefined();
  });
});
