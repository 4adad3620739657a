import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { isUserError } from "@picasso/protocol";
import { describe, expect, it } from "vitest";
import { evalNavigation, renderNavigationReport } from "./eval.js";

const DEV_SET = fileURLToPath(new URL("../../../../catalog/eval/navigation.cases.yml", import.meta.url));
const HELDOUT_SET = fileURLToPath(
  new URL("../../../../catalog/eval/navigation.heldout.cases.yml", import.meta.url),
);
const FIXTURE = fileURLToPath(new URL("../../../../catalog/eval/fixture", import.meta.url));

describe("picasso eval navigation", () => {
  // The floors of the shipped splits (keyword navigator, 1 KB answers). Issue 32's goals are
  // success@1 ≥ 0.95 dev / ≥ 0.9 held-out, false expansions ≤ 5%, first view ≥ 20× and context to
  // answer ≥ 10× smaller than all schemas; a floor below its goal is the measured figure.
  const FLOORS = {
    dev: { successAt1: 0.93, falseExpansions: 0.05 },
    // Measured with the team, workflow, ralph and watch families real (docs/benchmarks.md).
    heldout: { successAt1: 0.75, falseExpansions: 0.21 },
  } as const;

  it("the shipped splits: ≥ 150 cases, a held-out third, each at its floor with 1 KB answers", async () => {
    const dev = await evalNavigation({ cases: DEV_SET });
    const heldout = await evalNavigation({ cases: HELDOUT_SET });
    expect(dev.report.split).toBe("dev");
    expect(heldout.report.split).toBe("heldout");
    const total = dev.report.cases + heldout.report.cases;
    expect(total).toBeGreaterThanOrEqual(150);
    expect(heldout.report.cases * 3).toBeGreaterThanOrEqual(total);
    for (const [{ report, catalogFrom }, floor] of [
      [dev, FLOORS.dev],
      [heldout, FLOORS.heldout],
    ] as const) {
      expect(report.noEntryCases).toBeGreaterThanOrEqual(5);
      expect(report.catalogLeaves).toBeGreaterThanOrEqual(75); // 30 skills, 20 MCP tools, 25+ deferred tools, docs
      expect(report.budgetBytes).toBe(1024);
      expect(report.successAt1).toBeGreaterThanOrEqual(floor.successAt1);
      expect(report.successAt3).toBeGreaterThanOrEqual(report.successAt1);
      expect(report.falseExpansions).toBeLessThanOrEqual(floor.falseExpansions);
      expect(report.firstViewRatio).toBeGreaterThanOrEqual(20);
      expect(report.contextRatio).toBeGreaterThanOrEqual(10);
      expect(report.results.every((r) => r.firstViewBytes <= 1024)).toBe(true);
      const text = renderNavigationReport(report, catalogFrom);
      expect(text).toMatch(
        /^Navigation eval: (dev|held-out) split, \d+ cases \(\d+ with no fitting entry\), keyword navigator, answers of at most 1024 bytes/,
      );
      expect(text).toMatch(/success@1 +\d\.\d\d {2}\(\d+\/\d+\)/);
      expect(text).toMatch(/false expansions +\d\.\d\d/);
      expect(text).toMatch(/first view vs all schemas +\d+\.\d× smaller/);
    }
  });

  it("the configured model as navigator: a scripted mock searches, then names its choice", async () => {
    const dir = mkdtempSync(join(tmpdir(), "eval-model-"));
    writeFileSync(
      join(dir, "cases.yml"),
      `fixture: ${JSON.stringify(FIXTURE)}\ncases:\n  - { task: "Read the page at https://example.test/notes", expect: web_fetch }\n`,
    );
    writeFileSync(
      join(dir, "navigator.yaml"),
      [
        "steps:",
        "  - tool_calls: [{ name: tool_search, input: { query: fetch a web page } }]",
        "  - match: web_fetch",
        "    text: web_fetch",
      ].join("\n"),
    );
    const { report } = await evalNavigation({
      cases: join(dir, "cases.yml"),
      navigator: "model",
      provider: "mock",
      mockScript: join(dir, "navigator.yaml"),
    });
    expect(report.navigator).toMatch(/^model \(mock /);
    expect(report.results[0]).toMatchObject({
      success: true,
      hops: 1,
      queries: ["fetch a web page"],
      chosen: "web/web/web_fetch",
    });
  });

  it("mistakes are one line naming the flag or file", async () => {
    for (const [flags, message] of [
      [{}, /^eval navigation: --cases FILE is required/],
      [{ cases: DEV_SET, navigator: "oracle" }, /^--navigator: expected keyword or model, got "oracle"$/],
      [{ cases: DEV_SET, maxHops: "0" }, /^--max-hops: expected a whole number from 1 to 10/],
      [{ cases: DEV_SET, budget: "ten" }, /^--budget: expected a whole number of bytes/],
    ] as const) {
      const error = await evalNavigation(flags).catch((e: unknown) => e);
      expect(isUserError(error)).toBe(true);
      expect((error as Error).message).toMatch(message);
    }
  });
});
