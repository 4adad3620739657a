import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { acpApprover, type PermissionAsker } from "./permission.js";
import { proposedChange } from "./proposed-change.js";

const dir = mkdtempSync(join(tmpdir(), "picasso-acp-proposed-"));
writeFileSync(join(dir, "a.ts"), "const a = 1;\nconst b = 2;\n");

describe("proposedChange (what a permission request shows)", () => {
  it("shows an edit as the file before and after", () => {
    expect(proposedChange({ path: "a.ts", old_string: "b = 2", new_string: "b = 3" }, dir)).toEqual([
      {
        type: "diff",
        path: join(dir, "a.ts"),
        oldText: "const a = 1;\nconst b = 2;\n",
        newText: "const a = 1;\nconst b = 3;\n",
      },
    ]);
  });

  it("shows a write of a new file as its content", () => {
    expect(proposedChange({ path: "NOTES.md", content: "a\nb\nc\n" }, dir)).toEqual([
      { type: "diff", path: join(dir, "NOTES.md"), oldText: null, newText: "a\nb\nc\n" },
    ]);
  });

  it("shows nothing for a call without a path", () => {
    expect(proposedChange({ command: "ls" }, dir)).toEqual([]);
  });
});

describe("acpApprover", () => {
  it("puts the proposed change in the permission request", async () => {
    const asked: Parameters<PermissionAsker>[0][] = [];
    const approver = acpApprover(
      () => "s1",
      dir,
      async (params) => {
        asked.push(params);
        return { outcome: { outcome: "selected", optionId: "allow_once" } };
      },
    );
    await approver.approve(
      {
        lane: "main",
        toolUseId: "t1",
        name: "write",
        effect: "write",
        input: { path: "N.md", content: "x\n" },
      },
      new AbortController().signal,
    );
    expect(asked[0]?.toolCall.content).toEqual([
      { type: "diff", path: join(dir, "N.md"), oldText: null, newText: "x\n" },
    ]);
  });
});
