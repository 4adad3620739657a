import { mkdirSync, symlinkSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { expandCommand, splitArguments } from "./command-expansion.js";
import { tempDir, writeFiles } from "./test-places.js";

const md = (template: string) => ({ template, format: "markdown" as const, shown: "review.md" });
const toml = (template: string) => ({ template, format: "toml" as const, shown: "commit.toml" });

describe("expandCommand", () => {
  const ws = tempDir("picasso-cmd-ws-");

  it("puts in $ARGUMENTS and $1…$9, quotes grouping, a missing one empty", async () => {
    const out = await expandCommand(md("All: $ARGUMENTS | 1=$1 2=$2 3=[$3]"), ' src/a.ts "two words" ', {
      workspaceRoot: ws,
    });
    expect(out).toEqual({ prompt: 'All: src/a.ts "two words" | 1=src/a.ts 2=two words 3=[]', notes: [] });
    expect(splitArguments(`a 'b c' "d \\" e"`)).toEqual(["a", "b c", 'd " e']);
  });

  it("fills a Codex prompt's named placeholders from KEY=value, $$ as a dollar; a missing one is a note", async () => {
    const codex = (template: string) => ({
      ...md(template),
      shown: "prompts/ticket.md",
      source: "codex" as const,
    });
    const full = await expandCommand(
      codex("Fix $TICKET_ID in $FILE (cost $$5); also: $ARGUMENTS; first: $1"),
      'TICKET_ID=PAY-12 FILE="src/pay.ts" urgent today',
      { workspaceRoot: ws },
    );
    expect(full).toEqual({
      prompt: "Fix PAY-12 in src/pay.ts (cost $5); also: urgent today; first: urgent",
      notes: [],
    });
    const missing = await expandCommand(codex("Fix $TICKET_ID in $FILE"), "TICKET_ID=PAY-12", {
      workspaceRoot: ws,
    });
    expect(missing).toEqual({
      prompt: "Fix PAY-12 in ",
      notes: ["prompts/ticket.md: no value for $FILE; pass FILE=…"],
    });
    // A Claude command keeps $HOME-like text as it is: named placeholders are Codex's only.
    expect((await expandCommand(md("Check $HOME for $1"), "x", { workspaceRoot: ws })).prompt).toBe(
      "Check $HOME for x",
    );
  });

  it("appends the arguments to a template without a placeholder; Gemini's {{args}}", async () => {
    expect((await expandCommand(md("Summarise the diff."), "briefly", { workspaceRoot: ws })).prompt).toBe(
      "Summarise the diff.\n\nbriefly",
    );
    expect((await expandCommand(md("Summarise."), "", { workspaceRoot: ws })).prompt).toBe("Summarise.");
    expect((await expandCommand(toml("Commit: {{args}}."), "fix login", { workspaceRoot: ws })).prompt).toBe(
      "Commit: fix login.",
    );
    expect((await expandCommand(toml("Commit."), "fix login", { workspaceRoot: ws })).prompt).toBe(
      "Commit.\n\nfix login",
    );
  });

  it("appends @path and @{path} files inside the workspace; outside it, a note and nothing read", async () => {
    const root = tempDir("picasso-cmd-ws-");
    const outside = tempDir("picasso-cmd-outside-");
    writeFiles(root, { "src/a.ts": "export const a = 1;\n", "docs/b.md": "# B\n" });
    writeFiles(outside, { "secret.txt": "top secret\n" });
    mkdirSync(join(root, "links"));
    symlinkSync(join(outside, "secret.txt"), join(root, "links", "secret.txt"));
    const out = await expandCommand(
      md("Look at @$1, @{docs/b.md}, @links/secret.txt, @../x and mail me@example.com."),
      "src/a.ts",
      { workspaceRoot: root },
    );
    expect(out.prompt).toBe(
      'Look at @src/a.ts, @{docs/b.md}, @links/secret.txt, @../x and mail me@example.com.\n\n<file path="src/a.ts">\nexport const a = 1;\n\n</file>\n\n<file path="docs/b.md">\n# B\n\n</file>',
    );
    expect(out.prompt).not.toContain("top secret");
    expect(out.notes).toEqual(["review.md: did not include @links/secret.txt: it is outside the workspace"]);
  });

  it("runs no shell line without a runner: a marker and a note instead", async () => {
    const out = await expandCommand(md("Status:\n!`git status`\nDone $1"), "now", { workspaceRoot: ws });
    expect(out.prompt).toBe("Status:\n[not run: git status]\nDone now");
    expect(out.notes).toEqual(["review.md: did not run `git status`: shell lines are not run here"]);
  });

  it("puts a shell line's output in as it is (arguments never reach the shell, nor the output)", async () => {
    const ran: string[] = [];
    const out = await expandCommand(md("Out: !`echo $1` and $ARGUMENTS"), "!`rm -rf /`", {
      workspaceRoot: ws,
      runShell: async (cmd) => {
        ran.push(cmd);
        return { ran: true, text: "literal $1 $ARGUMENTS\n" };
      },
    });
    expect(ran).toEqual(["echo $1"]);
    expect(out.prompt).toBe("Out: literal $1 $ARGUMENTS and !`rm -rf /`");
    const gemini = await expandCommand(toml("Diff: !{git diff}"), "", {
      workspaceRoot: ws,
      runShell: async () => ({ ran: false, text: "no" }),
    });
    expect(gemini).toEqual({
      prompt: "Diff: [not run: git diff]",
      notes: ["commit.toml: did not run `git diff`: no"],
    });
  });
});
