/**
 * Agent teams end to end (packages/teams, docs/teams.md), through the built binary and the scripted
 * mock model: the lead starts a team of three through `tool_call`; the members split the task on
 * the board (a second claim of a task is refused), message each other and the lead (the lead's
 * message is a `team:message` wake in the main lane), and report results against the lead's JSON
 * Schema — one first sends an invalid result and is told each problem, one tries to stop without a
 * result and is kept going once by the stop gate. Each member's identity and the team's policy are
 * in that member's first message only, and every lane sends the one Tier 1. A resumed session
 * folds the board back from the log. Budgets: a member over its step budget stops with status
 * `budget`; `team_stop` stops one member while the others go on. Plan mode runs team_start as it
 * runs subagent_fork (effect `agent`), and refuses a member's writes. Headless waits while a team
 * runs: a lead that ended its turn is woken by a member's message and by the team's end.
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { StrictLogEventSchema } from "@picasso/protocol/schemas";
import { describe, expect, it } from "vitest";
import { picasso, script, workspace } from "./cli-harness.js";

type LogEvent = ReturnType<typeof JSON.parse>;

function readLog(path: string): LogEvent[] {
  return readFileSync(path, "utf8")
    .trim()
    .split("\n")
    .map((l) => JSON.parse(l));
}

const call = (name: string, args: Record<string, unknown>) => ({
  name: "tool_call",
  input: { name, arguments: args },
});

const SCHEMA = {
  type: "object",
  properties: { part: { type: "string" }, words: { type: "integer" } },
  required: ["part", "words"],
  additionalProperties: false,
};

const TEAM_START = call("team_start", {
  team: "docs",
  members: [
    { name: "alpha", brief: "Writes introductions.", task: "TASK-ALPHA-1: write the intro (board t1)." },
    {
      name: "beta",
      brief: "Writes usage sections.",
      task: "TASK-BETA-1: write a section; wait for alpha first.",
    },
    { name: "gamma", brief: "Writes FAQs.", task: "TASK-GAMMA-1: write the FAQ (board t3)." },
  ],
  result_schema: SCHEMA,
  tasks: ["write the intro", "write the usage section", "write the FAQ"],
});

const TEAM_SCRIPT = {
  steps: [
    // The lead.
    { match: "build the docs with a team", tool_calls: [TEAM_START] },
    { match: "Started team docs", tool_calls: [call("team_status", { wait_seconds: 60 })] },
    { match: "/All members stopped|ALPHA-TO-LEAD/", text: "The team finished the docs." },
    // alpha: claims t1, tells beta and the lead, reports, marks t1 done.
    { match: "TASK-ALPHA-1", tool_calls: [call("team_board", { action: "claim", id: "t1" })] },
    {
      match: "alpha claimed t1",
      tool_calls: [call("team_message", { to: "beta", text: "ALPHA-HAS-T1: I took t1, take t2" })],
    },
    {
      match: "alpha → beta: sent",
      tool_calls: [call("team_message", { to: "lead", text: "ALPHA-TO-LEAD: the intro is under way" })],
    },
    {
      match: "alpha → lead: sent",
      tool_calls: [call("structured_output", { result: { part: "intro", words: 120 } })],
    },
    {
      match: "alpha: result accepted",
      tool_calls: [call("team_board", { action: "done", id: "t1", note: "intro" })],
    },
    { match: "alpha finished t1", text: "alpha: intro written." },
    // beta: waits for alpha, tries alpha's task (refused), takes t2, sends an invalid result first.
    { match: "TASK-BETA-1", tool_calls: [call("team_wait", { wait_seconds: 30 })] },
    { match: "ALPHA-HAS-T1", tool_calls: [call("team_board", { action: "claim", id: "t1" })] },
    { match: "already claimed by alpha", tool_calls: [call("team_board", { action: "claim", id: "t2" })] },
    {
      match: "beta claimed t2",
      tool_calls: [call("structured_output", { result: { part: "usage", words: "eighty", extra: 1 } })],
    },
    {
      match: "beta: the result does not match",
      tool_calls: [call("structured_output", { result: { part: "usage", words: 80 } })],
    },
    { match: "beta: result accepted", tool_calls: [call("team_board", { action: "done", id: "t2" })] },
    { match: "beta finished t2", text: "beta: usage written." },
    // gamma: may not start a team, takes t3, tries to stop without a result and is kept going once.
    {
      match: "TASK-GAMMA-1",
      tool_calls: [call("team_start", { team: "rogue", members: [{ name: "x", brief: "b", task: "t" }] })],
    },
    {
      match: "not available inside a subagent",
      tool_calls: [call("team_board", { action: "claim", id: "t3" })],
    },
    { match: "gamma claimed t3", tool_calls: [call("team_board", { action: "done", id: "t3" })] },
    { match: "gamma finished t3", text: "gamma: FAQ written." },
    {
      match: "You have not reported your result",
      tool_calls: [call("structured_output", { result: { part: "faq", words: 40 } })],
    },
    { match: "gamma: result accepted", text: "gamma: FAQ written, result reported." },
  ],
};

function messagesOf(log: LogEvent[], lane: string): string {
  return log
    .filter((e) => e.type === "message" && e.lane === lane)
    .map((e) => JSON.stringify(e.message))
    .join("\n");
}

function resultContent(log: LogEvent[], lane: string): string[] {
  // What the model read back in that lane: the tool_results messages, in order.
  return log
    .filter((e) => e.type === "message" && e.lane === lane && e.source === "tool_results")
    .flatMap((e) => e.message.content.map((b: { content: unknown }) => JSON.stringify(b.content)));
}

describe("agent teams in a headless session", () => {
  it("a team of three splits the work on the board, messages, and reports schema-valid results", async () => {
    const dir = workspace({ "a.txt": "hello\n" });
    const s = script(dir, TEAM_SCRIPT);
    const run = await picasso(dir, [
      "-p",
      "build the docs with a team",
      "--output-format",
      "json",
      "--provider",
      "mock",
      "--mock-script",
      s,
    ]);
    expect(run.stderr).toBe("");
    expect(run.exitCode).toBe(0);
    const result = JSON.parse(run.stdout as string);
    expect(result.result).toBe("The team finished the docs.");
    const log = readLog(result.logPath);
    // Every line, the team events included, is schema v2 exactly as declared (no undeclared field).
    const problems = log.flatMap((e, i) => {
      const parsed = StrictLogEventSchema.safeParse(e);
      return parsed.success ? [] : [`line ${i + 1} (${e.type}): ${JSON.stringify(parsed.error.issues[0])}`];
    });
    expect(problems).toEqual([]);

    // Three labelled member lanes in one group, started by the lead's call.
    const starts = log.filter((e) => e.type === "subagent_start");
    expect(starts.map((e) => [e.lane, e.label, e.group, e.parentLane])).toEqual([
      ["agent-1", "alpha", "team:docs", "main"],
      ["agent-2", "beta", "team:docs", "main"],
      ["agent-3", "gamma", "team:docs", "main"],
    ]);
    const stops = log.filter((e) => e.type === "subagent_stop").map((e) => [e.lane, e.status]);
    expect(stops.sort()).toEqual([
      ["agent-1", "done"],
      ["agent-2", "done"],
      ["agent-3", "done"],
    ]);
    expect(log.find((e) => e.type === "team_start")).toMatchObject({
      team: "docs",
      members: [
        { name: "alpha", lane: "agent-1", role: "Writes introductions." },
        { name: "beta", lane: "agent-2" },
        { name: "gamma", lane: "agent-3" },
      ],
      resultSchema: SCHEMA,
    });

    // The board: seeded by the lead, each task claimed by one member; beta's claim of t1 refused.
    const tasks = log
      .filter((e) => e.type === "team_task")
      .map((e) => `${e.by} ${e.action} ${e.id} ${e.status}`);
    expect(tasks.slice(0, 3)).toEqual(["lead add t1 open", "lead add t2 open", "lead add t3 open"]);
    expect(tasks).toContain("alpha claim t1 claimed");
    expect(tasks).toContain("beta claim t2 claimed");
    expect(tasks).toContain("gamma claim t3 claimed");
    expect(tasks.filter((t) => t.includes("claim t1"))).toEqual(["alpha claim t1 claimed"]);
    expect(tasks.filter((t) => t.includes(" done "))).toHaveLength(3);
    expect(resultContent(log, "agent-2").join("\n")).toContain("t1 is already claimed by alpha");
    // A member cannot start a team: team_start's effect (agent) is refused in a member's lane.
    expect(resultContent(log, "agent-3").join("\n")).toContain("is not available inside a subagent");
    expect(log.filter((e) => e.type === "team_start")).toHaveLength(1);

    // Messages: alpha → beta reaches beta's lane; alpha → lead wakes the main lane.
    expect(log.filter((e) => e.type === "team_message").map((e) => `${e.from}>${e.to}`)).toEqual([
      "alpha>beta",
      "alpha>lead",
    ]);
    expect(messagesOf(log, "agent-2")).toContain("[team docs] alpha → beta: ALPHA-HAS-T1");
    // Introduced as from the teammate, not as from the agent that started it.
    expect(messagesOf(log, "agent-2")).toContain("Message from alpha, a member of your team:");
    expect(messagesOf(log, "agent-2")).not.toContain("Message from the agent that started you");
    expect(messagesOf(log, "agent-3")).not.toContain("ALPHA-HAS-T1");
    expect(log.find((e) => e.type === "wake")).toMatchObject({ source: "team:message", lane: "main" });
    expect(messagesOf(log, "main")).toContain("ALPHA-TO-LEAD: the intro is under way");

    // Results: beta's first one named each problem; gamma was asked once for its missing one.
    const results = log.filter((e) => e.type === "team_result").map((e) => [e.member, e.status]);
    expect(results).toEqual(
      expect.arrayContaining([
        ["alpha", "valid"],
        ["beta", "invalid"],
        ["beta", "valid"],
        ["gamma", "valid"],
      ]),
    );
    expect(results).toHaveLength(4);
    const invalid = log.find((e) => e.type === "team_result" && e.status === "invalid");
    expect([...invalid.problems].sort()).toEqual([
      'field "words" must be integer, got string',
      'unknown field "extra"',
    ]);
    expect(resultContent(log, "agent-2").join("\n")).toContain(
      '- field \\"words\\" must be integer, got string',
    );
    expect(messagesOf(log, "agent-3")).toContain('source=\\"team:result\\"');
    for (const lane of ["main", "agent-1", "agent-2"])
      expect(messagesOf(log, lane)).not.toContain("team:result");
    const status = resultContent(log, "main").find((c) => c.includes("All members stopped")) ?? "";
    expect(status).toContain('- alpha: {\\"part\\":\\"intro\\",\\"words\\":120}');
    expect(status).toContain('- beta: {\\"part\\":\\"usage\\",\\"words\\":80}');
    expect(status).toContain('- gamma: {\\"part\\":\\"faq\\",\\"words\\":40}');
    expect(status).toMatch(/- t2 \[done · beta\] write the usage section/);

    // Agent-scoped text: each member's identity in its own lane only; the policy in member lanes only.
    for (const [lane, name] of [
      ["agent-1", "alpha"],
      ["agent-2", "beta"],
      ["agent-3", "gamma"],
    ] as const) {
      for (const other of ["main", "agent-1", "agent-2", "agent-3"]) {
        const text = messagesOf(log, other);
        expect(text.includes(`You are \\"${name}\\"`), `${name}'s identity in ${other}`).toBe(other === lane);
      }
      const first = log.find((e) => e.type === "message" && e.lane === lane);
      expect(JSON.stringify(first.message)).toContain('source=\\"team:identity\\"');
      expect(JSON.stringify(first.message)).toContain('source=\\"team:policy\\"');
    }
    expect(messagesOf(log, "main")).not.toContain("team:policy");

    // One Tier 1 in every lane: one header, every request under its hash; no team text in it.
    const headers = log.filter((e) => e.type === "request_header");
    expect(headers.map((h) => h.reason)).toEqual(["initial"]);
    const requests = log.filter((e) => e.type === "model_request");
    expect(new Set(requests.map((r) => r.lane))).toEqual(new Set(["main", "agent-1", "agent-2", "agent-3"]));
    expect(requests.every((r) => r.headerHash === headers[0].hash)).toBe(true);
    expect(JSON.stringify(headers[0])).not.toContain("team:identity");
    expect(JSON.stringify(headers[0]).includes("team_start")).toBe(false);

    // A resumed session folds the board back from the log.
    const again = script(
      dir,
      {
        steps: [
          { match: "show the board", tool_calls: [call("team_board", { action: "list" })] },
          { match: "Board of team docs", text: "Board shown." },
        ],
      },
      "resume.yaml",
    );
    const resumed = await picasso(dir, [
      "-p",
      "show the board",
      "--continue",
      "--output-format",
      "json",
      "--provider",
      "mock",
      "--mock-script",
      again,
    ]);
    expect(resumed.exitCode).toBe(0);
    const after = readLog(JSON.parse(resumed.stdout as string).logPath);
    const board = resultContent(after, "main").find((c) => c.includes("Board of team docs")) ?? "";
    expect(board).toContain("3 tasks: 3 done");
    expect(board).toContain("t1 [done · alpha] write the intro");
  }, 90_000);

  it("stops a member over its step budget with status budget, and team_stop stops one member", async () => {
    const dir = workspace({
      ".picasso/agents/worker.md":
        "---\nname: worker\ndescription: Does the steady work. Use for routine tasks.\n---\n\nWORKER-RULES-5k: finish what you start.\n",
    });
    const s = script(dir, {
      steps: [
        {
          match: "start the ops team",
          tool_calls: [
            call("team_start", {
              team: "ops",
              members: [
                {
                  name: "spender",
                  brief: "Spends.",
                  task: "TASK-SPEND: list the board, then more",
                  max_steps: 1,
                },
                { name: "sleeper", brief: "Sleeps.", task: "TASK-SLEEP: a long job" },
                { name: "steady", agent: "worker", task: "TASK-STEADY: finish after sleeper is stopped" },
              ],
            }),
          ],
        },
        { match: "Started team ops", tool_calls: [call("team_stop", { member: "sleeper" })] },
        { match: "Stopping sleeper", tool_calls: [call("team_status", { wait_seconds: 30 })] },
        { match: "All members stopped", text: "Ops done." },
        { match: "TASK-SPEND", tool_calls: [call("team_board", { action: "list" })] },
        { match: "TASK-SLEEP", text: "never finished", delay_ms: 20_000 },
        { match: "TASK-STEADY", tool_calls: [call("team_wait", { wait_seconds: 30 })] },
        { match: "steady: ", text: "steady: done." },
      ],
    });
    const run = await picasso(dir, [
      "-p",
      "start the ops team",
      "--output-format",
      "json",
      "--provider",
      "mock",
      "--mock-script",
      s,
    ]);
    expect(run.exitCode).toBe(0);
    const result = JSON.parse(run.stdout as string);
    expect(result.result).toBe("Ops done.");
    const log = readLog(result.logPath);
    const status = Object.fromEntries(
      log
        .filter((e) => e.type === "subagent_stop")
        .map((e) => [
          log.find((s: LogEvent) => s.type === "subagent_start" && s.lane === e.lane).label,
          e.status,
        ]),
    );
    expect(status).toEqual({ spender: "budget", sleeper: "interrupted", steady: "done" });
    const stopped = resultContent(log, "main").find((c) => c.includes("All members stopped")) ?? "";
    expect(stopped).toMatch(/- spender \(agent-1\) · budget · 1 step/);
    expect(stopped).toMatch(/- sleeper \(agent-2\) · interrupted/);
    expect(stopped).toMatch(/- steady \(agent-3\) · done/);
    // steady's role is the agent definition: its text in steady's first message only.
    expect(log.find((e) => e.type === "subagent_start" && e.lane === "agent-3")).toMatchObject({
      agent: "worker",
    });
    expect(messagesOf(log, "agent-3")).toContain("WORKER-RULES-5k");
    for (const lane of ["main", "agent-1", "agent-2"])
      expect(messagesOf(log, lane)).not.toContain("WORKER-RULES-5k");
  }, 90_000);
  it("plan mode treats team_start like subagent_fork: members run, and plan mode refuses their writes", async () => {
    const dir = workspace();
    const s = script(dir, {
      steps: [
        {
          match: "plan with a team",
          tool_calls: [
            call("team_start", { team: "plan", members: [{ name: "a", brief: "b", task: "TASK-PLAN" }] }),
          ],
        },
        { match: "Started team plan", tool_calls: [call("team_status", { wait_seconds: 30 })] },
        { match: "All members stopped", text: "Planned." },
        { match: "TASK-PLAN", tool_calls: [{ name: "write", input: { path: "x.txt", content: "no" } }] },
        { match: "plan mode is on", text: "a: could not write in plan mode." },
      ],
    });
    const run = await picasso(dir, [
      "-p",
      "plan with a team",
      "--mode",
      "plan",
      "--output-format",
      "json",
      "--provider",
      "mock",
      "--mock-script",
      s,
    ]);
    expect(run.exitCode).toBe(0);
    const result = JSON.parse(run.stdout as string);
    expect(result.result).toBe("Planned.");
    const log = readLog(result.logPath);
    expect(log.find((e) => e.type === "tool_result" && e.lane === "agent-1")).toMatchObject({
      name: "write",
      status: "denied",
    });
    expect(existsSync(join(dir, "x.txt"))).toBe(false);
  }, 60_000);

  it("headless waits while a team runs: the lead ends its turn, a member's message and the team's end wake it", async () => {
    const dir = workspace();
    const s = script(dir, {
      steps: [
        {
          match: "start the crew",
          tool_calls: [
            call("team_start", {
              team: "crew",
              members: [{ name: "solo", brief: "Works alone.", task: "TASK-SOLO" }],
            }),
          ],
        },
        { match: "Started team crew", text: "Started; I will wait." },
        // Whichever wake turn sees the team's end answers last (it may join the reply's turn).
        { match: "Team crew finished", text: "The crew finished." },
        { match: "SOLO-TO-LEAD", tool_calls: [call("team_message", { to: "solo", text: "LEAD-ACK go on" })] },
        { match: "lead → solo: sent", text: "Noted." },
        {
          match: "TASK-SOLO",
          tool_calls: [call("team_message", { to: "lead", text: "SOLO-TO-LEAD: halfway" })],
        },
        { match: "solo → lead: sent", tool_calls: [call("team_wait", { wait_seconds: 30 })] },
        { match: "LEAD-ACK", text: "solo: done." },
      ],
    });
    const run = await picasso(dir, [
      "-p",
      "start the crew",
      "--output-format",
      "json",
      "--provider",
      "mock",
      "--mock-script",
      s,
    ]);
    expect(run.exitCode).toBe(0);
    const result = JSON.parse(run.stdout as string);
    expect(result.result).toBe("The crew finished.");
    const log = readLog(result.logPath);
    const wakes = log.filter((e) => e.type === "wake");
    expect(wakes.map((e) => e.source)).toEqual(["team:message", "team:done"]);
    expect(wakes[1].text).toBe(
      'Team crew finished: solo done. team_status {"team": "crew"} gives the board, results and reports.',
    );
    expect(messagesOf(log, "agent-1")).toContain("[team crew] lead → solo: LEAD-ACK go on");
    expect(log.filter((e) => e.type === "turn_start" && e.lane === "main").length).toBeGreaterThanOrEqual(2);
  }, 90_000);
});
