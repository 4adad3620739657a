/**
 * ripgrep and the JavaScript walk give the same search results on the same files: every query
 * below runs through both engines and the outputs must be equal, byte for byte. (Not covered,
 * because they differ by design of ripgrep's regex engine: a `.` or negated class that would have
 * to match an invalid UTF-8 byte, and `\b` next to a non-ASCII letter; see docs/tools.md.)
 */
import { mkdirSync, symlinkSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { globMatcher } from "../glob-pattern.js";
import { runSearch } from "../search.js";
import { createTestContext, type TestContext } from "../test-context.js";
import { filesToSearch, searchWithJs } from "./js-search.js";
import { findRipgrep, searchWithRipgrep } from "./ripgrep.js";
import { requiredLiteral } from "./search-findings.js";

let ctx: TestContext;
const rg = findRipgrep();

function put(rel: string, content: string | Buffer) {
  mkdirSync(dirname(join(ctx.root, rel)), { recursive: true });
  writeFileSync(join(ctx.root, rel), content);
}

beforeAll(() => {
  ctx = createTestContext();
  put(".gitignore", "dist/\n*.log\nbuild/*\n!build/keep.txt\n");
  put("src/app.ts", "export function loadConfig() {\n  return LOAD;\n}\n");
  put("src/util/strings.ts", "// loadConfig is elsewhere\nexport const x = 1;\n");
  put("src/a.txt", "needle at a.txt\n");
  put("src/a/b.txt", "needle in a/b.txt\n");
  put("src/B.ts", "Needle upper\n");
  put("README.md", "Call loadConfig() first.\n\nneedle needle\n");
  put("dist/app.js", "function loadConfig(){} // needle\n");
  put("dist/sub.log", "needle in an ignored log\n");
  put("debug.log", "needle failed\n");
  put("build/out.txt", "needle built\n");
  put("build/keep.txt", "needle kept\n");
  put("pkg/.gitignore", "*.gen.ts\n!keep.gen.ts\n");
  put("pkg/a.gen.ts", "needle\n");
  put("pkg/keep.gen.ts", "needle\n");
  put("node_modules/pkg/index.js", "needle\n");
  put(".git/HEAD", "needle\n");
  put(".github/workflow.yml", "run: needle\n");
  put(".env.example", "NEEDLE=1\n");
  put("assets/logo.png", Buffer.from([0x89, 0, 0, 0x6e, 0x65, 0x65, 0x64, 0x6c, 0x65, 0x0a]));
  put("assets/blank.bin", Buffer.from([0, 1, 2, 3]));
  put("latin1.txt", Buffer.from("caf\xe9 needle\nna\xefve\n", "latin1"));
  put("bom.txt", "\uFEFFneedle first\n");
  put("crlf.txt", "needle one\r\nneedle two\r\n");
  put("long.txt", `${"x".repeat(400)} needle\n${"y".repeat(10_050)} needle\n`);
  put("many.txt", "hit needle\n".repeat(40));
  put("big.txt", `${"z".repeat(5 * 1024 * 1024)}\nneedle\n`);
  symlinkSync(join(ctx.root, "src/app.ts"), join(ctx.root, "link.ts"));
  symlinkSync(join(ctx.root, "src"), join(ctx.root, "linked-src"));
});
afterAll(() => ctx.cleanup());

const queries: Record<string, unknown>[] = [
  { pattern: "needle" },
  { pattern: "needle", max_results: 7 },
  { pattern: "needle", case_insensitive: true },
  { pattern: "loadConfig" },
  { pattern: "^\\s*return load", glob: "src/**/*.ts", case_insensitive: true },
  { pattern: "needle", glob: "*.txt" },
  { pattern: "needle", path: "src" },
  { pattern: "needle", path: "dist" },
  { pattern: "needle", path: "src/a.txt" },
  { pattern: "caf" },
  { pattern: "^caf" },
  { pattern: "^needle" },
  { pattern: "two$" },
  { pattern: "needle(?= one)" },
  { pattern: "(ne)\\1dle", max_results: 3 },
  { pattern: "\\bneedle\\b", glob: "src/**" },
  { pattern: "[^]eedle" },
  { pattern: "zebra" },
  { pattern: "zebra", glob: "*.nothing" },
  { glob: "*.ts" },
  { glob: "**/*" },
  { glob: "*.txt", max_results: 3 },
];

describe("search engines", () => {
  it("has ripgrep to compare with", () => {
    expect(rg, "install ripgrep (`rg`) to run this test; .ci/run does").toBeDefined();
  });

  for (const input of queries) {
    it(`gives the same result with and without rg for ${JSON.stringify(input)}`, async () => {
      const withRg = await runSearch(input, ctx, { ripgrep: rg });
      const withJs = await runSearch(input, ctx, { ripgrep: undefined });
      expect(withRg).toEqual(withJs);
    });
  }

  it("really runs ripgrep for patterns it can read", async () => {
    for (const pattern of ["needle", "needle(?= one)", "(ne)\\1dle"]) {
      const query = {
        root: ctx.root,
        pattern,
        regex: new RegExp(pattern),
        caseInsensitive: false,
        matches: globMatcher("**"),
        limit: 100,
        signal: ctx.signal,
      };
      expect(await searchWithRipgrep(rg!, query)).toBeDefined();
    }
  });

  it("shows the fixture's rules: order, negations, binary, size, symlinks, encodings", async () => {
    const out = await runSearch({ pattern: "needle", max_results: 2000 }, ctx, { ripgrep: undefined });
    const paths = [
      ...new Set(
        out.content
          .split("\n\n")[0]!
          .split("\n")
          .map((l) => l.split(":")[0]),
      ),
    ];
    expect(paths).toEqual([
      ".github/workflow.yml",
      "README.md",
      "bom.txt",
      "build/keep.txt",
      "crlf.txt",
      "latin1.txt",
      "long.txt",
      "many.txt",
      "pkg/keep.gen.ts",
      "src/a/b.txt",
      "src/a.txt",
    ]);
    expect(out.content).toContain("latin1.txt:1: caf\uFFFD needle");
    expect(out.content).toContain("bom.txt:1: needle first");
    expect(out.content).toContain("crlf.txt:2: needle two");
    expect(out.content).toContain(`long.txt:1: ${"x".repeat(300)}…`);
    expect(out.content).not.toContain("long.txt:2");
    expect(out.content).toContain("[1 binary file(s) with matches skipped. 1 file(s) over 5 MiB skipped.]");
  });
});

describe("requiredLiteral", () => {
  it("finds the longest literal run every match needs, or none when unsure", () => {
    expect(requiredLiteral(/load\w+Config\(/)).toBe("Config(");
    expect(requiredLiteral(/^\s*return load/)).toBe("return load");
    expect(requiredLiteral(/needles?/)).toBe("needle");
    expect(requiredLiteral(/(ne)\1dle/)).toBe("dle");
    expect(requiredLiteral(/a[bcd]ef(gh)*ij\.k/)).toBe("ij.k");
    expect(requiredLiteral(/needle|haystack/)).toBeUndefined();
    expect(requiredLiteral(/needle/i)).toBeUndefined();
    expect(requiredLiteral(/ab/)).toBeUndefined();
  });
});

describe("the JavaScript walk's time budget", () => {
  it("stops when the budget is spent and says how far it got", async () => {
    const query = {
      root: ctx.root,
      pattern: "needle",
      regex: /needle/,
      caseInsensitive: false,
      matches: globMatcher("**"),
      limit: 100,
      signal: ctx.signal,
    };
    const files = await filesToSearch(ctx.root, undefined, query.matches, ctx.signal);
    const found = await searchWithJs(query, files, { budgetMs: 0, sliceMs: 0 });
    expect(found.stopped).toBe(
      `Stopped after 0 s with 0 of ${files.length} files searched; narrow the path or glob.`,
    );
    const unhurried = await searchWithJs(query, files);
    expect(unhurried.stopped).toBeUndefined();
    expect(unhurried.hits.length).toBeGreaterThan(0);
  });
});
