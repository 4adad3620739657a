/**
 * The recipes of docs/architecture.md stay true: every repository path a recipe names exists (a
 * `<name>` placeholder stands for the reader's own), and each recipe names, on its `Walked by:` line,
 * at least one test file that exists — the code that walked it.
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = join(import.meta.dirname, "..");
const PATH = /`((?:packages|apps|patches|catalog|docs|scripts|reports)\/[^`\s]*|\.dependency-cruiser\.cjs)`/g;

function recipes(): { title: string; body: string }[] {
  const doc = readFileSync(join(ROOT, "docs/architecture.md"), "utf8");
  const section = doc.split("\n## Recipes\n")[1]?.split("\n## ")[0] ?? "";
  return section
    .split("\n### ")
    .slice(1)
    .map((chunk) => ({ title: chunk.split("\n")[0]!, body: chunk }));
}

describe("docs/architecture.md recipes", () => {
  it("has the five recipes the issue asked for", () => {
    expect(recipes().map((r) => r.title)).toEqual([
      "Add a deferred tool family",
      "Add an extension with a `/context` panel and an operation",
      "Add a provider wire",
      "Add a Tier-1 section",
      "Add a log field",
    ]);
  });

  for (const recipe of recipes()) {
    it(`${recipe.title}: every path it names exists`, () => {
      const named = [...recipe.body.matchAll(PATH)].map((m) => m[1]!).filter((p) => !p.includes("<"));
      expect(named.length).toBeGreaterThan(2);
      expect(named.filter((path) => !existsSync(join(ROOT, path)))).toEqual([]);
    });

    it(`${recipe.title}: names the test that walked it`, () => {
      const walked = recipe.body.split("Walked by:")[1] ?? "";
      const tests = [...walked.matchAll(PATH)].map((m) => m[1]!).filter((p) => /\.test\.tsx?$/.test(p));
      expect(tests.length).toBeGreaterThan(0);
      expect(tests.filter((path) => !existsSync(join(ROOT, path)))).toEqual([]);
    });
  }
});
