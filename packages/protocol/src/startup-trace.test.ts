import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { holdEventLoopUntilReady, markStartup, startupStages, writeStartupTrace } from "./startup-trace.js";

describe("the start-up trace", () => {
  it("keeps each stage's first time, in order, with the CPU used by then, and writes it once", () => {
    markStartup("main");
    const firstMain = startupStages().find((s) => s.stage === "main");
    markStartup("cli");
    markStartup("main"); // a second mark of a stage (a reopened session) is not start-up
    const stages = startupStages();
    expect(stages.filter((s) => s.stage === "main")).toEqual([firstMain]);
    expect(stages.map((s) => s.stage)).toEqual(["main", "cli"]);
    expect(stages[1]!.ms).toBeGreaterThanOrEqual(stages[0]!.ms);
    expect(stages[0]!.cpuMs).toBeGreaterThan(0);

    const file = join(mkdtempSync(join(tmpdir(), "startup-trace-")), "trace.json");
    writeStartupTrace({});
    writeStartupTrace({ PICASSO_STARTUP_TRACE: file });
    const written = JSON.parse(readFileSync(file, "utf8")) as { stages: { stage: string }[] };
    expect(written.stages.map((s) => s.stage)).toEqual(["main", "cli"]);
  });

  it("holds the event loop until the session is ready", () => {
    const active = () => process.getActiveResourcesInfo().filter((r) => r === "Timeout").length;
    const before = active();
    holdEventLoopUntilReady();
    holdEventLoopUntilReady(); // one hold, however often asked
    expect(active()).toBe(before + 1);
    markStartup("ready");
    expect(active()).toBe(before);
  });
});
