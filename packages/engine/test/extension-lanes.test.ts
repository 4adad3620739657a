/**
 * What extensions build teams, workflows, ralph loops and watched work on (protocol
 * `ExtensionStartContext.lanes` and `.wake`, `SubagentRequest.label/group/brief/maxTokens/
 * maxSeconds`), against the scripted mock model:
 * - a lane an extension forks carries its label and group in `subagent_start`, its brief only in
 *   its own first message (reminders of their sources), the same Tier 1 as the main lane;
 * - a token budget and a time budget each stop a lane with status `budget` and say which;
 * - a wake notice while idle is a `wake` event and a turn `runWake` runs for it; one that arrives
 *   while a turn runs joins that turn's next step; `arm` is seen by `armedWakes` until disarmed.
 */
import type { ExtensionStartContext, LogEvent, PicassoExtension } from "@picasso/protocol";
import { describe, expect, it } from "vitest";
import { startScenario } from "./harness.js";

function capture(): { extension: PicassoExtension; ctx: () => ExtensionStartContext } {
  let started: ExtensionStartContext | undefined;
  return {
    extension: {
      name: "lanes-probe",
      start(ctx) {
        started = ctx;
      },
    },
    ctx: () => {
      if (!started) throw new Error("the extension was not started");
      return started;
    },
  };
}

async function until(condition: () => boolean, what: string): Promise<void> {
  const deadline = Date.now() + 15_000;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

function stopOf(log: LogEvent[], lane: string) {
  const stop = log.find((e) => e.type === "subagent_stop" && e.lane === lane);
  if (stop?.type !== "subagent_stop") throw new Error(`no stop for ${lane}`);
  return stop;
}

describe("lanes and wake-ups for extensions", () => {
  it("forks labelled lanes with a brief of their own, under budgets of tokens and time", async () => {
    const probe = capture();
    const scenario = await startScenario({
      plugins: [probe.extension],
      script: {
        steps: [
          { match: "MEMBER-ALPHA", text: "alpha reporting." },
          { match: "SPENDER", tool_calls: [{ name: "read", input: { path: "a.txt" } }] },
          { match: "SLOWPOKE", text: "never in time", delay_ms: 8_000 },
          { match: "hello", text: "Hi." },
        ],
      },
      files: { "a.txt": "alpha\n" },
    });
    try {
      await scenario.run("hello");
      const lanes = probe.ctx().lanes!;
      const alpha = lanes.fork({
        task: "MEMBER-ALPHA: report",
        label: "alpha",
        group: "team:demo",
        brief: [
          { source: "team:identity", text: "You are alpha, IDENTITY-MARK." },
          { source: "team:policy", text: "POLICY-MARK" },
        ],
      });
      const spender = lanes.fork({ task: "SPENDER: read a.txt", maxTokens: 1 });
      const slow = lanes.fork({ task: "SLOWPOKE: take long", maxSeconds: 1 });
      expect(alpha).toMatchObject({ label: "alpha", group: "team:demo", status: "running", tokens: 0 });
      const done = await lanes.report(alpha.id, 15_000, new AbortController().signal);
      expect(done.status).toBe("done");
      expect(done.tokens).toBeGreaterThan(0);
      const spent = await lanes.report(spender.id, 15_000, new AbortController().signal);
      expect(spent.status).toBe("budget");
      expect(spent.steps).toBe(1);
      expect(spent.report).toContain("budget of 1 tokens");
      const late = await lanes.report(slow.id, 15_000, new AbortController().signal);
      expect(late.status).toBe("budget");
      expect(late.report).toContain("time budget of 1 s");
      expect(lanes.list().map((f) => f.id)).toEqual([alpha.id, spender.id, slow.id]);

      const log = await scenario.events();
      expect(log.find((e) => e.type === "subagent_start" && e.lane === alpha.id)).toMatchObject({
        label: "alpha",
        group: "team:demo",
        parentLane: "main",
        background: true,
      });
      expect(stopOf(log, spender.id).status).toBe("budget");
      const firstOf = (lane: string) =>
        JSON.stringify(log.find((e) => e.type === "message" && e.lane === lane));
      expect(firstOf(alpha.id)).toContain('<system-reminder source=\\"team:identity\\">');
      expect(firstOf(alpha.id)).toContain("POLICY-MARK");
      for (const lane of ["main", spender.id, slow.id])
        expect(JSON.stringify(log.filter((e) => e.lane === lane))).not.toContain("IDENTITY-MARK");
      const hashes = new Set(log.flatMap((e) => (e.type === "model_request" ? [e.headerHash] : [])));
      expect(hashes.size).toBe(1);
    } finally {
      await scenario.close();
    }
  });

  it("wakes an idle session with a turn for the notice, and joins a running turn's next step", async () => {
    const probe = capture();
    const scenario = await startScenario({
      plugins: [probe.extension],
      files: { "a.txt": "alpha\n" },
      script: {
        steps: [
          { match: "BUILD-READY", text: "The build is ready, as the monitor said." },
          { match: "work a while", tool_calls: [{ name: "read", input: { path: "a.txt" } }], delay_ms: 300 },
          { match: "DEPLOY-DUE", text: "Seen the schedule notice mid-turn." },
        ],
      },
    });
    try {
      const wake = probe.ctx().wake!;
      const disarm = wake.arm("monitor build.log");
      expect(scenario.session.armedWakes).toEqual(["monitor build.log"]);
      let changes = 0;
      scenario.session.onWakeChange(() => changes++);
      wake.notify({ source: "monitor", text: "build.log matched: BUILD-READY" });
      expect(scenario.session.pendingWakes).toBe(1);
      const woken = await scenario.session.runWake();
      expect(woken?.text).toBe("The build is ready, as the monitor said.");
      expect(scenario.session.pendingWakes).toBe(0);
      expect(await scenario.session.runWake()).toBeUndefined();
      disarm();
      disarm();
      expect(scenario.session.armedWakes).toEqual([]);
      expect(changes).toBe(2); // the notice, then the first disarm (the second is a no-op)

      // A notice while a turn runs joins its next step, as a reminder of its source.
      const running = scenario.run("work a while");
      await until(() => scenario.sent.length >= 2, "the turn's first request");
      wake.notify({ source: "schedule", text: "DEPLOY-DUE now" });
      await running;
      const log = await scenario.events();
      const wakes = log.filter((e) => e.type === "wake");
      expect(wakes.map((e) => e.type === "wake" && e.source)).toEqual(["monitor", "schedule"]);
      const notice = log.find((e) => e.type === "message" && e.source === "notice");
      expect(notice).toMatchObject({ lane: "main", reminder: "schedule" });
      expect(JSON.stringify(notice)).toContain('<system-reminder source=\\"schedule\\">');
      const wakeTurn = log.find((e) => e.type === "turn_start");
      expect(JSON.stringify(wakeTurn)).toContain('<system-reminder source=\\"monitor\\">');
    } finally {
      await scenario.close();
    }
  });
});
