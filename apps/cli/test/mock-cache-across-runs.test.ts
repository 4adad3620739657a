/**
 * The mock's prompt cache outlives the process, like a provider's: `picasso -p … --provider mock`
 * then `--continue` within the TTL reads the cached prefix — the timeline of the resumed turn
 * shows cache reads, not a drop ("expired or evicted").
 */
import { existsSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { picasso, script, workspace } from "./cli-harness.js";

describe("the mock's cache across runs", () => {
  it("lets --continue read the prefix the first run cached", async () => {
    const dir = workspace({ "a.txt": "alpha\n" });
    const s = script(dir, {
      steps: [
        { match: "first", text: "one" },
        { match: "second", text: "two" },
      ],
    });
    const mock = ["--provider", "mock", "--mock-script", s];
    expect((await picasso(dir, ["-p", "first", ...mock])).exitCode).toBe(0);
    expect(existsSync(join(process.env.PICASSO_HOME!, "mock-cache.json"))).toBe(true);
    expect((await picasso(dir, ["--continue", "-p", "second", ...mock])).exitCode).toBe(0);
    const run = await picasso(dir, ["context", "timeline", "--last", "--json"]);
    const timeline = JSON.parse(run.stdout as string);
    const steps = timeline.turns.flatMap((t: { lanes: { steps: unknown[] }[] }) =>
      t.lanes.flatMap((l) => l.steps),
    );
    expect(steps).toHaveLength(2);
    const resumed = steps[1] as {
      usage: { cacheReadTokens: number | null };
      cacheDrop: unknown;
      prefixCheck: string;
    };
    expect(resumed.usage.cacheReadTokens).toBeGreaterThan(1000);
    expect(resumed.cacheDrop).toBeNull();
    expect(resumed.prefixCheck).toBe("kept");
  });
});
