import { execFileSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { workspaceWith } from "./test-workspace.js";
import { unifiedDiff } from "./unified-diff.js";

/** Applies `diff` with git to a folder holding `before` as AGENTS.md and returns the result. */
function applied(before: string | undefined, diff: string): string {
  const root = workspaceWith(before === undefined ? {} : { "AGENTS.md": before });
  writeFileSync(join(root, "change.diff"), diff);
  execFileSync("git", ["apply", "--unsafe-paths", "change.diff"], { cwd: root, stdio: "pipe" });
  return readFileSync(join(root, "AGENTS.md"), "utf8");
}

const lines = (n: number, prefix = "line") =>
  Array.from({ length: n }, (_, i) => `${prefix} ${i + 1}\n`).join("");

describe("unifiedDiff", () => {
  it("equal texts have no diff", () => {
    expect(unifiedDiff("AGENTS.md", "a\n", "a\n")).toBe("");
  });

  it("a new file is all additions from /dev/null", () => {
    expect(unifiedDiff("AGENTS.md", undefined, "# T\nbody\n")).toBe(
      "--- /dev/null\n+++ b/AGENTS.md\n@@ -0,0 +1,2 @@\n+# T\n+body\n",
    );
  });

  it("one changed line: a hunk with three lines of context around it", () => {
    const before = lines(10);
    const after = before.replace("line 5\n", "line five\n");
    expect(unifiedDiff("AGENTS.md", before, after)).toBe(
      [
        "--- a/AGENTS.md",
        "+++ b/AGENTS.md",
        "@@ -2,7 +2,7 @@",
        " line 2",
        " line 3",
        " line 4",
        "-line 5",
        "+line five",
        " line 6",
        " line 7",
        " line 8",
        "",
      ].join("\n"),
    );
  });

  it("changes far apart are separate hunks, close ones one hunk; git applies every diff", () => {
    const before = lines(40);
    const after = before
      .replace("line 2\n", "")
      .replace("line 20\n", "line 20\nnew after 20\n")
      .replace("line 23\n", "line 23!\n")
      .replace("line 40\n", "line 40\nthe end\n");
    const diff = unifiedDiff("AGENTS.md", before, after);
    expect(diff.match(/^@@/gm)).toHaveLength(3);
    expect(applied(before, diff)).toBe(after);
    for (const [a, b] of [
      [undefined, lines(3)],
      [lines(3), ""],
      ["x\ny", "x\ny\n"],
      ["x\ny\n", "x\nz"],
      [lines(30, "a"), lines(30, "b")],
      [
        "# Title\n\n## Rules\n- one\n- two\n",
        "# Title\n\nIntro.\n\n## Rules\n- one\n- two\n- three\n\n## Read docs\n",
      ],
    ] as const) {
      const diff = unifiedDiff("AGENTS.md", a, b);
      expect(applied(a, diff)).toBe(b);
    }
  });

  it("a last line without a newline is marked as git marks it", () => {
    expect(unifiedDiff("AGENTS.md", "a\nb", "a\nb\n")).toBe(
      "--- a/AGENTS.md\n+++ b/AGENTS.md\n@@ -1,2 +1,2 @@\n a\n-b\n\\ No newline at end of file\n+b\n",
    );
  });
});
