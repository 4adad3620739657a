import { byteLength } from "@picasso/protocol";
import { describe, expect, it } from "vitest";
import { buildSkillIndex, cutTrigger } from "./skill-index.js";

const budget = { budgetBytes: 2048, namesBudgetBytes: 512, triggerMaxChars: 200 };

function skills(count: number) {
  return Array.from({ length: count }, (_, i) => ({
    name: `skill-${String(i).padStart(2, "0")}-${["deploy", "review", "migrate", "profile"][i % 4]}`,
    description: `Use when the task involves ${["deploying", "reviewing", "migrating", "profiling"][i % 4]} part ${i}: ${"step by step guidance with checks ".repeat(4)}`,
  }));
}

describe("buildSkillIndex", () => {
  it("40 skills overflow the 2 KB budget deterministically: triggers, then names, then skill_search", () => {
    const list = skills(40);
    const index = buildSkillIndex(list, budget);
    expect(index.skillsKnown).toBe(40);
    expect(index.overflowed).toBe(true);
    expect([index.withTrigger, index.byName, index.collapsed]).toEqual([9, 27, 4]);
    const lines = index.text.split("\n");
    const triggerBytes = byteLength(lines.slice(0, 2 + index.withTrigger).join("\n"));
    expect(triggerBytes).toBeLessThanOrEqual(2048);
    expect(lines.find((l) => l.startsWith("Also available"))!.length).toBeLessThanOrEqual(512);
    expect(lines.at(-1)).toMatch(
      /^\+4 more skills not listed: find them with tool_call\(\{name: "skill_search"/,
    );
    // the same skills in another order give the same bytes
    const shuffled = [...list].reverse();
    expect(buildSkillIndex(shuffled, budget)).toEqual(index);
  });

  it("entries are sorted by name and triggers cut to 200 characters", () => {
    const long = "x".repeat(500);
    const index = buildSkillIndex(
      [
        { name: "zeta", description: "last" },
        { name: "alpha", description: long },
      ],
      budget,
    );
    const lines = index.text.split("\n").slice(2);
    expect(lines[0]!.startsWith("- alpha: ")).toBe(true);
    expect(Array.from(lines[0]!.slice("- alpha: ".length))).toHaveLength(200);
    expect(lines[1]).toBe("- zeta: last");
    expect(index.overflowed).toBe(false);
  });

  it("cutTrigger collapses whitespace and marks the cut", () => {
    expect(cutTrigger("  a\n  b  ", 200)).toBe("a b");
    expect(cutTrigger("abcdef", 4)).toBe("abc…");
  });

  it("no skills: empty index", () => {
    expect(buildSkillIndex([], budget).text).toBe("");
  });
});
