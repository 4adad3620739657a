/**
 * reports/lean-context/baseline.md is generated (`picasso probe --write-baseline`); this test
 * regenerates it in memory and fails when the committed file is stale. It also checks the report
 * against the assemblies it describes.
 */
import { existsSync, readFileSync } from "node:fs";
import { beforeAll, describe, expect, it } from "vitest";
import {
  BASELINE_COMMAND,
  BASELINE_REPORT_PATH,
  type Baselines,
  baselines,
  renderBaselineMarkdown,
} from "../src/baseline-markdown.js";

describe("reports/lean-context/baseline.md", () => {
  let both: Baselines;
  beforeAll(async () => {
    both = await baselines();
  }, 300_000);

  it("is up to date (regenerate with the command it names)", () => {
    expect(existsSync(BASELINE_REPORT_PATH), `missing: run ${BASELINE_COMMAND}`).toBe(true);
    const committed = readFileSync(BASELINE_REPORT_PATH, "utf8");
    expect(committed, `stale: run ${BASELINE_COMMAND}`).toBe(renderBaselineMarkdown(both));
    expect(committed).toContain(BASELINE_COMMAND);
  });

  it.each(["hello", "skills", "memory", "mcp"] as const)(
    "%s: splits both prefixes into categories that add up to their totals",
    (name) => {
      const baseline = both[name];
      const lean = baseline.rows.reduce((n, r) => n + r.leanBytes, 0);
      const eager = baseline.rows.reduce((n, r) => n + r.eagerBytes, 0);
      expect(lean).toBe(baseline.lean.bytes.total);
      expect(eager).toBe(baseline.eager.bytes.total);
      expect(baseline.reduction).toBeCloseTo(1 - lean / eager, 10);
    },
  );

  it("the eager side counts every skill body and every deferred schema", () => {
    const skills = both.skills.rows.find((r) => r.category === "system: skills")!;
    expect(both.skills.eager.system.filter((b) => b.id.startsWith("skill:"))).toHaveLength(30);
    expect(skills.eagerBytes).toBeGreaterThan(skills.leanBytes);
    expect(skills.leanBytes).toBeLessThanOrEqual(2048);
    const deferred = both.hello.rows.find((r) => r.category.startsWith("tools: deferred"))!;
    expect(deferred.category).toContain("skill_search");
    expect(deferred.eagerBytes).toBeGreaterThan(0);
    expect(deferred.leanBytes).toBe(0);
  });

  it("the eager side counts every memory body this workspace reads; lean carries none in Tier 1", () => {
    const row = both.memory.rows.find((r) => r.category === "system: memories")!;
    expect(both.memory.eager.system.filter((b) => b.id.startsWith("memory:"))).toHaveLength(100);
    expect(row.eagerBytes).toBeGreaterThan(10_000);
    expect(row.leanBytes).toBe(0);
    expect(both.memory.lean.hash).toBe(both.hello.lean.hash);
  });

  it("the eager side counts the MCP servers' real schemas; the lean side one gateway each", () => {
    const mcp = both.mcp.rows.find((r) => r.category.startsWith("tools: MCP"))!;
    const gateways = both.mcp.lean.tools
      .map((t) => t.name)
      .filter((n) => /^(everything|fs|notes)_call$/.test(n));
    expect(gateways).toEqual(["everything_call", "fs_call", "notes_call"]);
    expect(both.mcp.eager.tools.map((t) => t.name)).toEqual(
      expect.arrayContaining(["fs__read_text_file", "everything__echo", "notes__add_note"]),
    );
    expect(mcp.eagerBytes).toBeGreaterThan(mcp.leanBytes * 5);
  });

  it("is deterministic: no dates or machine paths", async () => {
    const again = renderBaselineMarkdown(await baselines());
    expect(again).toBe(renderBaselineMarkdown(both));
    expect(again).not.toMatch(/\/tmp\/|\d{4}-\d{2}-\d{2}T/);
  });
});
