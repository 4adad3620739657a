/**
 * Every standard scenario through the real engine, the official SDKs and the mock provider's
 * simulated cache: no unexpected drop under Anthropic or OpenAI rules; the 30-turn coding session
 * (in the realistic setup: 3 MCP servers, 30 skills, 100 memories) serves ≥ 97% of input tokens
 * from turn 2 on from cache at a 1024-token minimum (2048 and 4096 are reported); compaction's
 * misses are named as expected; the scenarios really did what they claim (approval denied,
 * plan-mode refusal, Tier-2 loads, a subagent, a resume, the next day's new session with the same
 * Tier 1, every switch among the modes).
 */
import { canonicalJson, sha256 } from "@picasso/protocol";
import { describe, expect, it } from "vitest";
import { buildReport, readShareFromTurn2 } from "../src/probe-report.js";
import { runScenario, type ScenarioRun } from "../src/run-scenario.js";
import {
  codingScenario,
  compactionScenario,
  familiesScenario,
  helloScenario,
  memoryScenario,
  modesScenario,
  nextDayScenario,
  resumeScenario,
  SCENARIOS,
  skillsScenario,
} from "../src/scenarios/index.js";
import { turns } from "../src/scenarios/scenario.js";
import { strictProblems } from "./strict-log.js";

const drops = (run: ScenarioRun) => run.findings.filter((f) => !f.expected);
const sent = (run: ScenarioRun) => canonicalJson(run.steps.at(-1)!.request.messages);
const tier1Hash = (step: ScenarioRun["steps"][number]) =>
  sha256(canonicalJson({ tools: step.request.tools, system: step.request.system }));
const firstUserText = (step: ScenarioRun["steps"][number]) =>
  step.request.messages[0]!.content.map((b) => (b.type === "text" ? b.text : "")).join("\n");

/**
 * The scenarios with a test file of their own (mcp-scenario.test.ts, claude-setup.test.ts, team-scenario.test.ts), which
 * runs them once with these same checks (drops, strict log): not run a second time here.
 */
const OWN_FILE = new Set(["mcp", "claude-setup", "team"]);
const GENERAL = SCENARIOS.filter((s) => !OWN_FILE.has(s.name));

// A scenario runs dozens of real requests and tools (the families scenario starts processes, git
// and sandboxes): on a loaded machine one can take longer than the default 30 s.
const SCENARIO_TIMEOUT = { timeout: 180_000 };

describe("the standard scenarios under Anthropic rules (1024-token minimum)", SCENARIO_TIMEOUT, () => {
  const runs = new Map<string, ScenarioRun>();
  const logLines = new Map<string, string[]>();
  const run = async (name: string) => {
    const scenario = GENERAL.find((s) => s.name === name)!;
    if (!runs.has(name))
      runs.set(
        name,
        await runScenario(scenario, {
          rules: "anthropic",
          minCacheable: 1024,
          inspectLogs: (lines) => logLines.set(name, lines),
        }),
      );
    return runs.get(name)!;
  };

  // A scenario starts real processes (git, sandboxes): give the first run of one room.
  it.each(GENERAL.map((s) => s.name))(
    "%s: no unexpected drops",
    async (name) => {
      const result = await run(name);
      expect(drops(result)).toEqual([]);
      expect(result.steps.length).toBeGreaterThan(0);
    },
    180_000,
  );

  it.each(GENERAL.map((s) => s.name))(
    "%s: every logged line is schema v2 exactly as declared",
    async (name) => {
      await run(name);
      const lines = logLines.get(name) ?? [];
      expect(lines.length).toBeGreaterThan(5);
      expect(strictProblems(lines)).toEqual([]);
    },
  );

  it("coding: 30 turns in the realistic setup, ≥ 97% of input tokens from turn 2 on read from cache", async () => {
    const result = await run("coding");
    expect(turns(codingScenario)).toBe(30);
    expect(Math.max(...result.steps.map((s) => s.turn))).toBe(30);
    const share = readShareFromTurn2(result.steps);
    console.log(
      `coding, anthropic rules, 1024 minimum: read share from turn 2 = ${(share * 100).toFixed(1)}%`,
    );
    expect(share).toBeGreaterThanOrEqual(0.97);
    // Tier 1 byte-identical on every request of the 30 turns, subagent lane included.
    const tier1 = new Set(result.steps.map((s) => canonicalJson([s.request.tools, s.request.system])));
    expect(tier1.size).toBe(1);
    expect(result.steps[0]!.request.tools.map((t) => t.name)).toContain("graph_call");
  });

  it("acp: ran through ACP with the CLI's Tier 1 — a rejection, set_mode there and back, session/load", async () => {
    const result = await run("acp");
    const coding = await run("coding");
    // The same shop workspace through the engine directly (the CLI's composition) and through ACP.
    expect(canonicalJson(result.steps[0]!.request.tools)).toBe(canonicalJson(coding.steps[0]!.request.tools));
    expect(canonicalJson(result.steps[0]!.request.system)).toBe(
      canonicalJson(coding.steps[0]!.request.system),
    );
    const events = (logLines.get("acp") ?? []).map((line) => JSON.parse(line));
    expect(events.filter((e) => e.type === "session_start").map((e) => e.surface)).toEqual(["acp", "acp"]);
    expect(events.filter((e) => e.type === "request_header").map((e) => e.reason)).toEqual([
      "initial",
      "resume",
    ]);
    expect(new Set(events.filter((e) => e.type === "request_header").map((e) => e.hash)).size).toBe(1);
    expect(events.filter((e) => e.type === "approval_decided").map((e) => `${e.name}:${e.decision}`)).toEqual(
      ["edit:allow_once", "write:deny", "bash:allow_once"],
    );
    expect(events.filter((e) => e.type === "mode_change").map((e) => `${e.from}->${e.to}`)).toEqual([
      "default->plan",
      "plan->default",
    ]);
    expect(drops(result)).toEqual([]);
  });

  it("coding: did what it claims — 25 parallel calls, a denial, plan-mode refusal, Tier-2 loads, a subagent", async () => {
    const result = await run("coding");
    const messages = sent(result);
    const widest = Math.max(
      ...result.steps.flatMap((s) =>
        s.request.messages.map((m) => m.content.filter((b) => b.type === "tool_use").length),
      ),
    );
    expect(widest).toBe(25);
    expect(messages).toContain("the user denied this in the probe scenario");
    expect(messages).toContain("plan mode is on");
    expect(messages).toContain("Invalid arguments for skill_search");
    expect(messages).toContain('source=\\"mode\\"');
    expect(messages).toContain('source=\\"plan-mode\\"');
    expect(messages).toContain('source=\\"stale-todos\\"');
    // A repeated identical read (cart.ts, turn 1 and the 25-call step) became a pointer (dedupe).
    expect(messages).toContain("identical to the file read of src/shop/cart.ts");
    expect(result.steps.some((s) => s.lane === "agent-1")).toBe(true);
    expect(new Set(result.steps.map((s) => s.mode))).toEqual(new Set(["default", "plan", "auto"]));
  });

  it("compaction: the summary request and the request after it are expected misses that still read Tier 1", async () => {
    const result = await run("compaction");
    const expected = result.findings.filter((f) => f.expected);
    expect(expected.length).toBeGreaterThanOrEqual(2);
    expect(expected.every((f) => f.kind === "compaction")).toBe(true);
    expect(result.steps.some((s) => s.purpose === "compaction")).toBe(true);
    const after = result.steps.find((s) => s.after.compaction)!;
    expect(after.usage.read).toBeGreaterThanOrEqual(result.tier1Tokens);
  });

  it("resume: the session re-opened in a new process reads everything cached before it", async () => {
    const result = await run("resume");
    const i = result.steps.findIndex((s) => s.after.resume);
    expect(i).toBeGreaterThan(0);
    expect(result.steps[0]!.pid).toBe(process.pid);
    expect(result.steps.slice(i).every((s) => s.pid !== process.pid)).toBe(true);
    expect(result.steps.at(-1)!.mode).toBe("plan");
    const before = result.steps[i - 1]!;
    expect(result.steps[i]!.usage.read).toBe(before.usage.read + before.usage.write);
  });

  it("skills: 30 skills, each with its trigger in an index within 2.5 KB in Tier 1, every load appended as Tier 2 with its bytes", async () => {
    const result = await run("skills");
    expect(skillsScenario.files[".picasso/skills/release/SKILL.md"]).toBeDefined();
    const skillFiles = [...Object.keys(skillsScenario.files), ...Object.keys(skillsScenario.homeFiles ?? {})];
    expect(skillFiles.filter((p) => p.endsWith("/SKILL.md"))).toHaveLength(30);
    const index = result.steps[0]!.request.system.find((b) => b.id === "skills:index")!;
    expect(Buffer.byteLength(index.text)).toBeLessThanOrEqual(2560);
    // Every skill, user ones too, with its when-clause as its trigger.
    expect(index.text).toContain("- release: Use when asked to release, ship or tag a version.");
    expect(index.text).toMatch(/^- accessibility-audit: Use when asked whether something is accessible/m);
    expect(index.text.split("\n").filter((l) => l.startsWith("- "))).toHaveLength(30);
    expect(index.text).not.toContain("Also available");
    expect(index.text).not.toContain("/tmp/");
    const messages = sent(result);
    expect(messages).toContain('<skill name=\\"release\\" path=\\".picasso/skills/release/SKILL.md\\">');
    expect(messages).toContain("release checklist"); // the bundled file, read with `read`
    expect(messages).toContain("[identical to the skill release in message #");
    expect(messages).toContain('<skill-file skill=\\"internal-comms\\" path=\\"references/templates.md\\">');
    expect(messages).toContain("## perf-profile — skill (project)");
    const loads = (logLines.get("skills") ?? [])
      .map((line) => JSON.parse(line))
      .filter((e) => e.type === "tier2_load")
      .map((e) => [e.kind, e.name, e.deduped === true]);
    expect(loads).toEqual([
      ["skill_body", "release", false],
      ["skill_body", "release", true],
      ["skill_body", "internal-comms", false],
      ["skill_body", "internal-comms/references/templates.md", false],
      ["skill_body", "accessibility-audit", false],
      // The skill leaf tool_search expanded is a Tier-2 load too.
      ["skill_body", "perf-profile", false],
    ]);
  });

  it("memory: 100 memories leave Tier 1 as it is; pinned, preferences and index lines are Tier 2; recall, a pointer, recall by query", async () => {
    const result = await run("memory");
    const bare = await run("compaction");
    expect(memoryScenario.memories).toHaveLength(110);
    // Tier 1 is the same bytes with 100 memories as with none (the same shop workspace).
    expect(result.baseline.lean.hash).toBe(bare.baseline.lean.hash);
    const first = result.steps[0]!.request;
    expect(canonicalJson(first.system)).toBe(canonicalJson(bare.steps[0]!.request.system));
    expect(canonicalJson(first.tools)).toBe(canonicalJson(bare.steps[0]!.request.tools));
    expect(JSON.stringify(first.system)).not.toContain("memory-index");
    // The first user message (after the cached prefix) carries them.
    const facts = first.messages[0]!.content.map((b) => (b.type === "text" ? b.text : "")).join("\n");
    expect(facts).toContain(
      "Pinned memories:\n- m2 · pinned · Money in cents: Amounts are integer cents everywhere; never floats.",
    );
    expect(facts).toContain("- m3 · preference · Answer style: Short answers, then the diff; no apologies.");
    const index = /<memory-index>\n[^\n]*\n([\s\S]*?)\n<\/memory-index>/.exec(facts)?.[1] ?? "";
    expect(index.split("\n")[0]).toBe(
      "m100 · procedure · search procedure 94: how to change src/shop/search.ts · project",
    );
    expect(Buffer.byteLength(`${index}\n`)).toBeLessThanOrEqual(1024);
    expect(facts).not.toContain("other project fact");
    const messages = sent(result);
    expect(messages).toContain("Remembered m111 (preference, project): Price format");
    expect(messages).toContain('<memory id=\\"m100\\" class=\\"procedure\\" scope=\\"project\\"');
    expect(messages).toContain(
      'loaded=\\"earlier\\"/> (unchanged since it was recalled earlier in this session; not repeated)',
    );
    const loads = (logLines.get("memory") ?? [])
      .map((line) => JSON.parse(line))
      .filter((e) => e.type === "tier2_load")
      .map((e) => [e.kind, e.name, e.deduped === true]);
    expect(loads.slice(0, 2)).toEqual([
      ["memory_body", "m100", false],
      ["memory_body", "m100", true],
    ]);
    expect(loads[2]?.[0]).toBe("memory_body");
    expect(drops(result)).toEqual([]);
  });

  it("families: every deferred family is discovered with tool_search and run with tool_call", async () => {
    const result = await run("families");
    const events = (logLines.get("families") ?? []).map((line) => JSON.parse(line));
    const called = events
      .filter((e) => e.type === "tool_call" && e.name === "tool_call")
      .map((e) => e.target as string);
    expect(new Set(called)).toEqual(
      new Set([
        ...["glob", "list_dir", "multi_edit", "apply_patch", "notebook_edit"],
        ...["web_fetch", "web_search"],
        ...["terminal_start", "terminal_write", "terminal_list", "terminal_kill"],
        ...["worktree_create", "worktree_list", "worktree_remove"],
        "present",
        "session_query",
        ...["goal_set", "goal_status", "goal_done"],
        ...["subagent_fork", "subagent_report"],
      ]),
    );
    // The forked subagent ran in its own lane, in the background, and its report came back.
    expect(events.find((e) => e.type === "subagent_start")).toMatchObject({
      lane: "agent-1",
      background: true,
    });
    expect(events.find((e) => e.type === "subagent_stop")).toMatchObject({ lane: "agent-1", status: "done" });
    const loads = events.filter((e) => e.type === "tier2_load").map((e) => `${e.kind}:${e.name}`);
    expect(loads).toEqual(expect.arrayContaining(["deferred_schema:web_fetch"]));
    const messages = sent(result);
    expect(messages).toContain("Applied the patch:\\nA CHANGELOG.md");
    expect(messages).toContain("Edited src/shop/cart.ts: 2 edits");
    expect(messages).toContain("Replaced cell 1 (code)");
    expect(messages).toContain("a loopback or private-network address");
    expect(messages).toContain("web_search is not configured");
    expect(messages).toContain("hello shop");
    expect(messages).toContain("term-1 killed.");
    expect(messages).toContain("Created worktree .picasso/worktrees/refactor on new branch refactor");
    expect(messages).toContain("Removed worktree .picasso/worktrees/refactor. Branch refactor deleted.");
    expect(messages).toContain('Shown to the user: \\"Rates\\" (a table, 2 rows).');
    expect(messages).toContain("Goal done: A changelog line per module");
    expect(messages).toContain("agent-1 · done · 1 step");
    expect(messages).toContain("src/shop holds 27 modules.");
    expect(messages).toMatch(
      /\(this session\) turn 2 \([^)]*\): \\"Raise the cart and pricing rates, and add a changelog\.\\"/,
    );
    // Tier 1 never changed: the same tools and system on every request.
    const tier1 = new Set(result.steps.map((s) => canonicalJson([s.request.tools, s.request.system])));
    expect(tier1.size).toBe(1);
    expect(result.steps[0]!.request.tools.map((t) => t.name)).not.toContain("glob");
  });

  it("next-day: a new session 24 h later writes the same Tier 1 again, with the next date in its facts", async () => {
    const result = await run("next-day");
    expect(drops(result)).toEqual([]);
    const expected = result.findings.filter((f) => f.expected);
    expect(expected.map((f) => f.kind)).toEqual(["new-session"]);
    const i = result.steps.findIndex((s) => s.after.newSession);
    expect(i).toBeGreaterThan(0);
    expect(expected[0]!.n).toBe(result.steps[i]!.n);
    const [day1, day2] = [result.steps[0]!, result.steps[i]!];
    expect(tier1Hash(day2)).toBe(tier1Hash(day1));
    expect(firstUserText(day1)).toContain("2026-01-15");
    expect(firstUserText(day2)).toContain("2026-01-16");
    expect(firstUserText(day2)).not.toContain("2026-01-15");
    // The provider's cache expired overnight: day 2 starts cold, then reads again.
    expect(day2.usage.read).toBe(0);
    expect(result.steps.slice(i + 1).every((s) => s.usage.read > 0)).toBe(true);
    // Day 2 is a new session, not a resume: its history starts over.
    expect(day2.request.messages.length).toBeLessThan(result.steps[i - 1]!.request.messages.length);
    const events = (logLines.get("next-day") ?? []).map((line) => JSON.parse(line));
    expect(events.filter((e) => e.type === "session_start")).toHaveLength(2);
    expect(events.filter((e) => e.type === "request_header").map((e) => e.reason)).toEqual([
      "initial",
      "initial",
    ]);
    // Yesterday's memory is recalled today.
    expect(sent(result)).toContain("Tax rate change on 1 February");
    expect(nextDayScenario.files).toBe(helloScenario.files);
    const share = readShareFromTurn2(result.steps);
    console.log(
      `next-day, anthropic rules, 1024 minimum: read share from turn 2 = ${(share * 100).toFixed(1)}%`,
    );
  });

  it("modes: all six switches among default, plan and auto; Tier 1 never moves", async () => {
    const result = await run("modes");
    expect(drops(result)).toEqual([]);
    expect(new Set(result.steps.map(tier1Hash)).size).toBe(1);
    const switches = result.steps.slice(1).flatMap((s, i) => {
      const before = result.steps[i]!.mode;
      return s.mode === before ? [] : [`${before}->${s.mode}`];
    });
    expect(switches).toEqual([
      "default->plan",
      "plan->auto",
      "auto->default",
      "default->auto",
      "auto->plan",
      "plan->default",
    ]);
    expect(new Set(switches).size).toBe(6);
    // Plan mode refused the write; auto ran the write and an edit without asking.
    expect(sent(result)).toContain("plan mode is on");
    const events = (logLines.get("modes") ?? []).map((line) => JSON.parse(line));
    expect(events.filter((e) => e.type === "approval_decided").map((e) => `${e.name}:${e.decision}`)).toEqual(
      ["edit:allow_once"],
    );
    expect(modesScenario.actions.filter((a) => a.kind === "mode")).toHaveLength(6);
    const share = readShareFromTurn2(result.steps);
    console.log(
      `modes, anthropic rules, 1024 minimum: read share from turn 2 = ${(share * 100).toFixed(1)}%`,
    );
  });

  it("hello: the first-turn prefix is reported against the eager baseline", async () => {
    const hello = await run("hello");
    const report = buildReport([hello]);
    // The Tier 1 the engine sent is the lean Tier 1 lean-context assembles for the same workspace.
    expect(report.firstTurn.bytes).toBe(hello.baseline.lean.bytes.total);
    expect(report.firstTurn.tier1Hash).toBe(hello.baseline.lean.hash);
    expect(report.firstTurn.baselineBytes).toBe(hello.baseline.eager.bytes.total);
    expect(report.firstTurn.reduction).toBeCloseTo(
      1 - report.firstTurn.bytes / report.firstTurn.baselineBytes,
      10,
    );
    expect(helloScenario.actions).toHaveLength(1);
  });

  it("hello: the three configured MCP servers stay unstarted (lazy start), their gateways in Tier 1", async () => {
    const hello = await run("hello");
    const events = (logLines.get("hello") ?? []).map((line) => JSON.parse(line) as { type: string });
    expect(events.some((e) => e.type === "session_start")).toBe(true);
    expect(events.filter((e) => e.type.startsWith("mcp_server"))).toEqual([]);
    const gateways = hello.steps[0]!.request.tools.map((t) => t.name).filter((n) => n.endsWith("_call"));
    expect(gateways).toEqual(["tool_call", "everything_call", "fs_call", "graph_call"]);
  });
});

describe("larger minimum cacheable lengths (reported)", SCENARIO_TIMEOUT, () => {
  it.each([2048, 4096])("coding at %i tokens: no drops; share recorded", async (min) => {
    const result = await runScenario(codingScenario, { rules: "anthropic", minCacheable: min });
    const share = readShareFromTurn2(result.steps);
    console.log(
      `coding, anthropic rules, ${min} minimum: read share from turn 2 = ${(share * 100).toFixed(1)}%`,
    );
    expect(drops(result)).toEqual([]);
    expect(share).toBeGreaterThan(0.9);
  });
});

describe("OpenAI rules through the OpenAI adapter", SCENARIO_TIMEOUT, () => {
  it.each([
    codingScenario,
    compactionScenario,
    resumeScenario,
    skillsScenario,
    memoryScenario,
    familiesScenario,
    nextDayScenario,
    modesScenario,
  ])("$name: no unexpected drops", async (scenario) => {
    const result = await runScenario(scenario, { rules: "openai", minCacheable: 1024 });
    expect(drops(result)).toEqual([]);
    // The same expected findings as under Anthropic rules: OpenAI's cache expires overnight too.
    const expected = result.findings.filter((f) => f.expected).map((f) => f.kind);
    if (scenario === nextDayScenario) expect(expected).toEqual(["new-session"]);
    else expect(expected.every((kind) => kind === "compaction")).toBe(true);
    expect(result.steps.slice(1).some((s) => s.usage.read > 0)).toBe(true);
    expect(result.steps.every((s) => s.usage.write === 0)).toBe(true);
  });
});
