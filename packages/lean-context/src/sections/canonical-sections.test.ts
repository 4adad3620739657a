import type { ToolFamily } from "@picasso/protocol";
import { describe, expect, it } from "vitest";
import { deferredFamiliesLine, renderSection } from "./canonical-sections.js";

/** Declarations as family-table.ts lists them: the extensions' in mount order, lean context's last. */
const declared: ToolFamily[] = [
  { name: "worktree", group: "workspace", when: "isolated checkouts for parallel work" },
  { name: "web", group: "web", when: "fetch and search" },
  { name: "quiet", group: "workspace" },
  { name: "skills", group: "skills", when: "skills not in the index, via skill_search" },
];
const settings = {} as Parameters<typeof renderSection>[1];

describe("the gateways section's family list", () => {
  it("names only the deferred families the composition installs, in declaration order, with their `when`", () => {
    expect(deferredFamiliesLine(["web", "skills", "worktree", "web"], declared)).toBe(
      "Deferred tool families here: worktree (isolated checkouts for parallel work), web (fetch and search), " +
        "skills (skills not in the index, via skill_search). Search before saying a capability is missing.",
    );
  });

  it("names a declared family without `when` alone, in its place; undeclared ones by name, sorted, last", () => {
    expect(deferredFamiliesLine(["zeta", "quiet", "web", "alpha"], declared)).toBe(
      "Deferred tool families here: web (fetch and search), quiet, alpha, zeta. Search before saying a capability is missing.",
    );
  });

  it("says nothing of families when none is installed", () => {
    expect(deferredFamiliesLine([], declared)).toBe("");
    const text = renderSection("lean:gateways", settings, { deferredFamilies: [], families: declared });
    expect(text).toContain("tool_search");
    expect(text).not.toContain("families");
  });

  it("is the same text for the same families in any order (byte-stable Tier 1)", () => {
    expect(
      renderSection("lean:gateways", settings, { deferredFamilies: ["web", "skills"], families: declared }),
    ).toBe(
      renderSection("lean:gateways", settings, { deferredFamilies: ["skills", "web"], families: declared }),
    );
  });
});
