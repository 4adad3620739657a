import { isUserError } from "@picasso/protocol";
import { afterEach, describe, expect, it, vi } from "vitest";
import { probeCommand } from "./probe.js";

function capture(): { text: () => string } {
  let out = "";
  vi.spyOn(process.stdout, "write").mockImplementation((chunk: string | Uint8Array) => {
    out += String(chunk);
    return true;
  });
  return { text: () => out };
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe("picasso probe", () => {
  it("--scenario hello --json prints the report with the fields CI reads, exit 0", async () => {
    const out = capture();
    const code = await probeCommand({ scenario: "hello", json: true });
    vi.restoreAllMocks();
    expect(code).toBe(0);
    const report = JSON.parse(out.text());
    expect(report.drops).toEqual([]);
    expect(report.steps).toHaveLength(1);
    expect(report.steps[0]).toMatchObject({ scenario: "hello", lane: "main", turn: 1 });
    expect(report.firstTurn.bytes).toBeGreaterThan(0);
    expect(report.firstTurn.baselineBytes).toBeGreaterThan(0);
    expect(typeof report.firstTurn.reduction).toBe("number");
    expect(typeof report.cacheReadShare).toBe("number");
    expect(report.costInputEquivalents).toBeGreaterThan(0);
  });

  it("prints per-step rows and a summary as text", async () => {
    const out = capture();
    expect(await probeCommand({ scenario: "hello", providerRules: "openai" })).toBe(0);
    vi.restoreAllMocks();
    expect(out.text()).toMatch(/openai cache rules/);
    expect(out.text()).toMatch(/^hello\s+1\s+main\s+1\s+default/m);
    expect(out.text()).toContain("OK: no unexpected drops");
    // hello's realistic setup has 110 memories (100 of the workspace): its summary line gives them and its Tier-1 hash.
    expect(out.text()).toMatch(
      /^hello: 1 request, 0 drops, .*, Tier 1 [0-9a-f]{12} with 110 memories \(seeded in [\d,]+ ms\)$/m,
    );
  });

  it("names the flag of a bad value", async () => {
    for (const [flags, start] of [
      [{ scenario: "nope" }, "--scenario: unknown scenario"],
      [{ providerRules: "gemini" }, "--provider-rules: expected anthropic or openai"],
      [{ minCacheable: "lots" }, "--min-cacheable: expected a whole number"],
      [{ live: true }, "--live: ANTHROPIC_API_KEY is not set"],
    ] as const) {
      const error = await probeCommand(flags, {}).catch((e: unknown) => e);
      expect(isUserError(error)).toBe(true);
      expect((error as Error).message.startsWith(start)).toBe(true);
    }
    // The scenarios run by name only are named too.
    const unknown = await probeCommand({ scenario: "nope" }, {}).catch((e: unknown) => e);
    expect((unknown as Error).message).toContain("marathon-short, memory-100k");
  });
});
