import { byteLength, type SkillInfo } from "@picasso/protocol";
import { describe, expect, it } from "vitest";
import { buildSkillIndex, cutTrigger } from "./skill-index.js";

const budget = { budgetBytes: 2048, namesBudgetBytes: 512, triggerMaxChars: 200 };

function skills(count: number, scope: "project" | "user" = "project", prefix = "skill"): SkillInfo[] {
  return Array.from({ length: count }, (_, i) => ({
    name: `${prefix}-${String(i).padStart(2, "0")}-${["deploy", "review", "migrate", "profile"][i % 4]}`,
    description: `Use when the task involves ${["deploying", "reviewing", "migrating", "profiling"][i % 4]} part ${i}: ${"step by step guidance with checks ".repeat(4)}`,
    scope,
  }));
}

describe("buildSkillIndex", () => {
  it("40 project skills overflow the 2 KB budget deterministically: triggers, then names, then skill_search", () => {
    const list = skills(40);
    const index = buildSkillIndex(list, budget);
    expect(index.skillsKnown).toBe(40);
    expect(index.overflowed).toBe(true);
    expect([index.withTrigger, index.byName, index.collapsed]).toEqual([7, 21, 12]);
    expect(index.bytesAfter).toBeLessThanOrEqual(2048);
    const lines = index.text.split("\n");
    expect(lines.find((l) => l.startsWith("Also available"))!.length).toBeLessThanOrEqual(512);
    expect(lines.at(-1)).toMatch(
      /^\+12 more skills not listed: find them with tool_call\(\{name: "skill_search"/,
    );
    // the same skills in another order give the same bytes
    expect(buildSkillIndex([...list].reverse(), budget)).toEqual(index);
  });

  it("10 project and 20 user skills: project ones with their trigger, user ones by name only, within 2 KB", () => {
    const index = buildSkillIndex(
      [...skills(20, "user", "global"), ...skills(10, "project", "local")],
      budget,
    );
    const lines = index.text.split("\n");
    expect(index.bytesAfter).toBeLessThanOrEqual(2048);
    expect(lines.filter((l) => l.startsWith("- local-")).length).toBe(index.withTrigger);
    expect(lines.some((l) => l.startsWith("- global-"))).toBe(false);
    const names = lines.find((l) => l.startsWith("Also available (load by name): "))!;
    expect(names.indexOf("global-00")).toBeGreaterThan(-1);
    expect(index.withTrigger + index.byName + index.collapsed).toBe(30);
  });

  it("user skills alone are listed by name only, and all fit when the names line has room", () => {
    const index = buildSkillIndex(skills(5, "user"), budget);
    expect(index.text.split("\n").slice(2)).toEqual([
      "Also available (load by name): skill-00-deploy, skill-01-review, skill-02-migrate, skill-03-profile, skill-04-deploy",
    ]);
    expect(index.overflowed).toBe(false);
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

  it("cutTrigger collapses whitespace, marks the cut, and never splits a character", () => {
    expect(cutTrigger("  a\n  b  ", 200)).toBe("a b");
    expect(cutTrigger("abcdef", 4)).toBe("abc…");
    // multi-byte letters, an emoji with a skin tone and a flag: cut between characters only
    const text = `${"Prüfe die Übersetzung ".repeat(9)}👍🏽🇩🇪 und mehr`;
    const cutText = cutTrigger(text, 200);
    expect(Array.from(new Intl.Segmenter("en", { granularity: "grapheme" }).segment(cutText))).toHaveLength(
      200,
    );
    expect(cutText.endsWith("…")).toBe(true);
    const flags = cutTrigger("🇩🇪🇫🇷🇮🇹🇪🇸", 3);
    expect(flags).toBe("🇩🇪🇫🇷…");
    expect(byteLength(flags)).toBe(19);
  });

  it("no skills: empty index", () => {
    expect(buildSkillIndex([], budget).text).toBe("");
  });
});
