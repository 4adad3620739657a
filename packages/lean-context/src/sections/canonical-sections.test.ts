import { describe, expect, it } from "vitest";
import { deferredFamiliesLine, renderSection } from "./canonical-sections.js";

describe("the gateways section's family list", () => {
  it("names only the deferred families the composition installs, in a fixed order", () => {
    expect(deferredFamiliesLine(["web", "skills", "worktree", "web"])).toBe(
      "Deferred tool families here: worktree (isolated checkouts for parallel work), web (fetch and search), " +
        "skills (skills not in the index, via skill_search). Search before saying a capability is missing.",
    );
  });

  it("lists families it has no hint for by name, sorted, after the known ones", () => {
    expect(deferredFamiliesLine(["zeta", "web", "alpha"])).toMatch(/web \(fetch and search\), alpha, zeta\./);
  });

  it("says nothing of families when none is installed", () => {
    expect(deferredFamiliesLine([])).toBe("");
    const settings = {} as Parameters<typeof renderSection>[1];
    const text = renderSection("lean:gateways", settings, { deferredFamilies: [] });
    expect(text).toContain("tool_search");
    expect(text).not.toContain("families");
  });

  it("is the same text for the same families in any order (byte-stable Tier 1)", () => {
    const settings = {} as Parameters<typeof renderSection>[1];
    expect(renderSection("lean:gateways", settings, { deferredFamilies: ["web", "skills"] })).toBe(
      renderSection("lean:gateways", settings, { deferredFamilies: ["skills", "web"] }),
    );
  });
});
