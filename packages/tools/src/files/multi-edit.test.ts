import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createTestContext, type TestContext } from "../test-context.js";
import { multiEditTool } from "./multi-edit.js";

let ctx: TestContext;
beforeEach(() => {
  ctx = createTestContext();
});
afterEach(() => ctx.cleanup());

const seed = (name: string, content: string, read = true) => {
  writeFileSync(join(ctx.root, name), content);
  if (read) ctx.files.markRead(join(ctx.root, name));
};
const file = (name: string) => readFileSync(join(ctx.root, name), "utf8");

describe("multi_edit", () => {
  it("applies every edit in order, each to the previous result, and writes once", async () => {
    seed("a.ts", "let a = 1;\nlet b = 2;\nlog(a);\nlog(a);\n");
    const out = await multiEditTool.run(
      {
        path: "a.ts",
        edits: [
          { old_string: "let a = 1;", new_string: "let alpha = 1;" },
          { old_string: "log(a);", new_string: "log(alpha);", replace_all: true },
          { old_string: "let alpha = 1;\nlet b", new_string: "const alpha = 1;\nlet b" },
        ],
      },
      ctx,
    );
    expect(out.isError).toBeUndefined();
    expect(file("a.ts")).toBe("const alpha = 1;\nlet b = 2;\nlog(alpha);\nlog(alpha);\n");
    expect(out.content).toContain("Edited a.ts: 3 edits, 4 replacements.");
    expect(out.display).toMatchObject({ kind: "diff", path: "a.ts" });
  });

  it("is all or nothing: one failing edit leaves the file untouched and names the edit", async () => {
    seed("b.ts", "one\ntwo\ntwo\n");
    const before = file("b.ts");
    const missing = await multiEditTool.run(
      {
        path: "b.ts",
        edits: [
          { old_string: "one", new_string: "1" },
          { old_string: "three", new_string: "3" },
        ],
      },
      ctx,
    );
    expect(missing.isError).toBe(true);
    expect(missing.content).toMatch(
      /^Edit 2 of 2 failed: old_string was not found.*Nothing was written to b\.ts/,
    );
    const ambiguous = await multiEditTool.run(
      {
        path: "b.ts",
        edits: [
          { old_string: "one", new_string: "1" },
          { old_string: "two", new_string: "2" },
        ],
      },
      ctx,
    );
    expect(ambiguous.content).toContain("Edit 2 of 2 failed: old_string occurs 2 times");
    expect(file("b.ts")).toBe(before);
  });

  it("requires a read first, keeps CRLF, and rejects malformed edits", async () => {
    seed("c.txt", "x\r\ny\r\n", false);
    expect(
      (await multiEditTool.run({ path: "c.txt", edits: [{ old_string: "x", new_string: "z" }] }, ctx))
        .content,
    ).toContain("Read it first");
    ctx.files.markRead(join(ctx.root, "c.txt"));
    await multiEditTool.run({ path: "c.txt", edits: [{ old_string: "x\ny", new_string: "x\nw" }] }, ctx);
    expect(file("c.txt")).toBe("x\r\nw\r\n");
    const bad = await multiEditTool.run({ path: "c.txt", edits: [{ old_string: 1 }] }, ctx);
    expect(bad.isError).toBe(true);
    expect(bad.content).toContain("Invalid input for multi_edit");
    expect((await multiEditTool.run({ path: "c.txt", edits: [] }, ctx)).content).toContain("non-empty array");
  });
});
