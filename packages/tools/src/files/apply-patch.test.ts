import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createTestContext, type TestContext } from "../test-context.js";
import { applyPatchTool } from "./apply-patch.js";

let ctx: TestContext;
beforeEach(() => {
  ctx = createTestContext();
});
afterEach(() => ctx.cleanup());

const put = (rel: string, content: string) => {
  mkdirSync(dirname(join(ctx.root, rel)), { recursive: true });
  writeFileSync(join(ctx.root, rel), content);
};
const file = (rel: string) => readFileSync(join(ctx.root, rel), "utf8");
const exists = (rel: string) => existsSync(join(ctx.root, rel));
const patch = (...lines: string[]) => ["*** Begin Patch", ...lines, "*** End Patch"].join("\n");

describe("apply_patch", () => {
  it("adds, updates, deletes and moves files in one patch", async () => {
    put("src/app.py", "import os\n\ndef main():\n    print('hi')\n    return 0\n\nmain()\n");
    put("old.txt", "bye\n");
    put("src/util.py", "def helper():\n    return 1\n");
    const out = await applyPatchTool.run(
      {
        patch: patch(
          "*** Add File: docs/NOTES.md",
          "+# Notes",
          "+first line",
          "*** Update File: src/app.py",
          "@@ def main():",
          "-    print('hi')",
          "+    print('hello')",
          "     return 0",
          "*** Delete File: old.txt",
          "*** Update File: src/util.py",
          "*** Move to: src/helpers/util.py",
          "@@",
          " def helper():",
          "-    return 1",
          "+    return 2",
        ),
      },
      ctx,
    );
    expect(out.isError).toBeUndefined();
    expect(out.content).toMatch(
      /^Applied the patch:\nA docs\/NOTES\.md\nM src\/app\.py\nD old\.txt\nD src\/util\.py\nA src\/helpers\/util\.py/,
    );
    expect(file("docs/NOTES.md")).toBe("# Notes\nfirst line\n");
    expect(file("src/app.py")).toBe("import os\n\ndef main():\n    print('hello')\n    return 0\n\nmain()\n");
    expect(exists("old.txt")).toBe(false);
    expect(exists("src/util.py")).toBe(false);
    expect(file("src/helpers/util.py")).toBe("def helper():\n    return 2\n");
    expect(ctx.files.wasRead(join(ctx.root, "src/app.py"))).toBe(true);
  });

  it("is all or nothing: a hunk that does not match changes no file", async () => {
    put("a.txt", "alpha\nbeta\n");
    const out = await applyPatchTool.run(
      {
        patch: patch("*** Add File: new.txt", "+new", "*** Update File: a.txt", "@@", "-gamma", "+delta"),
      },
      ctx,
    );
    expect(out.isError).toBe(true);
    expect(out.content).toContain(
      "The patch was not applied (no file changed): a.txt: hunk 1 does not match the file",
    );
    expect(exists("new.txt")).toBe(false);
    expect(file("a.txt")).toBe("alpha\nbeta\n");
  });

  it("refuses adding an existing file, deleting a missing one, moving onto a file and escaping the workspace", async () => {
    put("a.txt", "a\n");
    put("b.txt", "b\n");
    const cases: [string, string][] = [
      [patch("*** Add File: a.txt", "+x"), "Add File: a.txt already exists"],
      [patch("*** Delete File: gone.txt"), "Delete File: gone.txt does not exist"],
      [
        patch("*** Update File: a.txt", "*** Move to: b.txt", "@@", "-a", "+c"),
        "Move to: b.txt already exists",
      ],
      [patch("*** Add File: ../outside.txt", "+x"), "outside the workspace"],
      ["*** Update File: a.txt\n-a\n+b", 'must start with "*** Begin Patch"'],
      [patch("*** Update File: a.txt", "@@", "?a"), 'a hunk line starts with " "'],
    ];
    for (const [text, message] of cases) {
      const out = await applyPatchTool.run({ patch: text }, ctx);
      expect(out.isError, message).toBe(true);
      expect(out.content).toContain(message);
    }
    expect(file("a.txt")).toBe("a\n");
    expect(file("b.txt")).toBe("b\n");
  });

  it("matches despite trailing whitespace, anchors at the end of file, and keeps CRLF", async () => {
    put("w.txt", "x  \ny\nx\ny\n");
    await applyPatchTool.run(
      { patch: patch("*** Update File: w.txt", "@@", " x", "-y", "+z", "*** End of File") },
      ctx,
    );
    expect(file("w.txt")).toBe("x  \ny\nx\nz\n");
    put("crlf.txt", "one\r\ntwo\r\n");
    await applyPatchTool.run({ patch: patch("*** Update File: crlf.txt", "@@", " one", "-two", "+2") }, ctx);
    expect(file("crlf.txt")).toBe("one\r\n2\r\n");
  });
});
