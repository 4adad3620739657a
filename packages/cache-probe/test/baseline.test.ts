/**
 * reports/lean-context/baseline.md is generated (`picasso probe --write-baseline`); this test
 * regenerates it in memory and fails when the committed file is stale. It also checks the report
 * against the assemblies it describes.
 */
import { existsSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import {
  BASELINE_COMMAND,
  BASELINE_REPORT_PATH,
  helloBaseline,
  renderBaselineMarkdown,
} from "../src/baseline-markdown.js";

describe("reports/lean-context/baseline.md", () => {
  const baseline = helloBaseline();

  it("is up to date (regenerate with the command it names)", () => {
    expect(existsSync(BASELINE_REPORT_PATH), `missing: run ${BASELINE_COMMAND}`).toBe(true);
    const committed = readFileSync(BASELINE_REPORT_PATH, "utf8");
    expect(committed, `stale: run ${BASELINE_COMMAND}`).toBe(renderBaselineMarkdown(baseline));
    expect(committed).toContain(BASELINE_COMMAND);
  });

  it("splits both prefixes into categories that add up to their totals", () => {
    const lean = baseline.rows.reduce((n, r) => n + r.leanBytes, 0);
    const eager = baseline.rows.reduce((n, r) => n + r.eagerBytes, 0);
    expect(lean).toBe(baseline.lean.bytes.total);
    expect(eager).toBe(baseline.eager.bytes.total);
    expect(baseline.reduction).toBeCloseTo(1 - lean / eager, 10);
  });

  it("is deterministic: no dates or machine paths", () => {
    const again = renderBaselineMarkdown(helloBaseline());
    expect(again).toBe(renderBaselineMarkdown(baseline));
    expect(again).not.toMatch(/\/tmp\/|\d{4}-\d{2}-\d{2}T/);
  });
});
