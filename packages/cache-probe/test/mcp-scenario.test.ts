/**
 * The `mcp` scenario: three real MCP servers (filesystem, everything, our `notes`) spawned over
 * stdio. `__list__`/`__describe__` from the cache, the first spawn, `list_changed` mid-session,
 * more calls — 0 prefix drops, every request's Tier 1 byte-identical to the Tier 1 of the same
 * workspace with the servers configured but never used (and no catalog cached), and the eager
 * baseline counting the servers' real schemas.
 */
import { mkdirSync, mkdtempSync, realpathSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { allowListApprover } from "@picasso/engine";
import { canonicalJson } from "@picasso/protocol";
import { approveProjectConfig } from "@picasso/surface";
import { describe, expect, it } from "vitest";
import { openProbeSession } from "../src/probe-session.js";
import { runScenario, type ScenarioRun } from "../src/run-scenario.js";
import { mcpScenario } from "../src/scenarios/index.js";
import { idleProvider } from "./idle-provider.js";
import { strictProblems } from "./strict-log.js";

/** Tier 1 of the scenario's workspace with the servers configured and never used. */
async function unusedTier1(): Promise<string> {
  const workspace = realpathSync(mkdtempSync(join(tmpdir(), "picasso-mcp-unused-")));
  for (const [path, content] of Object.entries(mcpScenario.files)) {
    const file = join(workspace, path);
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, content);
  }
  const home = realpathSync(mkdtempSync(join(tmpdir(), "picasso-mcp-unused-home-")));
  // Configured as its user would have it: the project's .mcp.json approved (picasso trust approve).
  approveProjectConfig({ workspaceRoot: workspace, picassoHome: home });
  const probe = await openProbeSession({
    provider: idleProvider,
    workspaceRoot: workspace,
    picassoHome: home,
    approver: allowListApprover([]),
  });
  try {
    expect(probe.mcp!.status().map((s) => [s.name, s.state, s.tools])).toEqual([
      ["everything", "not spawned", null],
      ["fs", "not spawned", null],
      ["notes", "not spawned", null],
    ]);
    return canonicalJson({ tools: probe.session.tier1.tools, system: probe.session.tier1.system });
  } finally {
    await probe.close();
  }
}

describe("the mcp scenario", () => {
  let run: ScenarioRun;
  let logLines: string[] = [];

  it("no prefix drops; Tier 1 identical on every request and to the configured-but-unused workspace", async () => {
    run = await runScenario(mcpScenario, {
      rules: "anthropic",
      minCacheable: 1024,
      inspectLogs: (lines) => {
        logLines = lines;
      },
    });
    expect(run.findings.filter((f) => !f.expected)).toEqual([]);
    expect(run.findings).toEqual([]);
    const prefixes = new Set(
      run.steps.map((s) => canonicalJson({ tools: s.request.tools, system: s.request.system })),
    );
    expect(prefixes.size).toBe(1);
    const names = run.steps[0]!.request.tools!.map((t) => t.name);
    expect(names.filter((n) => n.endsWith("_call"))).toEqual([
      "tool_call",
      "everything_call",
      "fs_call",
      "notes_call",
    ]);
    expect([...prefixes][0]).toBe(await unusedTier1());
  }, 300_000);

  it("every logged line is schema v2 exactly as declared", () => {
    expect(logLines.length).toBeGreaterThan(5);
    expect(strictProblems(logLines)).toEqual([]);
  });

  it("did what it claims: catalog answers without a spawn, then each server spawned on its first real call, and the list_changed notice", () => {
    const messages = canonicalJson(run.steps.at(-1)!.request.messages);
    expect(messages).toContain("read_text_file");
    expect(messages).toContain("Input schema:");
    expect(messages).toContain(
      'MCP server \\"notes\\" changed its tools: now 5; added archive_note, list_archive',
    );
    expect(messages).toContain("note 1 archived");
    expect(messages).toMatch(/"text":"5"|The sum of 2 and 3 is 5/);
  });

  it("resources and a prompt: listed from the cache, read through the gateway, the prompt's text sent as the user's turn", () => {
    const last = run.steps.at(-1)!.request.messages;
    const messages = canonicalJson(last);
    // __resources__ answered from the cache; the document's text and the blob's saved file came back.
    expect(messages).toContain("demo://resource/static/document/features.md");
    expect(messages).toContain("Everything Server - Features");
    expect(messages).toMatch(/demo:\/\/resource\/dynamic\/blob\/1[^"]*saved|saved[^"]*blob/i);
    // The prompt command's text (prompts/get with city=Paris) is the last user turn, not Tier 1.
    const userTexts = last
      .filter((m) => m.role === "user")
      .map((m) => m.content.map((b) => (b.type === "text" ? b.text : "")).join(""));
    expect(userTexts.at(-1)).toContain("Paris");
    expect(userTexts.at(-1)).not.toContain("/mcp__everything__args-prompt");
    const tier1 = canonicalJson({
      tools: run.steps.at(-1)!.request.tools,
      system: run.steps.at(-1)!.request.system,
    });
    expect(tier1).not.toContain("args-prompt");
    expect(tier1).not.toContain("demo://");
  });

  it("the eager baseline counts the servers' real schemas", () => {
    const row = run.baseline.rows.find((r) => r.category.startsWith("tools: MCP"))!;
    expect(run.baseline.eager.tools.map((t) => t.name)).toEqual(
      expect.arrayContaining(["fs__read_text_file", "everything__echo", "notes__add_note"]),
    );
    expect(row.leanBytes).toBeGreaterThan(0);
    expect(row.eagerBytes).toBeGreaterThan(row.leanBytes * 5);
    expect(run.baseline.reduction).toBeGreaterThan(0.3);
  });
});
