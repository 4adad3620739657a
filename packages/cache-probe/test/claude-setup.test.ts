/**
 * The `claude-setup` scenario: a Claude Code user's workspace (hooks, two custom commands, two
 * agents with tool limits) driven through the probe. 0 prefix drops; every request — the agents'
 * children too — carries the Tier 1 of the same workspace without its `.claude` folder; hook
 * output, command text and agent text reach the model only as appended history; the hooks, the
 * commands' tool limit and the agents' tool limits did what they say.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { allowListApprover } from "@picasso/engine";
import { canonicalJson } from "@picasso/protocol";
import { describe, expect, it } from "vitest";
import { openProbeSession } from "../src/probe-session.js";
import { runScenario, type ScenarioRun } from "../src/run-scenario.js";
import { CLAUDE_SETUP_MARKS, claudeSetupFiles, claudeSetupScenario } from "../src/scenarios/index.js";
import { idleProvider } from "./idle-provider.js";
import { strictProblems } from "./strict-log.js";

/** Tier 1 of the scenario's workspace without its `.claude` folder (CLAUDE.md kept). */
async function bareTier1(): Promise<string> {
  const workspace = realpathSync(mkdtempSync(join(tmpdir(), "picasso-claude-bare-")));
  for (const [path, content] of Object.entries(claudeSetupFiles())) {
    if (path.startsWith(".claude/")) continue;
    const file = join(workspace, path);
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, content);
  }
  const home = realpathSync(mkdtempSync(join(tmpdir(), "picasso-claude-bare-home-")));
  const probe = await openProbeSession({
    provider: idleProvider,
    workspaceRoot: workspace,
    picassoHome: home,
    approver: allowListApprover([]),
  });
  try {
    return canonicalJson({ tools: probe.session.tier1.tools, system: probe.session.tier1.system });
  } finally {
    await probe.close();
  }
}

interface LogLine {
  type: string;
  lane?: string;
  name?: string;
  status?: string;
  event?: string;
  outcome?: string;
}

describe("the claude-setup scenario", () => {
  let run: ScenarioRun;
  let log: LogLine[] = [];
  let logLines: string[] = [];
  let toolCallLog = "";

  it("no prefix drops; every request carries the Tier 1 of the workspace without .claude", async () => {
    run = await runScenario(claudeSetupScenario, {
      rules: "anthropic",
      minCacheable: 1024,
      inspectLogs: (lines) => {
        logLines = lines;
        log = lines.map((line) => JSON.parse(line) as LogLine);
      },
      inspectWorkspace: (root) => {
        const file = join(root, ".tool-calls.jsonl");
        toolCallLog = existsSync(file) ? readFileSync(file, "utf8") : "";
      },
    });
    expect(run.findings).toEqual([]);
    const prefixes = new Set(
      run.steps.map((s) => canonicalJson({ tools: s.request.tools, system: s.request.system })),
    );
    expect(prefixes.size).toBe(1);
    expect([...prefixes][0]).toBe(await bareTier1());
    // Both agents' children ran, on the session's header: their first requests read Tier 1.
    expect(new Set(run.steps.map((s) => s.lane))).toEqual(new Set(["main", "agent-1", "agent-2"]));
  }, 300_000);

  it("every logged line is schema v2 exactly as declared", () => {
    expect(logLines.length).toBeGreaterThan(5);
    expect(strictProblems(logLines)).toEqual([]);
  });

  it("hook output, command text and agent text entered only as appended history", () => {
    const tier1 = canonicalJson({ tools: run.steps[0]!.request.tools, system: run.steps[0]!.request.system });
    for (const mark of Object.values(CLAUDE_SETUP_MARKS)) expect(tier1).not.toContain(mark);
    const main = run.steps.filter((s) => s.lane === "main").at(-1)!;
    const mainText = canonicalJson(main.request.messages);
    expect(mainText).toContain(CLAUDE_SETUP_MARKS.hookContext);
    expect(mainText).toContain(CLAUDE_SETUP_MARKS.review);
    expect(mainText).toContain("review src/shop/cart.ts");
    expect(mainText).toContain("fix issue #42 (priority high)");
    // The agents' text is in their own lanes only.
    expect(mainText).not.toContain(CLAUDE_SETUP_MARKS.reviewer);
    const reviewer = canonicalJson(run.steps.find((s) => s.lane === "agent-1")!.request.messages);
    expect(reviewer).toContain(CLAUDE_SETUP_MARKS.reviewer);
    expect(reviewer).toContain("Tools this agent may use: read, search.");
    const tester = canonicalJson(run.steps.find((s) => s.lane === "agent-2")!.request.messages);
    expect(tester).toContain(CLAUDE_SETUP_MARKS.tester);
  });

  it("the screenshot entered as an image block of the prompt's message, appended history only", () => {
    const last = run.steps.at(-1)!;
    const images = last.request.messages.flatMap((m) =>
      typeof m.content === "string" ? [] : m.content.filter((b) => b.type === "image"),
    );
    expect(images).toHaveLength(1);
    expect(images[0]).toMatchObject({ type: "image", mediaType: "image/png" });
    // Only the requests after that prompt carry it; Tier 1 never does.
    const withImage = run.steps.filter((s) => canonicalJson(s.request.messages).includes('"type":"image"'));
    expect(withImage.map((s) => s.turn)).toEqual([5, 5]);
    expect(canonicalJson({ tools: last.request.tools, system: last.request.system })).not.toContain(
      '"image"',
    );
  });

  it("the hooks, the command's allowed-tools and the agents' tools lists did what they say", () => {
    const results = log.filter((e) => e.type === "tool_result").map((e) => `${e.lane} ${e.name} ${e.status}`);
    expect(results).toEqual([
      "main read ok",
      "main bash denied", // /review allows Read and Grep only
      "main bash denied", // the PreToolUse hook blocks rm -rf
      "main bash ok",
      "main read ok",
      "agent-1 read ok",
      "agent-1 bash denied", // the reviewer may read and grep only
      "main subagent ok",
      "agent-2 bash ok",
      "main subagent ok",
      "main search ok",
    ]);
    const messages = canonicalJson(run.steps.at(-1)!.request.messages);
    expect(messages).toContain("rm -rf is blocked in this repository");
    const hookRuns = log.filter((e) => e.type === "hook_run");
    expect(hookRuns.filter((e) => e.event === "UserPromptSubmit")).toHaveLength(5);
    expect(hookRuns.filter((e) => e.event === "PreToolUse" && e.outcome === "blocked")).toHaveLength(1);
    // The PostToolUse hook logged every tool call, its JSON from stdin one line each.
    const logged = toolCallLog
      .split("\n")
      .filter((line) => line.trim())
      .map((line) => JSON.parse(line) as { tool_name: string });
    expect(logged).toHaveLength(results.length);
    expect(logged.map((l) => l.tool_name)).toContain("Bash");
  });
});
