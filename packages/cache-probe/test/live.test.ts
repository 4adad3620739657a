/**
 * The live probe (`picasso probe --live`): the real `AnthropicProvider`, provider-reported usage
 * and the live Tier-1 tolerance, on the `live` scenario — zero unexpected drops, and every request
 * from the second on reads from the cache.
 *
 * 1. Always: the live code path against the mock server as its base URL (no script: the mock's
 *    demo model answers the unscripted turns).
 * 2. Only with ANTHROPIC_API_KEY and PICASSO_PROBE_LIVE=1: the same against the real API (or
 *    ANTHROPIC_BASE_URL) — a few cents. Otherwise one line says why it did not run; CI has no
 *    network and never sets PICASSO_PROBE_LIVE, so it never starts by accident. The shared test
 *    setup removes ANTHROPIC_API_KEY from every test's environment and, only when the run is
 *    enabled, hands it on as PICASSO_PROBE_LIVE_API_KEY.
 */
import { startMockServer } from "@picasso/mock-provider";
import { defaultModelFor } from "@picasso/providers";
import { describe, expect, it } from "vitest";
import { readShareFromTurn2 } from "../src/probe-report.js";
import { MOCK_MODEL, type RunOptions, runScenario, type ScenarioRun } from "../src/run-scenario.js";
import { liveScenario } from "../src/scenarios/live.js";

type Live = NonNullable<RunOptions["live"]>;

/** The real-API run's options, or why it does not run. */
function realRun(env: NodeJS.ProcessEnv): { live: Live } | { skipped: string } {
  const apiKey = env.PICASSO_PROBE_LIVE_API_KEY?.trim();
  if (env.PICASSO_PROBE_LIVE !== "1")
    return { skipped: "PICASSO_PROBE_LIVE=1 is not set (it also needs ANTHROPIC_API_KEY)" };
  if (!apiKey) return { skipped: "PICASSO_PROBE_LIVE=1 but ANTHROPIC_API_KEY is not set" };
  const baseUrl = env.ANTHROPIC_BASE_URL?.trim();
  return { live: { apiKey, model: defaultModelFor("anthropic"), ...(baseUrl ? { baseUrl } : {}) } };
}

function expectZeroDrops(run: ScenarioRun, where: string): void {
  expect(run.live).toBe(true);
  expect(run.findings.filter((f) => !f.expected)).toEqual([]);
  expect(run.steps.length).toBeGreaterThanOrEqual(4);
  expect(run.steps.some((s) => s.mode === "plan")).toBe(true);
  // Provider-reported usage: the first request writes, every later one reads.
  expect(run.steps[0]!.usage.write).toBeGreaterThan(0);
  expect(run.steps.slice(1).map((s) => s.usage.read > 0)).toEqual(run.steps.slice(1).map(() => true));
  console.log(
    `live scenario, ${where} (${run.model}): ${run.steps.length} requests, 0 drops, read share from turn 2 = ${(readShareFromTurn2(run.steps) * 100).toFixed(1)}%`,
  );
}

describe("the live probe", { timeout: 180_000 }, () => {
  it("runs the live code path against the mock server as its base URL: 0 drops, reads from request 2", async () => {
    const server = await startMockServer();
    try {
      const run = await runScenario(liveScenario, {
        live: { apiKey: "test-key", model: MOCK_MODEL, baseUrl: server.url },
      });
      expectZeroDrops(run, "mock server as the base URL");
      // The live path sent every request through the SDK to that URL, and nothing was scripted.
      expect(server.requests.filter((r) => r.path === "/v1/messages")).toHaveLength(run.steps.length);
      expect(run.steps.every((s) => s.wire === undefined)).toBe(true);
    } finally {
      await server.close();
    }
  });

  it("runs against the real API only with ANTHROPIC_API_KEY and PICASSO_PROBE_LIVE=1", async () => {
    // The gate itself: neither the key nor the switch alone starts the real run.
    expect(realRun({})).toHaveProperty("skipped");
    expect(realRun({ PICASSO_PROBE_LIVE_API_KEY: "k" })).toHaveProperty("skipped");
    expect(realRun({ PICASSO_PROBE_LIVE: "1" })).toHaveProperty("skipped");
    expect(realRun({ PICASSO_PROBE_LIVE: "true", PICASSO_PROBE_LIVE_API_KEY: "k" })).toHaveProperty(
      "skipped",
    );
    expect(realRun({ PICASSO_PROBE_LIVE: "1", PICASSO_PROBE_LIVE_API_KEY: "k" })).toHaveProperty(
      "live.apiKey",
      "k",
    );

    const gate = realRun(process.env);
    if ("skipped" in gate) {
      console.log(`live scenario, real Anthropic API: not run — ${gate.skipped}`);
      return;
    }
    const where = gate.live.baseUrl ? `ANTHROPIC_BASE_URL ${gate.live.baseUrl}` : "real Anthropic API";
    expectZeroDrops(await runScenario(liveScenario, { live: gate.live }), where);
  });
});
