/**
 * The teams extension against a fake session (its lanes, wake and record), without a model:
 * team_start forks one labelled, grouped lane per member with the identity and policy briefs and
 * the budgets; a bad member is refused before any lane opens, and a member the engine refuses
 * cancels the ones already started; the stop gate keeps a member without a valid result going
 * once with a `team:result` reminder in that lane only, then records the result `missing`;
 * messages reach a member's lane or wake the lead.
 */
import type {
  ExtensionStartContext,
  ForkedSubagent,
  ForkedSubagents,
  SessionEventBody,
  SubagentRequest,
  ToolContext,
  ToolDefinition,
  WakeNotice,
} from "@picasso/protocol";
import { describe, expect, it } from "vitest";
import { createTeamsExtension } from "./teams-extension.js";

function fakeLanes(refuse?: string) {
  const forked: SubagentRequest[] = [];
  const messages: [string, string][] = [];
  const cancelled: string[] = [];
  const status = new Map<string, ForkedSubagent["status"]>();
  const enders = new Map<string, (() => void)[]>();
  const lane = (id: string): ForkedSubagent => ({
    id,
    task: "",
    status: status.get(id) ?? "running",
    steps: 0,
    elapsedMs: 0,
    pendingMessages: 0,
    tokens: 0,
  });
  /** The lane stops as the engine would stop it. */
  const stop = (id: string, how: ForkedSubagent["status"]) => {
    status.set(id, how);
    for (const end of enders.get(id) ?? []) end();
  };
  const lanes: ForkedSubagents = {
    fork(request) {
      if (refuse && request.label === refuse) throw new Error(`no agent named "${request.agent}"`);
      forked.push(request);
      return lane(`agent-${forked.length}`);
    },
    // Waits like the engine's: until the lane stops, `waitMs` passes or `signal` aborts.
    report: (id, waitMs, signal) =>
      new Promise((resolve) => {
        if (lane(id).status !== "running") return resolve(lane(id));
        const done = () => {
          clearTimeout(timer);
          resolve(lane(id));
        };
        const timer = setTimeout(done, waitMs);
        signal.addEventListener("abort", done);
        enders.set(id, [...(enders.get(id) ?? []), done]);
      }),
    list: () => forked.map((_, i) => lane(`agent-${i + 1}`)),
    cancel(id) {
      cancelled.push(id);
      return lane(id);
    },
    message(id, text) {
      messages.push([id, text]);
      return lane(id);
    },
  };
  return { lanes, forked, messages, cancelled, stop };
}

async function setUp(refuse?: string) {
  const extension = createTeamsExtension();
  const recorded: SessionEventBody[] = [];
  const notices: WakeNotice[] = [];
  const armed: string[] = [];
  const fake = fakeLanes(refuse);
  const start: ExtensionStartContext = {
    sessionId: "s",
    workspaceRoot: "/nowhere",
    picassoHome: "/nowhere",
    logPath: "/nowhere/none.jsonl",
    record: (event) => recorded.push(event),
    lanes: fake.lanes,
    wake: {
      notify: (n) => notices.push(n),
      arm: (label) => {
        armed.push(label);
        return () => armed.splice(armed.indexOf(label), 1);
      },
    },
  };
  await extension.start?.(start);
  const tools = new Map((extension.registerTools?.() ?? []).map((t) => [t.spec.name, t]));
  const run = (name: string, input: Record<string, unknown>, lane = "main") =>
    (tools.get(name) as ToolDefinition).run(input, {
      lane,
      signal: new AbortController().signal,
      subagents: fake.lanes,
    } as unknown as ToolContext);
  return { extension, recorded, notices, armed, fake, run };
}

const MEMBERS = [
  {
    name: "alpha",
    brief: "Writes the intro.",
    task: "ALPHA-TASK",
    max_steps: 5,
    max_tokens: 9000,
    max_seconds: 60,
  },
  { name: "beta", agent: "reviewer", task: "BETA-TASK", cwd: "pkg" },
];

describe("the teams extension", () => {
  it("forks one labelled lane per member with its briefs and budgets", async () => {
    const t = await setUp();
    const out = await t.run("team_start", { team: "docs", members: MEMBERS, tasks: ["one", "two"] });
    expect(out.isError).toBeUndefined();
    expect(
      t.fake.forked.map((r) => [r.label, r.group, r.agent, r.maxSteps, r.maxTokens, r.maxSeconds, r.cwd]),
    ).toEqual([
      ["alpha", "team:docs", undefined, 5, 9000, 60, undefined],
      ["beta", "team:docs", "reviewer", undefined, undefined, undefined, "pkg"],
    ]);
    const alpha = t.fake.forked[0] as SubagentRequest;
    expect(alpha.brief?.map((b) => b.source)).toEqual(["team:identity", "team:policy"]);
    expect(alpha.brief?.[0]?.text).toContain('You are "alpha", a member of team "docs"');
    expect(alpha.brief?.[0]?.text).toContain("- beta: agent reviewer");
    expect(alpha.brief?.[1]?.text).not.toContain("structured_output");
    expect(t.recorded.map((e) => e.type)).toEqual(["team_start", "team_task", "team_task"]);
    // What survives a compaction of a member's lane: who it is; the lead's lane keeps nothing of it.
    expect(t.extension.protect?.("agent-1")).toEqual([
      {
        source: "teams",
        label: "Team",
        lines: [
          'You are "alpha" of team "docs" (Writes the intro.); the lead is "lead".',
          "Teammates: beta (agent reviewer).",
          "Your task: ALPHA-TASK",
        ],
      },
    ]);
    expect(t.extension.protect?.("main")).toEqual([]);
    // `/team`: the members, the board; its data the same as JSON.
    const op = t.extension.operations?.find((o) => o.name === "team");
    const shown = await op?.run("", { signal: new AbortController().signal, offline: false });
    expect(shown?.text).toContain("Team docs: 2 members, 2 running · board 2 tasks: 2 open · 0 messages");
    expect(shown?.text).toContain("- beta (agent-2) · running · 0 steps · 0 tokens · 0 s · agent reviewer");
    expect(shown?.text).toContain("- t2 [open] two");
    expect(shown?.data).toMatchObject({ teams: [{ team: "docs", board: [{ id: "t1" }, { id: "t2" }] }] });
    expect(t.extension.panel?.()?.rows[0]).toEqual({
      label: "team docs",
      value: "2/2 running · board 2 tasks: 2 open",
    });
  });

  it("refuses bad members before any lane opens, and cancels started ones when the engine refuses one", async () => {
    const t = await setUp("beta");
    const both = await t.run("team_start", {
      team: "x",
      members: [{ name: "a", agent: "r", brief: "b", task: "t" }],
    });
    expect(both.content).toBe(
      'team_start: "members[0]": give its role as exactly one of "agent" (a defined agent) or "brief" (text).',
    );
    const reserved = await t.run("team_start", {
      team: "x",
      members: [{ name: "lead", brief: "b", task: "t" }],
    });
    expect(reserved.content).toContain('"members[0].name": "lead" is reserved');
    const noTask = await t.run("team_start", { team: "x", members: [MEMBERS[0], { name: "b", brief: "b" }] });
    expect(noTask.content).toBe('team_start: "members[1].task" is required (a non-empty string).');
    const schema = await t.run("team_start", {
      team: "x",
      members: MEMBERS,
      result_schema: { type: "string" },
    });
    expect(schema.content).toContain('"result_schema" must describe an object');
    expect(t.fake.forked).toHaveLength(0);
    const refused = await t.run("team_start", { team: "docs", members: MEMBERS });
    expect(refused.content).toBe('team_start: team "docs" was not started: no agent named "reviewer"');
    expect(t.fake.cancelled).toEqual(["agent-1"]);
    expect(t.recorded).toHaveLength(0);
  });

  it("keeps a member without a valid result going once, in its own lane, then records it missing", async () => {
    const t = await setUp();
    await t.run("team_start", {
      team: "docs",
      members: MEMBERS.map(({ agent: _, cwd: __, ...m }) => ({ ...m, brief: "writes" })),
      result_schema: { type: "object", properties: { n: { type: "integer" } }, required: ["n"] },
    });
    const gate = (lane: string, continued = 0) =>
      t.extension.beforeStop?.({ sessionId: "s", lane, turn: 1, text: "done", continued });
    const step = (lane: string) =>
      t.extension.preStep?.({
        sessionId: "s",
        lane,
        turn: 1,
        step: 2,
        mode: "default",
        messages: [],
        compactions: 0,
      });
    const bad = await t.run("structured_output", { result: { n: "x" } }, "agent-1");
    expect(bad).toMatchObject({ isError: true });
    expect(bad.content).toContain('- field "n" must be integer, got string');
    expect(await gate("agent-1")).toEqual({ continue: true });
    const appended = (await step("agent-1"))?.append ?? [];
    expect(appended.map((a) => a.reminder)).toEqual(["team:result"]);
    expect(JSON.stringify(appended[0]?.message)).toContain('field \\"n\\" must be integer');
    expect((await step("agent-2"))?.append).toEqual([]);
    expect(await gate("main")).toBeUndefined();
    // Asked once already: the stop is accepted; the invalid result stays the last word.
    expect(await gate("agent-1", 1)).toBeUndefined();
    // beta never reported: asked once, then marked missing.
    expect(await gate("agent-2")).toEqual({ continue: true });
    expect(await gate("agent-2", 1)).toBeUndefined();
    const results = t.recorded
      .filter((e) => e.type === "team_result")
      .map((e) => e.type === "team_result" && `${e.member}:${e.status}`);
    expect(results).toEqual(["alpha:invalid", "beta:missing"]);
    // A valid result stops the gate from asking.
    await t.run("structured_output", { result: { n: 3 } }, "agent-1");
    expect(await gate("agent-1")).toBeUndefined();
  });

  it("delivers a message to a member's lane, wakes the lead, and refuses a lane outside the team", async () => {
    const t = await setUp();
    await t.run("team_start", { team: "docs", members: MEMBERS });
    await t.run("team_message", { to: "beta", text: "take t2" }, "agent-1");
    expect(t.fake.messages).toEqual([
      ["agent-2", "[team docs] alpha → beta: take t2\n(answer with team_message if needed)"],
    ]);
    await t.run("team_message", { to: "all", text: "done here" }, "agent-2");
    expect(t.fake.messages.at(-1)?.[0]).toBe("agent-1");
    expect(t.notices).toEqual([{ source: "team:message", text: "[team docs] beta → lead: done here" }]);
    const stranger = await t.run("team_message", { to: "lead", text: "hi" }, "agent-9");
    expect(stranger.content).toContain("this lane is not in a team");
    const nobody = await t.run("team_message", { to: "carol", text: "hi" });
    expect(nobody.content).toContain('no member "carol" in team docs');
    expect(t.recorded.filter((e) => e.type === "team_message")).toHaveLength(2);
  });

  it("team_wait returns when a teammate's message for the caller is recorded", async () => {
    const t = await setUp();
    await t.run("team_start", { team: "docs", members: MEMBERS });
    const waiting = t.run("team_wait", { wait_seconds: 600 }, "agent-2");
    await t.run("team_message", { to: "alpha", text: "not for beta" }, "agent-2");
    await t.run("team_message", { to: "beta", text: "for beta" }, "agent-1");
    expect((await waiting).content).toBe("beta: a message arrived; read it below and go on.");
  });

  it("a member alone waits for the lead; the lead with no member running does not wait", async () => {
    const t = await setUp();
    await t.run("team_start", { team: "solo", members: [MEMBERS[0]] });
    const waiting = t.run("team_wait", { wait_seconds: 600 }, "agent-1");
    await t.run("team_message", { to: "alpha", text: "go on" });
    expect((await waiting).content).toBe("alpha: a message arrived; read it below and go on.");
    t.fake.stop("agent-1", "done");
    expect((await t.run("team_wait", { wait_seconds: 600 })).content).toBe(
      "lead: no member of team solo is running.",
    );
  });

  it("stays armed while a team runs and tells the lead when its last member stops", async () => {
    const t = await setUp();
    await t.run("team_start", { team: "docs", members: MEMBERS });
    expect(t.armed).toEqual(["team docs"]);
    t.fake.stop("agent-1", "done");
    await turns();
    expect(t.notices).toEqual([]);
    t.fake.stop("agent-2", "budget");
    await until(() => t.notices.length > 0);
    expect(t.notices).toEqual([
      {
        source: "team:done",
        text: 'Team docs finished: alpha done, beta budget. team_status {"team": "docs"} gives the board, results and reports.',
      },
    ]);
    expect(t.armed).toEqual([]);
  });

  it("sends no team:done notice when the lead's team_status already saw the team finish", async () => {
    const t = await setUp();
    await t.run("team_start", { team: "docs", members: MEMBERS });
    const status = t.run("team_status", { wait_seconds: 600 });
    t.fake.stop("agent-1", "done");
    t.fake.stop("agent-2", "interrupted");
    expect((await status).content).toMatch(/^All members stopped\.\nTeam docs: 2 members, 0 running/);
    await until(() => t.armed.length === 0);
    await turns();
    expect(t.notices).toEqual([]);
  });
});

/** Let pending callbacks and immediates run (no timing involved). */
async function turns(): Promise<void> {
  for (let i = 0; i < 3; i++) await new Promise((r) => setImmediate(r));
}

async function until(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise((r) => setImmediate(r));
}
