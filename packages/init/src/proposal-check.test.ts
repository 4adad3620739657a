import { describe, expect, it } from "vitest";
import { checkProposal, routedPaths } from "./proposal-check.js";
import { workspaceWith } from "./test-workspace.js";

const LIMITS = { targetBytes: 100, maxBytes: 200 };

describe("checkProposal", () => {
  it("flags routing rows naming docs that do not exist, and only routing lines", () => {
    const root = workspaceWith({ "docs/api.md": "# API\n" });
    const text = [
      "# X",
      "See docs/prose.md for history.",
      "## Read docs/X.md when working on Y",
      "| when working on | read |",
      "| --- | --- |",
      "| the API | `docs/api.md` |",
      "| deploys | `docs/deploy.md`, [ops](docs/ops.md) |",
      "| links | https://example.com/x.md |",
      "Read docs/api.md when working on the API.",
      "",
    ].join("\n");
    expect(routedPaths(text)).toEqual(["docs/api.md", "docs/deploy.md", "docs/ops.md"]);
    const check = checkProposal(text, root, { targetBytes: 4096, maxBytes: 8192 });
    expect(check.missingDocs).toEqual(["docs/deploy.md", "docs/ops.md"]);
    expect(check.notes).toEqual([
      "a routing row names docs/deploy.md, which is not a file in this workspace",
      "a routing row names docs/ops.md, which is not a file in this workspace",
    ]);
    expect(check.overTarget).toBe(false);
  });

  it("a path leading out of the workspace is flagged even if it exists there", () => {
    const root = workspaceWith({ "docs/a.md": "" });
    expect(checkProposal("| x | `../docs/a.md` |\n", root, LIMITS).missingDocs).toEqual(["../docs/a.md"]);
  });

  it("over the target is a note with the byte count; over the hard cap and empty are refused in one line", () => {
    const root = workspaceWith({});
    const over = checkProposal(`${"a".repeat(149)}\n`, root, LIMITS);
    expect(over.overTarget).toBe(true);
    expect(over.bytes).toBe(150);
    expect(over.notes[0]).toMatch(/^the proposal is 150 bytes, over the 100-byte target/);
    expect(() => checkProposal(`${"é".repeat(101)}\n`, root, LIMITS)).toThrow(
      "the model's AGENTS.md is 203 bytes, over the hard cap of 200 (agent-instructions.maxBytes): not proposed, AGENTS.md unchanged",
    );
    expect(() => checkProposal("  \n", root, LIMITS)).toThrow(
      "the model's answer was empty: nothing to write (AGENTS.md unchanged)",
    );
  });
});
