import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { searchTool } from "./search.js";
import { createTestContext, type TestContext } from "./test-context.js";

let ctx: TestContext;
function put(rel: string, content: string | Buffer) {
  mkdirSync(dirname(join(ctx.root, rel)), { recursive: true });
  writeFileSync(join(ctx.root, rel), content);
}
beforeEach(() => {
  ctx = createTestContext();
  put("src/app.ts", "export function loadConfig() {\n  return LOAD;\n}\n");
  put("src/util/strings.ts", "// loadConfig is elsewhere\nexport const x = 1;\n");
  put("README.md", "Call loadConfig() first.\n");
  put(".gitignore", "dist/\n*.log\n");
  put("dist/app.js", "function loadConfig(){}\n");
  put("debug.log", "loadConfig failed\n");
  put("node_modules/pkg/index.js", "loadConfig\n");
  put(".git/HEAD", "loadConfig\n");
  put("assets/logo.png", Buffer.from([0x89, 0, 0, 0x6c, 0x6f, 0x61, 0x64, 0x43]));
});
afterEach(() => ctx.cleanup());

describe("search", () => {
  it("finds lines by regex as path:line: text, honouring .gitignore", async () => {
    const out = await searchTool.run({ pattern: "loadConfig" }, ctx);
    expect(out.isError).toBeUndefined();
    expect(out.content.split("\n\n")[0]!.split("\n")).toEqual([
      "README.md:1: Call loadConfig() first.",
      "src/app.ts:1: export function loadConfig() {",
      "src/util/strings.ts:1: // loadConfig is elsewhere",
    ]);
    for (const hidden of ["dist/", "debug.log", "node_modules", ".git/"])
      expect(out.content).not.toContain(hidden);
  });

  it("skips binary files and says so", async () => {
    const out = await searchTool.run({ pattern: "load" }, ctx);
    expect(out.content).not.toContain("logo.png");
    expect(out.content).toContain("1 binary file(s) with matches skipped");
  });

  it("lists files by glob", async () => {
    const out = await searchTool.run({ glob: "*.ts" }, ctx);
    expect(out.content).toBe("src/app.ts\nsrc/util/strings.ts");
  });

  it("combines glob and pattern, with case-insensitive matching", async () => {
    const out = await searchTool.run(
      { pattern: "^\\s*return load", glob: "src/**/*.ts", case_insensitive: true },
      ctx,
    );
    expect(out.content).toBe("src/app.ts:2: return LOAD;");
  });

  it("searches a subfolder and prints paths relative to the working folder", async () => {
    const out = await searchTool.run({ pattern: "export", path: "src/util" }, ctx);
    expect(out.content).toBe("src/util/strings.ts:2: export const x = 1;");
  });

  it("searches an ignored folder when it is named explicitly", async () => {
    const out = await searchTool.run({ pattern: "loadConfig", path: "dist" }, ctx);
    expect(out.content).toBe("dist/app.js:1: function loadConfig(){}");
  });

  it("honours nested .gitignore files and negations", async () => {
    put("pkg/.gitignore", "*.gen.ts\n!keep.gen.ts\n");
    put("pkg/a.gen.ts", "needle\n");
    put("pkg/keep.gen.ts", "needle\n");
    put("pkg/b.ts", "needle\n");
    const out = await searchTool.run({ pattern: "needle" }, ctx);
    expect(out.content.split("\n\n")[0]).toBe("pkg/b.ts:1: needle\npkg/keep.gen.ts:1: needle");
  });

  it("bounds output and says how many more matches were not shown", async () => {
    put("many.txt", "hit\n".repeat(30));
    const out = await searchTool.run({ pattern: "hit", max_results: 10 }, ctx);
    expect(out.content.split("\n").filter((l) => l.startsWith("many.txt:")).length).toBe(10);
    expect(out.content).toContain("20 more matches not shown");
  });

  it("says when nothing matched", async () => {
    const out = await searchTool.run({ pattern: "zebra" }, ctx);
    expect(out.isError).toBeUndefined();
    expect(out.content).toMatch(/^No matches for \/zebra\/ under \. \(\d+ files searched\)/);
  });

  it("returns clear errors for bad input", async () => {
    const none = await searchTool.run({}, ctx);
    expect(none.content).toContain('Give "pattern"');
    const bad = await searchTool.run({ pattern: "(unclosed" }, ctx);
    expect(bad.content).toContain("Invalid regular expression");
    const outside = await searchTool.run({ pattern: "x", path: "/etc" }, ctx);
    expect(outside.content).toContain("outside the workspace");
    const missing = await searchTool.run({ pattern: "x", path: "nope" }, ctx);
    expect(missing.content).toContain("Folder not found");
    const odd = await searchTool.run({ pattern: 5, max_results: "many" }, ctx);
    for (const out of [none, bad, outside, missing, odd]) expect(out.isError).toBe(true);
  });
});
