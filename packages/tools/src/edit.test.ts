import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { editTool } from "./edit.js";
import { readTool } from "./read.js";
import { createTestContext, type TestContext } from "./test-context.js";

let ctx: TestContext;
beforeEach(() => {
  ctx = createTestContext();
});
afterEach(() => ctx.cleanup());

async function seed(name: string, content: string | Buffer, read = true) {
  writeFileSync(join(ctx.root, name), content);
  if (read) ctx.files.markRead(join(ctx.root, name));
}
const file = (name: string) => readFileSync(join(ctx.root, name), "utf8");

describe("edit", () => {
  it("replaces a unique match and returns a small diff", async () => {
    await seed("a.ts", "const a = 1;\nconst b = 2;\nconst c = 3;\n");
    const out = await editTool.run(
      { path: "a.ts", old_string: "const b = 2;", new_string: "const b = 20;" },
      ctx,
    );
    expect(out.isError).toBeUndefined();
    expect(file("a.ts")).toBe("const a = 1;\nconst b = 20;\nconst c = 3;\n");
    expect(out.content).toContain("Edited a.ts: replaced 1 occurrence.");
    expect(out.content).toContain("--- a/a.ts\n+++ b/a.ts");
    expect(out.content).toContain("-const b = 2;\n+const b = 20;");
    expect(out.display).toMatchObject({ kind: "diff", path: "a.ts" });
  });

  it("reports zero matches with a whitespace hint", async () => {
    await seed("b.py", "def f():\n    return 1\n");
    const out = await editTool.run({ path: "b.py", old_string: "\treturn 1", new_string: "\treturn 2" }, ctx);
    expect(out.isError).toBe(true);
    expect(out.content).toContain("nothing matched");
    expect(out.content).toContain("at line(s) 2");
    expect(file("b.py")).toBe("def f():\n    return 1\n");
  });

  it("reports zero matches without a near line", async () => {
    await seed("c.txt", "hello\n");
    const out = await editTool.run({ path: "c.txt", old_string: "goodbye", new_string: "x" }, ctx);
    expect(out.isError).toBe(true);
    expect(out.content).toContain("Read the file again");
  });

  it("reports several matches with count and line numbers", async () => {
    await seed("d.txt", "x = 1\ny = 2\nx = 1\nz\nx = 1\n");
    const out = await editTool.run({ path: "d.txt", old_string: "x = 1", new_string: "x = 9" }, ctx);
    expect(out.isError).toBe(true);
    expect(out.content).toContain("occurs 3 times");
    expect(out.content).toContain("lines 1, 3, 5");
    expect(out.content).toContain("replace_all");
  });

  it("replaces every occurrence with replace_all", async () => {
    await seed("e.txt", "x = 1\ny\nx = 1\n");
    const out = await editTool.run(
      { path: "e.txt", old_string: "x = 1", new_string: "x = 9", replace_all: true },
      ctx,
    );
    expect(out.content).toContain("replaced 2 occurrences");
    expect(file("e.txt")).toBe("x = 9\ny\nx = 9\n");
  });

  it("inserts replacement text literally ($ patterns are not special)", async () => {
    await seed("f.txt", "price\n");
    await editTool.run({ path: "f.txt", old_string: "price", new_string: "$& $1 $$" }, ctx);
    expect(file("f.txt")).toBe("$& $1 $$\n");
  });

  it("matches LF old_string against a CRLF file and keeps CRLF", async () => {
    await seed("g.txt", "one\r\ntwo\r\nthree\r\n");
    const out = await editTool.run({ path: "g.txt", old_string: "one\ntwo", new_string: "uno\ndos" }, ctx);
    expect(out.isError).toBeUndefined();
    expect(file("g.txt")).toBe("uno\r\ndos\r\nthree\r\n");
  });

  it("refuses a file the session has not read", async () => {
    await seed("h.txt", "secret\n", false);
    const out = await editTool.run({ path: "h.txt", old_string: "secret", new_string: "public" }, ctx);
    expect(out.isError).toBe(true);
    expect(out.content).toContain("Read it first with the read tool");
    await readTool.run({ path: "h.txt" }, ctx);
    const again = await editTool.run({ path: "h.txt", old_string: "secret", new_string: "public" }, ctx);
    expect(again.isError).toBeUndefined();
  });

  it("refuses non-UTF-8 and binary files", async () => {
    await seed("latin.txt", Buffer.from("caf\xe9\n", "latin1"));
    const latin = await editTool.run({ path: "latin.txt", old_string: "caf", new_string: "tea" }, ctx);
    expect(latin.isError).toBe(true);
    expect(latin.content).toContain("not valid UTF-8");
    await seed("bin.dat", Buffer.from([1, 0, 2, 0]));
    const bin = await editTool.run({ path: "bin.dat", old_string: "a", new_string: "b" }, ctx);
    expect(bin.content).toContain("binary file");
  });

  it("refuses missing files, empty old_string, identical strings and outside paths", async () => {
    const missing = await editTool.run({ path: "none.txt", old_string: "a", new_string: "b" }, ctx);
    expect(missing.content).toContain("To create a new file use write");
    await seed("i.txt", "a\n");
    const empty = await editTool.run({ path: "i.txt", old_string: "", new_string: "b" }, ctx);
    expect(empty.content).toContain("old_string is empty");
    const same = await editTool.run({ path: "i.txt", old_string: "a", new_string: "a" }, ctx);
    expect(same.content).toContain("identical");
    const outside = await editTool.run({ path: "../x.txt", old_string: "a", new_string: "b" }, ctx);
    expect(outside.content).toContain("outside the workspace");
    for (const out of [missing, empty, same, outside]) expect(out.isError).toBe(true);
  });

  it("does not crash on odd input", async () => {
    const out = await editTool.run({ path: "i.txt", old_string: 3, new_string: null }, ctx);
    expect(out.isError).toBe(true);
    expect(out.content).toContain("Invalid input for edit");
  });
});
