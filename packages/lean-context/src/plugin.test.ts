import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type {
  AssembleContext,
  Message,
  PermissionMode,
  PicassoExtension,
  ToolDefinition,
} from "@picasso/protocol";
import { canonicalJson } from "@picasso/protocol";
import { describe, expect, it } from "vitest";
import { openList, resetIds, todoWrite, toolCalls, userText } from "../test/fixtures/history.js";
import { coreTools, deferredTools, families, groups } from "../test/fixtures/tools.js";
import { createLeanContextPlugin, type LeanContextPlugin } from "./plugin.js";
import { CONTEXT_STATS_EVENT_LIMIT, type ContextStatsValue } from "./stats/context-stats.js";

function workspace(agents = "# Rules\nRun `npm test` before reporting.\n") {
  const root = mkdtempSync(join(tmpdir(), "lc-plugin-"));
  if (agents) writeFileSync(join(root, "AGENTS.md"), agents);
  writeFileSync(join(root, "CLAUDE.md"), "@AGENTS.md\n");
  mkdirSync(join(root, ".picasso", "skills", "release"), { recursive: true });
  writeFileSync(
    join(root, ".picasso", "skills", "release", "SKILL.md"),
    "---\nname: release\ndescription: Use when cutting a release.\n---\nTag, build, publish.\n",
  );
  return root;
}

/** What the engine's host hands over: lean context mounted first, then the tools extension. */
function assembleCtx(root: string, plugin: PicassoExtension): AssembleContext {
  return {
    surface: "cli",
    workspaceRoot: root,
    cwd: root,
    picassoHome: mkdtempSync(join(tmpdir(), "lc-home-")),
    tools: [...coreTools(), ...deferredTools(), ...(plugin.registerTools?.() ?? [])],
    mcpServers: ["github"],
    families: [...(plugin.families ?? []), ...families],
    groups: [...(plugin.groups ?? []), ...groups],
  };
}

/** A session as the engine drives it: assemble once, then pre-steps that append. */
async function session(plugin: LeanContextPlugin, root: string, modes: PermissionMode[]) {
  resetIds();
  const tier1 = await plugin.assembleSystemPrompt!(assembleCtx(root, plugin));
  const messages: Message[] = [userText("start"), ...todoWrite(openList)];
  for (const [step, mode] of modes.entries()) {
    messages.push(...toolCalls(7));
    const result = await plugin.preStep!({
      sessionId: "s1",
      lane: "main",
      turn: 1,
      step,
      mode,
      messages,
      compactions: 0,
    });
    messages.push(...result.append.map((a) => a.message));
  }
  const repeated = plugin.dedupeAppend(messages, "export const x = 1;\n".repeat(30), "file read of a.ts");
  const again = plugin.dedupeAppend(
    [...messages, userText("export const x = 1;\n".repeat(30))],
    "export const x = 1;\n".repeat(30),
    "file read of a.ts",
  );
  return { tier1, messages, dedupe: [repeated, again] };
}

describe("createLeanContextPlugin", () => {
  it("registers the gateways, and tool_search sees the deferred tools after assembly", async () => {
    const plugin = createLeanContextPlugin();
    const tools = plugin.registerTools!();
    expect(tools.map((t) => t.spec.name)).toEqual(["tool_search", "tool_call", "skill", "skill_search"]);
    const search = tools[0] as ToolDefinition;
    expect((await search.run({ query: "web" }, {} as never)).content).toMatch(/^The catalog is empty/);
    const tier1 = await plugin.assembleSystemPrompt!(assembleCtx(workspace(), plugin));
    expect(tier1.tools.map((t) => t.name)).not.toContain("skill_search");
    expect((await search.run({ query: "skill_search" }, {} as never)).content).toContain(
      "## skill_search — deferred tool (skills)",
    );
    expect((await search.run({ query: "web_fetch" }, {} as never)).content).toContain("## web_fetch");
    expect((await search.run({ query: "release" }, {} as never)).content).toContain(
      "## release — skill (project)",
    );
  });

  it("the Tier-1 hash is identical across the three modes and after mode switches", async () => {
    const root = workspace();
    const hashes = new Set<string>();
    for (const modes of [
      ["default"],
      ["plan"],
      ["auto"],
      ["default", "plan", "auto", "plan", "default"],
    ] as PermissionMode[][]) {
      const plugin = createLeanContextPlugin();
      const { tier1 } = await session(plugin, root, modes);
      hashes.add(tier1.hash);
      hashes.add((await plugin.assembleSystemPrompt!(assembleCtx(root, plugin))).hash);
    }
    expect(hashes.size).toBe(1);
  });

  it("the bytes sent are identical with stats on and off", async () => {
    const root = workspace("x\n".repeat(6000)); // capped, so stats have something to record
    const modes: PermissionMode[] = ["default", "plan", "plan", "auto", "plan", "default"];
    const on = createLeanContextPlugin({ stats: true });
    const off = createLeanContextPlugin({ stats: false });
    const a = await session(on, root, modes);
    const b = await session(off, root, modes);
    expect(canonicalJson(b.tier1)).toBe(canonicalJson(a.tier1));
    expect(canonicalJson(b.messages)).toBe(canonicalJson(a.messages));
    expect(b.dedupe).toEqual(a.dedupe);
    expect(on.stats).toBeDefined();
    expect(off.stats).toBeUndefined();
    expect(on.describeSettings!().value).not.toBeNull();
    expect(off.describeSettings!()).toEqual({ namespace: "picasso-lean-context", value: null });
  });

  it("describeSettings publishes registry, snapshot, counters and events", async () => {
    const root = workspace("y\n".repeat(6000));
    const plugin = createLeanContextPlugin();
    const { dedupe } = await session(plugin, root, ["plan", "auto", "plan"]);
    expect(dedupe[1]!.deduped).toBe(true);
    const { namespace, value } = plugin.describeSettings!() as {
      namespace: string;
      value: ContextStatsValue;
    };
    expect(namespace).toBe("picasso-lean-context");
    expect(Object.keys(value)).toEqual(["registry", "snapshot", "counters", "events"]);
    expect(value.registry).toMatchObject({
      wireTools: 12,
      deferredTools: 7,
      mcpGateways: ["github_call"],
      mcpServers: ["github"],
      skillsKnown: ["release"],
    });
    expect(value.snapshot).toMatchObject({
      sessionId: "s1",
      step: 2,
      instructions: { capped: true, bytesAfter: expect.any(Number) },
      skillCatalog: { overflowed: false },
      dedupe: { drops: 1 },
      reminders: [{ source: "mode" }, { source: "plan-mode" }, { source: "stale-todos" }],
      skillsKnown: 1,
    });
    expect(value.counters).toEqual({
      totalSteps: 3,
      instructionsCapped: 1,
      skillsOverflowed: 0,
      dedupeRuns: 2, // the plan-mode pointer and the repeated file read
      remindersInjected: 6,
    });
    expect(value.events[0]).toMatchObject({
      kind: "dedupe",
      detail: expect.stringContaining("file read of a.ts"),
    });
    expect(value.events.at(-1)).toMatchObject({ kind: "instructions_capped" });
  });

  it("its /context panel shows what the stats recorded, and not recorded with stats off", async () => {
    const root = workspace("y\n".repeat(6000));
    const on = createLeanContextPlugin();
    const off = createLeanContextPlugin({ stats: false });
    await session(on, root, ["plan", "auto"]);
    await session(off, root, ["plan", "auto"]);
    const panel = on.panel!()!;
    expect(panel).toMatchObject({ id: "lean-context", title: "lean context" });
    expect(panel.rows).toContainEqual({ label: "wireTools", value: "12", level: 1 });
    expect(panel.rows).toContainEqual({ label: "mcpGateways", value: "github_call", level: 1 });
    expect(panel.rows).toContainEqual({ label: "totalSteps", value: "2", level: 1 });
    expect(panel.rows.find((r) => r.label === "events (newest first)")).toEqual({
      label: "events (newest first)",
      value: "",
    });
    // The Tier-2 budget is behaviour, not stats: its rows show either way.
    const budgetRow = { label: "Tier-2 budget", value: "open 0 of 49152 bytes" };
    expect(panel.rows).toContainEqual(budgetRow);
    const offRows = off.panel!()!.rows;
    expect(offRows).toContainEqual(budgetRow);
    // So does what changed since the workspace's last catalog build.
    expect(offRows.find((r) => r.label === "Catalog")?.value).toMatch(/^\d+ entries; /);
    const statsRows = offRows.filter(
      (r) => r.label !== "Tier-2 budget" && r.label !== "Catalog" && r.level === undefined,
    );
    expect(statsRows.map((r) => r.label)).toEqual([
      "registry",
      "snapshot",
      "counters",
      "events (newest first)",
    ]);
    expect(statsRows.every((r) => r.value === "not recorded")).toBe(true);
  });

  it(`events are a ring of ${CONTEXT_STATS_EVENT_LIMIT}, newest first`, async () => {
    const plugin = createLeanContextPlugin();
    await plugin.assembleSystemPrompt!(assembleCtx(workspace(), plugin));
    const messages: Message[] = [userText("go")];
    for (let step = 0; step < 60; step++) {
      const mode: PermissionMode = step % 2 === 0 ? "auto" : "default";
      const r = await plugin.preStep!({
        sessionId: "s",
        lane: "main",
        turn: 1,
        step,
        mode,
        messages,
        compactions: 0,
      });
      messages.push(...r.append.map((a) => a.message));
    }
    const events = (plugin.describeSettings!().value as { events: { step?: number }[] }).events;
    expect(events).toHaveLength(CONTEXT_STATS_EVENT_LIMIT);
    expect(events[0]!.step).toBe(59);
    expect(events[49]!.step).toBe(59 - 49);
  });

  it("an unreadable AGENTS.md is a warning, not a crash", async () => {
    const root = workspace("");
    mkdirSync(join(root, "AGENTS.md"));
    const plugin = createLeanContextPlugin();
    const tier1 = await plugin.assembleSystemPrompt!(assembleCtx(root, plugin));
    expect(tier1.system.map((b) => b.id)).not.toContain("instructions:index");
    expect(plugin.warnings()).toContain("AGENTS.md: a folder, not a file; left out of the instruction index");
    const events = (plugin.describeSettings!().value as { events: { kind: string }[] }).events;
    expect(events.map((e) => e.kind)).toContain("warning");
  });

  it("session facts carry date, cwd, platform and branch; Tier 1 does not", async () => {
    const root = workspace();
    const plugin = createLeanContextPlugin();
    const facts = plugin.sessionFacts!({
      workspaceRoot: root,
      cwd: root,
      date: "2026-11-29",
      platform: "linux",
      workspace: { gitBranch: "main", gitDirty: false },
      // What other extensions add (memory's pinned memories), handed over by the engine's host.
      facts: [
        { label: "Pinned memories", lines: ["Use tabs."], none: "none" },
        { label: "Open reviews", lines: [], none: "none" },
      ],
    })!;
    expect(facts).toBe(
      [
        "<session-facts>",
        "Date: 2026-11-29",
        `Working directory: ${root}`,
        "Platform: linux",
        "Git branch: main (clean)",
        "Pinned memories:\n- Use tabs.",
        "Open reviews: none",
        "</session-facts>",
      ].join("\n"),
    );
    const tier1 = await plugin.assembleSystemPrompt!(assembleCtx(root, plugin));
    expect(canonicalJson(tier1)).not.toContain(root);
  });
});
