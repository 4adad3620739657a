/**
 * The `team` scenario (src/scenarios/team.ts): an agent team of three run through the gateways.
 * Every lane — the lead and each member — sends the one Tier 1 (0 prefix drops), each member's
 * identity and the team's policy are in that member's lane only, and the members' results were
 * accepted against the lead's schema.
 */
import { canonicalJson } from "@picasso/protocol";
import { describe, expect, it } from "vitest";
import { runScenario, type ScenarioRun } from "../src/run-scenario.js";
import { TEAM_MEMBERS, teamScenario } from "../src/scenarios/index.js";
import { strictProblems } from "./strict-log.js";

type Line = { type: string; lane: string; [key: string]: unknown };

describe("the team scenario", () => {
  let run: ScenarioRun;
  let log: Line[] = [];
  let lines: string[] = [];

  it("every lane sends the lead's Tier 1: no prefix drops", async () => {
    run = await runScenario(teamScenario, {
      rules: "anthropic",
      minCacheable: 1024,
      inspectLogs: (logged) => {
        lines = logged;
        log = logged.map((l) => JSON.parse(l) as Line);
      },
    });
    expect(run.findings).toEqual([]);
    const lanes = new Set(run.steps.map((s) => s.lane));
    expect(lanes.size).toBe(4);
    const prefixes = new Set(
      run.steps.map((s) => canonicalJson({ tools: s.request.tools, system: s.request.system })),
    );
    expect(prefixes.size).toBe(1);
    // Each member lane sent more than one request: the cache was read across its own steps too.
    for (const lane of [...lanes].filter((l) => l !== "main"))
      expect(run.steps.filter((s) => s.lane === lane).length).toBeGreaterThanOrEqual(4);
  }, 300_000);

  it("keeps each member's identity and the team's policy in that member's lane", () => {
    const starts = log.filter((e) => e.type === "subagent_start");
    expect(starts.map((e) => [e.label, e.group])).toEqual(
      expect.arrayContaining(TEAM_MEMBERS.map((m) => [m.name, "team:review"])),
    );
    for (const member of TEAM_MEMBERS) {
      const lane = starts.find((e) => e.label === member.name)!.lane;
      const identity = `You are \\"${member.name}\\", a member of team`;
      const inLane = (l: string) =>
        log
          .filter((e) => e.type === "message" && e.lane === l)
          .map((e) => JSON.stringify(e))
          .join("\n");
      expect(inLane(lane)).toContain(identity);
      expect(inLane(lane)).toContain('source=\\"team:policy\\"');
      for (const other of new Set(log.map((e) => e.lane)))
        if (other !== lane) expect(inLane(other)).not.toContain(identity);
      // What the model saw in requests: the identity only in that member's requests.
      for (const step of run.steps)
        expect(JSON.stringify(step.request.messages).includes(`You are \\"${member.name}\\"`)).toBe(
          step.lane === lane,
        );
    }
    expect(
      JSON.stringify(run.steps.filter((s) => s.lane === "main").map((s) => s.request.messages)),
    ).not.toContain("team:policy");
  });

  it("the board, the lead's message and the schema-valid results are in the log, schema v2 exact", () => {
    const results = log.filter((e) => e.type === "team_result");
    expect(results.map((e) => [e.member, e.status]).sort()).toEqual(
      TEAM_MEMBERS.map((m) => [m.name, "valid"]).sort(),
    );
    const done = log.filter((e) => e.type === "team_task" && e.action === "done").map((e) => e.id);
    expect(done.sort()).toEqual(TEAM_MEMBERS.map((m) => m.task).sort());
    expect(log.find((e) => e.type === "team_message")).toMatchObject({ from: "ana", to: "lead" });
    expect(log.find((e) => e.type === "wake")).toMatchObject({ source: "team:message", lane: "main" });
    expect(strictProblems(lines)).toEqual([]);
  });
});
