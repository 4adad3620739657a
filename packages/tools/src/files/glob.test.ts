import { mkdirSync, symlinkSync, utimesSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createTestContext, type TestContext } from "../test-context.js";
import { globTool } from "./glob.js";
import { listDirTool } from "./list-dir.js";

let ctx: TestContext;
beforeEach(() => {
  ctx = createTestContext();
});
afterEach(() => ctx.cleanup());

function put(rel: string, content = "x", mtimeSec?: number) {
  const abs = join(ctx.root, rel);
  mkdirSync(dirname(abs), { recursive: true });
  writeFileSync(abs, content);
  if (mtimeSec !== undefined) utimesSync(abs, mtimeSec, mtimeSec);
}

describe("glob", () => {
  it("matches by picomatch pattern, newest first, honouring .gitignore", async () => {
    put(".gitignore", "dist/\n");
    put("src/a.test.ts", "", 1_000);
    put("src/deep/b.test.ts", "", 3_000);
    put("src/c.ts", "", 2_000);
    put("dist/d.test.ts", "", 4_000);
    put("node_modules/e/f.test.ts", "", 5_000);
    const out = await globTool.run({ pattern: "**/*.test.ts" }, ctx);
    expect(out.content).toBe("src/deep/b.test.ts\nsrc/a.test.ts");
    const bare = await globTool.run({ pattern: "*.{ts,md}", path: "src" }, ctx);
    expect(bare.content.split("\n")).toEqual(["src/deep/b.test.ts", "src/c.ts", "src/a.test.ts"]);
  });

  it("include_ignored also walks ignored folders; max_results cuts with a note", async () => {
    put(".gitignore", "dist/\n");
    put("dist/d.test.ts", "", 4_000);
    put("src/a.test.ts", "", 1_000);
    const out = await globTool.run({ pattern: "*.test.ts", include_ignored: true, max_results: 1 }, ctx);
    expect(out.content).toBe(
      "dist/d.test.ts\n1 more files not shown; narrow the pattern or path, or raise max_results.",
    );
  });

  it("says so when nothing matches, and refuses paths outside the workspace", async () => {
    expect((await globTool.run({ pattern: "*.rs" }, ctx)).content).toMatch(/^No files match \*\.rs/);
    const out = await globTool.run({ pattern: "*", path: "/etc" }, ctx);
    expect(out.isError).toBe(true);
    expect(out.content).toContain("outside the workspace");
    expect((await globTool.run({ pattern: "../*" }, ctx)).isError).toBe(true);
  });
});

describe("list_dir", () => {
  it("shows a tree to the given depth with sizes and folder counts", async () => {
    put(".gitignore", "*.log\n");
    put("README.md", "hello");
    put("debug.log", "noise");
    put("src/index.ts", "x".repeat(2048));
    put("src/lib/util.ts", "u");
    put("node_modules/pkg/index.js", "");
    const out = await listDirTool.run({ depth: 2 }, ctx);
    expect(out.content).toBe(
      [
        "./",
        "  node_modules/ (1 entry)",
        "  src/",
        "    lib/ (1 entry)",
        "    index.ts  2.0 KB",
        "  .gitignore  6 B",
        "  README.md  5 B",
        "(1 entries ignored by .gitignore not listed; include_ignored shows them)",
      ].join("\n"),
    );
    const flat = await listDirTool.run({ path: "src", depth: 1, include_ignored: true }, ctx);
    expect(flat.content).toBe("src/\n  lib/ (1 entry)\n  index.ts  2.0 KB");
  });

  it("walks nested .gitignore files, lists symlinks and never expands .git", async () => {
    put("pkg/.gitignore", "*.gen.ts\n");
    put("pkg/a.gen.ts");
    put("pkg/b.ts", "bb");
    put(".git/HEAD", "ref");
    symlinkSync(join(ctx.root, "pkg/b.ts"), join(ctx.root, "link.ts"));
    const out = await listDirTool.run({ depth: 3 }, ctx);
    expect(out.content).toBe(
      [
        "./",
        "  .git/ (1 entry)",
        "  pkg/",
        "    .gitignore  9 B",
        "    b.ts  2 B",
        "  link.ts -> (symlink)",
        "(1 entries ignored by .gitignore not listed; include_ignored shows them)",
      ].join("\n"),
    );
  });

  it("refuses a file and a missing folder", async () => {
    put("a.txt");
    expect((await listDirTool.run({ path: "a.txt" }, ctx)).content).toContain("is a file");
    expect((await listDirTool.run({ path: "nope" }, ctx)).isError).toBe(true);
  });
});
