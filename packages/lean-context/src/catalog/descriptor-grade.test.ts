import { describe, expect, it } from "vitest";
import { deferredTools, families, groups } from "../../test/fixtures/tools.js";
import { buildCatalog } from "./build-catalog.js";
import { gradeDescriptors, withFamilyDescriptors } from "./descriptor-grade.js";
import { familyMembers } from "./family-members.js";

const catalog = buildCatalog({ deferred: deferredTools(), families, groups });
const worktree = familyMembers(catalog, "worktree");
const cases = [
  { task: "Throw away the scratch copy of the repo we experimented in", expect: ["worktree_remove"] },
  { task: "Fetch the page at https://example.com/notes", expect: ["web_fetch"] },
];

describe("grading proposed descriptors on the navigation eval", () => {
  it("applies the proposal to the family's members only, in a new catalog", () => {
    const proposal = new Map([
      ["worktree_remove", { what: "Deletes a scratch copy.", when: "Throw it away." }],
    ]);
    const after = withFamilyDescriptors(catalog, "worktree", proposal);
    expect(after).not.toBe(catalog);
    expect(after.node("workspace/worktree/worktree_remove")).toMatchObject({
      what: "Deletes a scratch copy.",
    });
    expect(catalog.node("workspace/worktree/worktree_remove")!.what).not.toBe("Deletes a scratch copy.");
    expect(after.toolNames).toEqual(catalog.toolNames);
  });

  it("counts success@1 before and after on the cases expecting a member, and lists what changed", async () => {
    const proposal = new Map([
      [
        "worktree_create",
        { what: "Creates a separate checkout on a new branch.", when: "Isolate a risky change." },
      ],
      [
        "worktree_remove",
        {
          what: "Throws away a scratch copy of the repo.",
          when: "An experiment's scratch copy is done with.",
        },
      ],
    ]);
    const grade = await gradeDescriptors(catalog, worktree, proposal, cases, 1024);
    expect(grade).toMatchObject({ cases: 1, budgetBytes: 1024, before: 0, after: 1 });
    expect(grade.changed).toEqual([
      {
        task: cases[0]!.task,
        expect: ["worktree_remove"],
        before: expect.objectContaining({ success1: false }),
        after: { success1: true, chosen: "workspace/worktree/worktree_remove" },
      },
    ]);
    expect(grade.elsewhere).toEqual([]);
  });

  it("shows text that pulls another family's task to a member as a change elsewhere", async () => {
    const greedy = new Map([
      [
        "worktree_create",
        { what: "Fetch the page at a URL such as https://example.com/notes.", when: "Fetch a page." },
      ],
    ]);
    const grade = await gradeDescriptors(catalog, worktree, greedy, cases, 1024);
    expect(grade.elsewhere).toEqual([
      expect.objectContaining({
        task: cases[1]!.task,
        before: { success1: true, chosen: "web/web/web_fetch" },
        after: expect.objectContaining({ success1: false }),
      }),
    ]);
  });
});
