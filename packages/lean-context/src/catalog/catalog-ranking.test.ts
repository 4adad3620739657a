import { describe, expect, it } from "vitest";
import { buildCatalog } from "./build-catalog.js";
import { rankCatalog } from "./catalog-ranking.js";
import { CLEAR_LEAD, navigate } from "./catalog-search.js";
import { stem } from "./search-terms.js";

const skill = (name: string, description: string) => ({ name, description, scope: "project" as const });

const catalog = buildCatalog({
  skills: [
    skill("release", "Cut a release: bump the version, tag and publish the package."),
    skill("standup", "Write a daily standup note from yesterday's commits."),
    skill("code-review", "Review a diff before it is merged: bugs, missing tests, unclear names."),
    skill("pr-comment", "Leave a comment on one line of a pull request as part of a review."),
    skill("slides", "Build a slide deck from an outline. Mentions release notes in passing."),
  ],
});

const ids = (query: string) => rankCatalog(catalog, query).map((r) => r.node.name);

describe("rankCatalog", () => {
  it("a word in an entry's name and description outweighs the same word deep in another's text", () => {
    expect(ids("release")[0]).toBe("release");
    expect(ids("release")).toContain("slides");
  });

  it("a word meets its forms (merge / merged) and its synonym group, the word itself scoring more", () => {
    expect(stem("merge")).toBe(stem("merged"));
    expect(stem("running")).toBe("run");
    expect(stem("gradually")).toBe("gradual");
    expect(ids("look over this diff before I merge it")[0]).toBe("code-review");
    // "ship" is in release's synonym group: found, though below an entry naming "ship" itself.
    const viaGroup = rankCatalog(catalog, "ship it")[0]!;
    expect(viaGroup.node.name).toBe("release");
    expect(viaGroup.matched).toEqual([["ship~", expect.any(Number)]]);
  });

  it("coverage: the share of the task's words an entry matched, rare words weighing more", () => {
    const [best] = rankCatalog(catalog, "daily standup note");
    expect(best!.node.name).toBe("standup");
    expect(best!.coverage).toBe(1);
    const [partial] = rankCatalog(catalog, "daily note about the weather forecast");
    expect(partial!.coverage).toBeGreaterThan(0);
    expect(partial!.coverage).toBeLessThan(0.6);
  });

  it("is deterministic: ties go by id", () => {
    const twins = buildCatalog({
      skills: [skill("b-notes", "Write notes."), skill("a-notes", "Write notes.")],
    });
    expect(rankCatalog(twins, "write notes").map((r) => r.node.name)).toEqual(["a-notes", "b-notes"]);
  });
});

describe("navigate: the precision guard", () => {
  it("expands the best hit alone when it clearly leads", () => {
    const nav = navigate(catalog, "write my daily standup note");
    expect(nav).toMatchObject({ mode: "expand", expand: 1 });
    expect(nav.nodes[0]!.name).toBe("standup");
  });

  it("lists close neighbours instead of expanding one of them", () => {
    const twins = buildCatalog({
      skills: [skill("notes-a", "Write release notes."), skill("notes-b", "Write release notes.")],
    });
    const ranked = rankCatalog(twins, "release notes");
    expect(ranked[0]!.score).toBeLessThan(ranked[1]!.score * CLEAR_LEAD);
    expect(navigate(twins, "release notes")).toMatchObject({ mode: "peek", expand: 0 });
  });

  it("a task sharing a single word with the catalog is no match (nothing expanded)", () => {
    expect(rankCatalog(catalog, "write a haiku about autumn leaves").length).toBeGreaterThan(0);
    expect(navigate(catalog, "write a haiku about autumn leaves")).toMatchObject({ mode: "none", expand: 0 });
    // One word that is most of the task still fits.
    expect(navigate(catalog, "an outline")).toMatchObject({ mode: "expand", expand: 1 });
  });
});
