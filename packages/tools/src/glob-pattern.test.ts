import { describe, expect, it } from "vitest";
import { globMatcher } from "./glob-pattern.js";

describe("globMatcher", () => {
  it("matches file names at any depth when the pattern has no slash", () => {
    const ts = globMatcher("*.ts");
    expect(ts("a.ts")).toBe(true);
    expect(ts("src/deep/b.ts")).toBe(true);
    expect(ts("src/b.tsx")).toBe(false);
  });

  it("matches relative paths when the pattern has a slash", () => {
    const tests = globMatcher("src/**/*.test.ts");
    expect(tests("src/a.test.ts")).toBe(true);
    expect(tests("src/x/y/a.test.ts")).toBe(true);
    expect(tests("lib/a.test.ts")).toBe(false);
    expect(globMatcher("src/*.ts")("src/x/a.ts")).toBe(false);
    expect(globMatcher("./src/*.ts")("src/a.ts")).toBe(true);
  });

  it("supports braces, ? and character classes, and escapes regex characters", () => {
    expect(globMatcher("*.{ts,md}")("README.md")).toBe(true);
    expect(globMatcher("*.{ts,md}")("a.js")).toBe(false);
    expect(globMatcher("file?.txt")("file1.txt")).toBe(true);
    expect(globMatcher("[ab]*.c")("b_main.c")).toBe(true);
    expect(globMatcher("[!ab]*.c")("b_main.c")).toBe(false);
    expect(globMatcher("a+b(1).txt")("a+b(1).txt")).toBe(true);
    expect(globMatcher("a.txt")("abtxt")).toBe(false);
  });
});

describe("globMatcher edge cases kept from the hand-written matcher", () => {
  it("matches dot files, ** without a slash, and a nested brace", () => {
    expect(globMatcher("*.md")(".github/.notes.md")).toBe(true);
    expect(globMatcher("src/**")("src/a/b/c.ts")).toBe(true);
    expect(globMatcher("*.{ts,{md,txt}}")("docs/a.txt")).toBe(true);
    expect(globMatcher("src/**/*.ts")("lib/src/a.ts")).toBe(false);
  });
});
