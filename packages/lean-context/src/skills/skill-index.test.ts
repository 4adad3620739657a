import { byteLength, type SkillInfo } from "@picasso/protocol";
import { describe, expect, it } from "vitest";
import { buildSkillIndex, cutTrigger, triggerOf } from "./skill-index.js";

const budget = { budgetBytes: 2560, namesBudgetBytes: 512, triggerMaxChars: 200, triggerMinChars: 32 };
const chars = (s: string) =>
  Array.from(new Intl.Segmenter("en", { granularity: "grapheme" }).segment(s)).length;

function skills(count: number, scope: "project" | "user" = "project", prefix = "skill"): SkillInfo[] {
  return Array.from({ length: count }, (_, i) => ({
    name: `${prefix}-${String(i).padStart(3, "0")}-${["deploy", "review", "migrate", "profile"][i % 4]}`,
    description: `Guidance for ${["deploying", "reviewing", "migrating", "profiling"][i % 4]}. Use when the task involves ${["deploying", "reviewing", "migrating", "profiling"][i % 4]} part ${i}: ${"step by step guidance with checks ".repeat(4)}`,
    scope,
  }));
}

describe("buildSkillIndex", () => {
  it("10 project and 20 user skills: every one with its trigger, cut to one length, within the budget", () => {
    const list = [...skills(20, "user", "global"), ...skills(10, "project", "local")];
    const index = buildSkillIndex(list, budget);
    const lines = index.text.split("\n").slice(2);
    expect(lines).toHaveLength(30);
    // Project skills first, each group by name.
    expect(lines[0]!.startsWith("- local-000-deploy: Use when the task involves deploying")).toBe(true);
    expect(lines[10]!.startsWith("- global-000-deploy: ")).toBe(true);
    expect(index).toMatchObject({ withTrigger: 30, byName: 0, collapsed: 0, overflowed: false, cut: 30 });
    expect(index.triggerChars).toBeGreaterThanOrEqual(32);
    expect(index.bytesAfter).toBeLessThanOrEqual(2560);
    // The longest length that fits: one more character each would not.
    const longer = buildSkillIndex(list, { ...budget, triggerMinChars: index.triggerChars + 1 });
    expect(longer.overflowed).toBe(true);
    for (const line of lines)
      expect(chars(line.slice(line.indexOf(": ") + 2))).toBeLessThanOrEqual(index.triggerChars);
    expect(buildSkillIndex([...list].reverse(), budget)).toEqual(index);
    // Beside it, what the same skills would cost listed by name only (no trigger).
    const namesOnly = `${index.text.split("\n").slice(0, 2).join("\n")}\nAlso available (load by name): ${list
      .slice(20)
      .concat(list.slice(0, 20))
      .map((s) => s.name)
      .join(", ")}`;
    expect(index.namesOnlyBytes).toBe(byteLength(namesOnly));
    expect(index.namesOnlyBytes).toBeLessThan(index.bytesAfter);
  });

  it("200 skills: within the budget, triggers kept for project skills first, and what was shortened said", () => {
    const list = [...skills(150, "user", "global"), ...skills(50, "project", "local")];
    const index = buildSkillIndex(list, budget);
    expect(index.bytesAfter).toBeLessThanOrEqual(2560);
    expect(index.overflowed).toBe(true);
    expect(index.triggerChars).toBe(32);
    expect(index.withTrigger + index.byName + index.collapsed).toBe(200);
    expect(index.collapsed).toBeGreaterThan(0);
    const lines = index.text.split("\n");
    expect(lines.filter((l) => l.startsWith("- ")).every((l) => l.startsWith("- local-"))).toBe(true);
    expect(lines.find((l) => l.startsWith("Also available"))!.length).toBeLessThanOrEqual(512);
    expect(lines.at(-1)).toBe(
      `+${index.collapsed} more skills not listed: find them with tool_call({name: "skill_search", arguments: {query}}).`,
    );
    expect(buildSkillIndex([...list].reverse(), budget)).toEqual(index);
  });

  it("a 1 KB description of multi-byte text: its trigger cut on a word, never inside a character", () => {
    const description = `${"Prüfe die Übersetzungen im Glossar 日本語の用語 👍🏽 ".repeat(22)}`.slice(0, 760);
    expect(byteLength(description)).toBeGreaterThan(1000);
    const index = buildSkillIndex([{ name: "i18n", description }], { ...budget, triggerMaxChars: 120 });
    const trigger = index.text.split("\n")[2]!.slice("- i18n: ".length);
    expect(trigger.endsWith("…")).toBe(true);
    expect(chars(trigger)).toBeLessThanOrEqual(120);
    expect(description.replace(/\s+/g, " ").startsWith(trigger.slice(0, -1))).toBe(true);
    expect(trigger.at(-2)).not.toBe(" ");
    expect(index).toMatchObject({ withTrigger: 1, cut: 1, triggerChars: 120 });
  });

  it("no skills: empty index", () => {
    expect(buildSkillIndex([], budget).text).toBe("");
  });
});

describe("triggers", () => {
  it("are the description's when-clause when it has one", () => {
    expect(triggerOf("Cut a release: bump, tag, publish. Use when asked to release or tag a version.")).toBe(
      "Use when asked to release or tag a version.",
    );
    expect(triggerOf("PDF toolkit for text and tables. When Claude needs to fill in a PDF form.")).toBe(
      "When Claude needs to fill in a PDF form.",
    );
    expect(triggerOf("Use for a new API route.")).toBe("Use for a new API route.");
    expect(triggerOf("Render charts from CSV files.")).toBe("Render charts from CSV files.");
    // "use" inside a sentence is not a clause of its own
    expect(triggerOf("Tools people use when they travel.")).toBe("Tools people use when they travel.");
  });

  it("cutTrigger collapses whitespace, cuts on a word when one is in reach, and never splits a character", () => {
    expect(cutTrigger("  a\n  b  ", 200)).toBe("a b");
    expect(cutTrigger("abcdef", 4)).toBe("abc…");
    expect(cutTrigger("Use when a change adds or alters tables", 20)).toBe("Use when a change…");
    const flags = cutTrigger("🇩🇪🇫🇷🇮🇹🇪🇸", 3);
    expect(flags).toBe("🇩🇪🇫🇷…");
    expect(byteLength(flags)).toBe(19);
  });
});
