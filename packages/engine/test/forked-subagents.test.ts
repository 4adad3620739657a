/**
 * Background subagents (the deferred `subagent` family: subagent_fork / subagent_report /
 * subagent_control) against the scripted mock model: forked lanes run past the turn that started
 * them, each in its own lane with the same Tier 1; a forked subagent works in the folder it was
 * given; a message reaches it before its next step; cancel stops it; closing the session stops
 * the rest and logs their stop before `session_end`; a subagent cannot fork one.
 */
import type { LogEvent, SessionEvent } from "@picasso/protocol";
import { subagentLaneTools } from "@picasso/tools";
import { describe, expect, it } from "vitest";
import { expectLogRebuildsRequests, lastTurnEnd, startScenario, toolResults } from "./harness.js";

function at(log: LogEvent[], type: string, lane: string): number {
  return Date.parse(log.find((e) => e.type === type && e.lane === lane)?.ts ?? "");
}

/** The main lane's tool results in the order the model called the tools (they finish in any order). */
function mainResults(events: SessionEvent[]): string[] {
  const results = toolResults(events).filter((r) => r.lane === "main");
  return events
    .filter((e) => e.type === "tool_call" && e.lane === "main")
    .map((c) => results.find((r) => c.type === "tool_call" && r.toolUseId === c.toolUseId)?.content ?? "");
}

function headerHashes(log: LogEvent[]): Set<string> {
  return new Set(log.flatMap((e) => (e.type === "model_request" ? [e.headerHash] : [])));
}

describe("forked subagents", () => {
  it("run in the background past the parent's turn, each in its own lane, in the folder given", async () => {
    const scenario = await startScenario({
      files: { "pkg/note.txt": "PACKAGE-NOTE: the package's own note\n", "note.txt": "ROOT-NOTE\n" },
      tools: (core) => [...core, ...subagentLaneTools()],
      script: {
        steps: [
          {
            match: "start two helpers",
            tool_calls: [
              { name: "subagent_fork", input: { task: "TASK-A: read note.txt", cwd: "pkg" } },
              { name: "subagent_fork", input: { task: "TASK-B: say hello" } },
            ],
          },
          { match: "TASK-A", tool_calls: [{ name: "read", input: { path: "note.txt" } }] },
          { match: "PACKAGE-NOTE", text: "A done: the package note.", delay_ms: 400 },
          { match: "TASK-B", text: "B done.", delay_ms: 400 },
          { match: "Started subagent agent-2", text: "Both started." },
          {
            match: "collect the reports",
            tool_calls: [
              { name: "subagent_report", input: { id: "agent-1", wait_seconds: 20 } },
              { name: "subagent_report", input: { id: "agent-2", wait_seconds: 20 } },
              { name: "subagent_report", input: {} },
            ],
          },
          { match: "B done", text: "Collected both." },
        ],
      },
    });
    try {
      const first = await scenario.run("start two helpers");
      expect(lastTurnEnd(first).text).toBe("Both started.");
      const forked = mainResults(first);
      expect(forked[0]).toContain("Started subagent agent-1 in the background in pkg");
      expect(forked[1]).toContain("Started subagent agent-2 in the background");
      const second = await scenario.run("collect the reports");
      const reports = mainResults(second);
      expect(reports[0]).toMatch(
        /^agent-1 · done · 2 steps · [\d.]+ s · TASK-A: read note.txt\n\nA done: the package note\.$/,
      );
      expect(reports[1]).toMatch(/^agent-2 · done · 1 step · [\d.]+ s · TASK-B: say hello\n\nB done\.$/);
      expect(reports[2]!.split("\n")).toHaveLength(2);
      expect(lastTurnEnd(second).text).toBe("Collected both.");

      const log = await scenario.events();
      // Both lanes outlived the turn that forked them, and overlapped each other.
      const turnEnd = Date.parse(log.find((e) => e.type === "turn_end")?.ts ?? "");
      expect(at(log, "subagent_stop", "agent-1")).toBeGreaterThan(turnEnd);
      expect(at(log, "subagent_stop", "agent-2")).toBeGreaterThan(turnEnd);
      expect(at(log, "subagent_start", "agent-2")).toBeLessThan(at(log, "subagent_stop", "agent-1"));
      expect(log.find((e) => e.type === "subagent_start" && e.lane === "agent-1")).toMatchObject({
        background: true,
        cwd: "pkg",
        parentLane: "main",
      });
      // The child read pkg/note.txt: its tools worked in the folder it was given.
      const childRead = log.find((e) => e.type === "tool_result" && e.lane === "agent-1");
      expect(childRead).toMatchObject({ name: "read", status: "ok" });
      const childResults = log.find(
        (e) => e.type === "message" && e.lane === "agent-1" && e.source === "tool_results",
      );
      expect(JSON.stringify(childResults)).toContain("PACKAGE-NOTE");
      // The agent-scoped rules entered the child's lane only; Tier 1 is one header in every lane.
      const childTask = log.find((e) => e.type === "message" && e.lane === "agent-1");
      expect(JSON.stringify(childTask)).toContain("You are a subagent");
      const mainMessages = log.filter((e) => e.type === "message" && e.lane === "main");
      expect(JSON.stringify(mainMessages)).not.toContain("You are a subagent");
      expect(headerHashes(log).size).toBe(1);
      const lanes = new Set(log.filter((e) => e.type === "model_request").map((e) => e.lane));
      expect(lanes).toEqual(new Set(["main", "agent-1", "agent-2"]));
      await expectLogRebuildsRequests(scenario);
    } finally {
      await scenario.close();
    }
  });

  it("delivers a message before the subagent's next step, and cancels one on request", async () => {
    const scenario = await startScenario({
      files: { "a.txt": "alpha\n" },
      tools: (core) => [...core, ...subagentLaneTools()],
      script: {
        steps: [
          {
            match: "steer two helpers",
            tool_calls: [
              { name: "subagent_fork", input: { task: "TASK-C: read a.txt then convert" } },
              { name: "subagent_fork", input: { task: "TASK-D: a long job" } },
            ],
          },
          { match: "TASK-C", tool_calls: [{ name: "read", input: { path: "a.txt" } }], delay_ms: 500 },
          { match: "TASK-D", text: "never finished", delay_ms: 10_000 },
          {
            match: "Started subagent agent-2",
            tool_calls: [
              {
                name: "subagent_control",
                input: { id: "agent-1", action: "message", message: "METRIC-UNITS please" },
              },
              { name: "subagent_control", input: { id: "agent-2", action: "cancel" } },
            ],
          },
          { match: "Cancelling agent-2", text: "Steered one, cancelled the other." },
          { match: "METRIC-UNITS", text: "C done in metric." },
          {
            match: "how did they end",
            tool_calls: [
              { name: "subagent_report", input: { id: "agent-1", wait_seconds: 20 } },
              { name: "subagent_report", input: { id: "agent-2", wait_seconds: 20 } },
              { name: "subagent_control", input: { id: "agent-1", action: "message", message: "too late" } },
              { name: "subagent_report", input: { id: "agent-9" } },
            ],
          },
          { match: "agent-9", text: "Reported." },
        ],
      },
    });
    try {
      await scenario.run("steer two helpers");
      const events = await scenario.run("how did they end");
      const results = mainResults(events);
      expect(results[0]).toContain("agent-1 · done");
      expect(results[0]).toContain("C done in metric.");
      expect(results[1]).toContain("agent-2 · interrupted");
      expect(results[2]).toContain("subagent_control failed: agent-1 has already stopped (done)");
      expect(results[3]).toContain(
        'no subagent "agent-9" was forked in this session (forked: agent-1, agent-2)',
      );
      const log = await scenario.events();
      const message = log.find(
        (e) => e.type === "message" && e.lane === "agent-1" && e.source === "subagent_message",
      );
      expect(JSON.stringify(message)).toContain("METRIC-UNITS please");
      expect(log.find((e) => e.type === "subagent_stop" && e.lane === "agent-2")).toMatchObject({
        status: "interrupted",
      });
      await expectLogRebuildsRequests(scenario);
    } finally {
      await scenario.close();
    }
  });

  it("stops running subagents when the session closes, before session_end, and refuses forking inside one", async () => {
    const scenario = await startScenario({
      tools: (core) => [...core, ...subagentLaneTools()],
      script: {
        steps: [
          {
            match: "start and leave",
            tool_calls: [
              { name: "subagent_fork", input: { task: "TASK-E: try to fork" } },
              { name: "subagent_fork", input: { task: "TASK-F: a slow job" } },
            ],
          },
          { match: "TASK-E", tool_calls: [{ name: "subagent_fork", input: { task: "grandchild" } }] },
          { match: "not available inside a subagent", text: "E could not fork." },
          { match: "TASK-F", text: "never finished", delay_ms: 10_000 },
          { match: "Started subagent agent-2", text: "Left them running." },
        ],
      },
    });
    await scenario.run("start and leave");
    expect(scenario.session.backgroundSubagents).toBeGreaterThan(0);
    const closing = Date.now();
    await scenario.session.close();
    expect(Date.now() - closing).toBeLessThan(10_000);
    const log = await scenario.events();
    const types = log.map((e) => `${e.type}:${e.lane}`);
    expect(types.indexOf("subagent_stop:agent-2")).toBeGreaterThan(-1);
    expect(types.indexOf("subagent_stop:agent-2")).toBeLessThan(types.indexOf("session_end:main"));
    expect(log.find((e) => e.type === "subagent_stop" && e.lane === "agent-2")).toMatchObject({
      status: "interrupted",
    });
    const refused = log.find((e) => e.type === "tool_result" && e.lane === "agent-1");
    expect(refused).toMatchObject({ name: "subagent_fork", status: "denied" });
    await scenario.close();
  });
});
