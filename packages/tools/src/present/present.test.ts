import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createTestContext, type TestContext } from "../test-context.js";
import { presentTool } from "./present.js";

let ctx: TestContext;
beforeEach(() => {
  ctx = createTestContext();
});
afterEach(() => ctx.cleanup());

describe("present", () => {
  it("shows a table to the user and acknowledges it in one line", async () => {
    const out = await presentTool.run(
      {
        title: "Libraries",
        table: {
          columns: ["name", "size", "licence"],
          rows: [
            ["zod", "57 KB", "MIT"],
            ["yup", "40 KB", "MIT|X"],
          ],
        },
      },
      ctx,
    );
    expect(out.content).toBe(
      'Shown to the user: "Libraries" (a table, 2 rows). Do not repeat it in your reply.',
    );
    expect(out.display).toEqual({
      kind: "text",
      text: "# Libraries\n\n| name | size | licence |\n| --- | --- | --- |\n| zod | 57 KB | MIT |\n| yup | 40 KB | MIT\\|X |",
    });
  });

  it("shows markdown, a diff and a workspace file", async () => {
    const md = await presentTool.run({ title: "Plan", markdown: "- one\n- two" }, ctx);
    expect(md.display).toEqual({ kind: "text", text: "# Plan\n\n- one\n- two" });
    const diff = "--- a/x\n+++ b/x\n@@ -1 +1 @@\n-a\n+b";
    expect((await presentTool.run({ title: "x", diff }, ctx)).display).toEqual({
      kind: "diff",
      path: "x",
      diff,
    });
    writeFileSync(join(ctx.root, "report.md"), "# Report\nAll green.\n");
    const file = await presentTool.run({ title: "Report", file: "report.md" }, ctx);
    expect(file.content).toBe(
      'Shown to the user: "Report" (report.md, 3 lines). Do not repeat it in your reply.',
    );
    expect(file.display).toEqual({ kind: "text", text: "# Report — report.md\n\n# Report\nAll green.\n" });
  });

  it("needs exactly one thing to show and refuses binary or outside files", async () => {
    expect((await presentTool.run({ title: "t" }, ctx)).content).toContain(
      "exactly one of markdown, file, diff or table (got none)",
    );
    expect((await presentTool.run({ title: "t", markdown: "a", diff: "b" }, ctx)).content).toContain(
      "got markdown, diff",
    );
    expect(
      (await presentTool.run({ title: "t", table: { columns: ["a"], rows: [["1", "2"]] } }, ctx)).content,
    ).toContain("table.rows[0] has 2 cells, not 1");
    writeFileSync(join(ctx.root, "img.png"), Buffer.from([0x89, 0, 1, 2]));
    expect((await presentTool.run({ title: "t", file: "img.png" }, ctx)).content).toContain("not UTF-8 text");
    expect((await presentTool.run({ title: "t", file: "/etc/hostname" }, ctx)).content).toContain(
      "outside the workspace",
    );
  });
});
