import { describe, expect, it } from "vitest";
import { deferredTools, families, groups } from "../../test/fixtures/tools.js";
import { buildCatalog } from "./build-catalog.js";
import { keywordNavigator, type Navigator, resolveNode, runNavigationEval } from "./navigation-eval.js";

const catalog = buildCatalog({
  deferred: deferredTools(),
  families,
  groups,
  skills: [
    { name: "release", description: "Cut a release: bump the version, tag and publish.", scope: "project" },
    { name: "standup", description: "Write a daily standup note.", scope: "user" },
  ],
});

describe("runNavigationEval", () => {
  it("scores the keyword navigator: success, hops, bytes, first-hop precision", async () => {
    const report = await runNavigationEval(
      catalog,
      [
        { task: "fetch the page at an address", expect: ["web_fetch"] },
        { task: "publish a new version with a tag", expect: ["release"] },
        { task: "throw away a git worktree", expect: ["worktree_remove"] },
        { task: "zzz qqq", expect: ["standup"] },
      ],
      { budgetBytes: 1024 },
    );
    expect(report.results.map((r) => [r.success, r.hops, r.chosen ?? null])).toEqual([
      [true, 1, "web/web/web_fetch"],
      [true, 1, "skills/release"],
      [true, 1, "workspace/worktree/worktree_remove"],
      [false, 1, null],
    ]);
    expect(report.successAtBudget).toBe(0.75);
    expect(report.successAt1).toBe(0.75);
    expect(report.firstHopPrecision).toBe(0.75);
    expect(report.meanHops).toBe(1);
    expect(report.results.every((r) => r.firstViewBytes <= 1024)).toBe(true);
    expect(report.meanFirstViewBytes).toBe(report.results.reduce((n, r) => n + r.firstViewBytes, 0) / 4);
    expect(report.catalogBytes).toBeGreaterThan(report.meanBytesToAnswer);
  });

  it("a list opens its first entry in a second hop; a navigator past the hop limit is refused", async () => {
    const alike = buildCatalog({
      skills: ["a", "b", "c", "d", "e"].map((x) => ({
        name: `notes-${x}`,
        description: "Write release notes.",
      })),
    });
    const broad = await runNavigationEval(alike, [{ task: "release notes", expect: ["notes-a"] }], {
      budgetBytes: 1024,
    });
    expect(broad.results[0]).toMatchObject({
      hops: 2,
      success: true,
      queries: ["release notes", "skills/notes-a"],
    });
    const greedy: Navigator = {
      name: "greedy",
      async navigate(_task, ask) {
        for (let i = 0; i < 5; i++) await ask("web");
        return "web_fetch";
      },
    };
    const limited = await runNavigationEval(catalog, [{ task: "x", expect: ["web_fetch"] }], {
      budgetBytes: 1024,
      maxHops: 2,
      navigator: greedy,
    });
    expect(limited.results[0]).toMatchObject({
      hops: 2,
      success: true,
      queries: ["web", "web", "web", "web", "web"],
    });
  });

  it("false expansions, no-entry cases, success@3, bytes until the right entry, the two ratios", async () => {
    // A scripted navigator: each task is a list of queries; it chooses the last query's answer.
    const scripted: Navigator = {
      name: "scripted",
      async navigate(task, ask) {
        let last: string | undefined;
        for (const q of task.split(" ; ")) {
          const answer = await ask(q);
          last = answer.shown.find((s) => s.full)?.id;
        }
        return last;
      },
    };
    const report = await runNavigationEval(
      catalog,
      [
        { task: "web_search ; web_fetch", expect: ["web_fetch"] }, // a wrong entry expanded first
        { task: "web_fetch ; web_search", expect: ["web_fetch"] }, // right first, then a wrong one
        { task: "release", expect: [] }, // no entry fits, yet one was expanded
        { task: "zzz qqq", expect: [] }, // no entry fits, nothing chosen
        { task: "zzz ; qqq ; worktree_remove", expect: ["worktree_remove"] }, // 3 hops
      ],
      { budgetBytes: 1024, navigator: scripted, split: "dev" },
    );
    expect(report.split).toBe("dev");
    expect(report.noEntryCases).toBe(2);
    expect(report.results.map((r) => [r.success, r.hops, r.falseExpansion])).toEqual([
      [true, 2, true],
      [false, 2, true],
      [false, 1, true],
      [true, 1, false],
      [true, 3, false],
    ]);
    expect(report.successAt1).toBe(0.2);
    expect(report.successAt3).toBe(0.6);
    expect(report.falseExpansions).toBe(0.6);
    const [wrongFirst, rightFirst, , , third] = report.results;
    expect(wrongFirst!.expanded).toEqual(["web/web/web_search", "web/web/web_fetch"]);
    // Bytes to answer: the answers up to the one that showed the right entry in full.
    expect(rightFirst!.bytesToAnswer).toBe(rightFirst!.firstViewBytes);
    expect(wrongFirst!.bytesToAnswer).toBeGreaterThan(wrongFirst!.firstViewBytes);
    expect(report.meanBytesToAnswer).toBe((wrongFirst!.bytesToAnswer + third!.bytesToAnswer) / 2);
    expect(report.firstViewRatio).toBeCloseTo(report.catalogBytes / report.meanFirstViewBytes, 9);
    expect(report.contextRatio).toBeCloseTo(report.catalogBytes / report.meanBytesToAnswer, 9);
  });

  it("resolveNode reads an id, a name, or a name on the answer's last line", () => {
    expect(resolveNode(catalog, "web/web/web_fetch")?.name).toBe("web_fetch");
    expect(resolveNode(catalog, "`Release`")?.id).toBe("skills/release");
    expect(resolveNode(catalog, "I searched twice.\nThe tool is worktree_create.")?.name).toBe(
      "worktree_create",
    );
    expect(resolveNode(catalog, "no idea")).toBeUndefined();
    expect(keywordNavigator.name).toBe("keyword");
  });
});
