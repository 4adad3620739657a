/**
 * Ralph loops in a session composed as every surface composes it (the `loops` row mounted after
 * the tools, the deferred `ralph` family behind `tool_call`), scripted on the mock provider through
 * the official Anthropic SDK. Loop r1 runs until its check passes (a line count that only the
 * second round's `bash` reaches); loop r2 until a round calls `goal_done` through `tool_call`.
 * Every lane sends the same Tier 1, which holds the family only as words of its families line;
 * the lead is woken when a loop ends and `/ralph` shows both.
 */
import { mkdtempSync, readFileSync, realpathSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { allowListApprover } from "@picasso/engine";
import { startMockServer } from "@picasso/mock-provider";
import { type LogEvent, type LogEventOf, readLogFileAll, type SessionEvent } from "@picasso/protocol";
import { AnthropicProvider } from "@picasso/providers";
import { describe, expect, it } from "vitest";
import { composeSession } from "../src/index.js";

const of = <T extends LogEvent["type"]>(log: LogEvent[], type: T): LogEventOf<T>[] =>
  log.filter((e) => e.type === type) as unknown as LogEventOf<T>[];

describe("ralph loops in a composed session", () => {
  it("run behind tool_call until the check passes or a round calls goal_done, and wake the lead", async () => {
    const workspace = realpathSync(mkdtempSync(join(tmpdir(), "picasso-ralph-ws-")));
    const home = realpathSync(mkdtempSync(join(tmpdir(), "picasso-ralph-home-")));
    const server = await startMockServer({
      script: {
        steps: [
          {
            match: "count to two",
            tool_calls: [
              {
                name: "tool_call",
                input: {
                  name: "ralph_start",
                  arguments: {
                    prompt: "COUNTER-TASK: add one line to count.txt",
                    check_command: "test -f count.txt && test $(wc -l < count.txt) -ge 2",
                    max_rounds: 5,
                  },
                },
              },
            ],
          },
          { match: "Started ralph loop r1", text: "Loop r1 started." },
          {
            match: "round 1 of at most 5",
            tool_calls: [{ name: "bash", input: { command: "echo one >> count.txt" } }],
          },
          {
            match: "round 2 of at most 5",
            tool_calls: [{ name: "bash", input: { command: "echo two >> count.txt" } }],
          },
          { match: "Exit code: 0", text: "COUNTER-ROUND: added a line." },
          { match: "Exit code: 0", text: "COUNTER-ROUND: added a line." },
          { match: "Ralph loop r1 ended", text: "r1 is done." },
          {
            match: "tidy until done",
            tool_calls: [
              {
                name: "tool_call",
                input: { name: "ralph_start", arguments: { prompt: "TIDY-TASK: tidy up" } },
              },
            ],
          },
          { match: "Started ralph loop r2", text: "Loop r2 started." },
          {
            match: "TIDY-TASK",
            tool_calls: [
              { name: "tool_call", input: { name: "goal_done", arguments: { evidence: "TIDY-EVIDENCE" } } },
            ],
          },
          { match: "Recorded for ralph loop r2", text: "Tidied." },
        ],
      },
    });
    const provider = new AnthropicProvider({
      apiKey: "test-key",
      model: "mock-model",
      baseUrl: server.url,
      name: "mock",
    });
    const events: SessionEvent[] = [];
    const waiting: Array<() => void> = [];
    const composed = await composeSession({
      provider,
      workspaceRoot: workspace,
      picassoHome: home,
      surface: "cli",
      surfaceLabel: "test",
      version: "test",
      approver: allowListApprover(["ralph_start", "bash"]),
      onEvent: (event) => {
        events.push(event);
        for (const wake of waiting.splice(0)) wake();
      },
    });
    const loopEnd = (loop: string) =>
      new Promise<SessionEvent>((resolve) => {
        const look = () => {
          const end = events.find((e) => e.type === "ralph_loop_end" && e.loop === loop);
          if (end) resolve(end);
          else waiting.push(look);
        };
        look();
      });
    try {
      const session = composed.session;
      const tools = session.tier1.tools.map((t) => t.name);
      expect(tools).toContain("tool_call");
      expect(tools).not.toContain("ralph_start");
      expect(session.tier1.system.map((b) => b.text).join("")).toContain("ralph (retry loops)");

      const r1 = loopEnd("r1");
      await session.runTurn("count to two");
      expect(await r1).toMatchObject({ reason: "check_passed", rounds: 2 });
      expect(readFileSync(join(workspace, "count.txt"), "utf8")).toBe("one\ntwo\n");
      expect((await session.runWake())?.text).toBe("r1 is done.");

      const r2 = loopEnd("r2");
      await session.runTurn("tidy until done");
      expect(await r2).toMatchObject({ reason: "goal_done", rounds: 1, message: "TIDY-EVIDENCE" });

      const { events: log } = await readLogFileAll(session.logPath);
      expect(
        of(log, "ralph_round_end").map((r) => [r.loop, r.round, r.check?.passed ?? null, r.goal ?? null]),
      ).toEqual([
        ["r1", 1, false, null],
        ["r1", 2, true, null],
        ["r2", 1, null, "done"],
      ]);
      // The check ran as an approved exec call; every round lane sent the session's one Tier 1.
      expect(of(log, "approval_decided").find((a) => a.name === "tool_call")?.decision).toBe("allow_session");
      const roundLanes = of(log, "subagent_start").filter((s) => s.group?.startsWith("ralph:"));
      expect(roundLanes.map((s) => [s.group, s.label])).toEqual([
        ["ralph:r1", "round 1"],
        ["ralph:r1", "round 2"],
        ["ralph:r2", "round 1"],
      ]);
      expect(new Set(of(log, "model_request").map((r) => r.headerHash)).size).toBe(1);

      const ralph = composed.operations.find((op) => op.name === "ralph")!;
      const shown = await ralph.run("", { signal: new AbortController().signal, offline: false });
      expect(shown.text).toContain("r1 · ended: the check passed · round 2 of 5");
      expect(shown.text).toContain("r2 · ended: a round called goal_done · round 1 of 5");
    } finally {
      await composed.close();
      await server.close();
    }
  });
});
