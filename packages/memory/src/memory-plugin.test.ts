import { existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type Message, noForkedSubagents, type ToolContext, type ToolDefinition } from "@picasso/protocol";
import { afterEach, describe, expect, it } from "vitest";
import { INDEX_BUDGET_BYTES } from "./memory-facts.js";
import { createMemoryPlugin, type MemoryPlugin } from "./memory-plugin.js";

const DAY = 86_400_000;
const plugins: MemoryPlugin[] = [];

function ctx(sessionId = "s1"): ToolContext {
  return {
    workspaceRoot: "/w",
    cwd: "/w",
    sessionId,
    lane: "main",
    signal: new AbortController().signal,
    spillDir: "/tmp/spill",
    files: { markRead: () => {}, wasRead: () => false },
    isOutsideAllowed: () => false,
    askUser: async () => "",
    runSubagent: async () => "",
    subagents: noForkedSubagents("no subagents in this test"),
  };
}

function plugin(path: string, now = () => 1_000 * DAY): MemoryPlugin {
  const p = createMemoryPlugin({ path, projectScope: "project:demo-1", now });
  plugins.push(p);
  return p;
}

function tool(p: MemoryPlugin, name: string): ToolDefinition {
  const found = p.registerTools?.().find((t) => t.spec.name === name);
  if (!found) throw new Error(`no ${name}`);
  return found;
}

function newPath(): string {
  return join(mkdtempSync(join(tmpdir(), "memory-plugin-")), "memory.db");
}

const factsCtx = {
  workspaceRoot: "/w",
  cwd: "/w",
  date: "2026-12-01",
  platform: "linux",
  workspace: { root: "/w" },
} as const;

afterEach(() => {
  for (const p of plugins.splice(0)) p.close();
});

describe("the memory plugin", () => {
  it("remember in one session; the next session shows its index line and recall loads the body", async () => {
    const path = newPath();
    const first = plugin(path);
    const saved = await tool(first, "remember").run(
      { title: "Release steps", body: "Tag, then run npm run release.", class: "procedure", importance: 4 },
      ctx(),
    );
    expect(saved).toMatchObject({ content: "Remembered m1 (procedure, project): Release steps" });
    first.close();

    const second = plugin(path);
    expect(second.sessionFacts?.(factsCtx)).toBe(
      [
        "<memory-index>",
        "Memories for this workspace (id · class · title · scope); recall({ids}) loads a body when it matters:",
        "m1 · procedure · Release steps · project",
        "</memory-index>",
      ].join("\n"),
    );
    const recalled = await tool(second, "recall").run({ ids: ["m1"] }, ctx("s2"));
    expect(recalled.content).toBe(
      '<memory id="m1" class="procedure" scope="project" title="Release steps">\nTag, then run npm run release.\n</memory>',
    );
    expect(recalled.tier2).toEqual([
      { kind: "memory_body", name: "m1", bytes: Buffer.byteLength(recalled.content) },
    ]);
  });

  it("a second recall of a body history holds becomes a pointer; new bodies in the same call are kept", async () => {
    const p = plugin(newPath());
    const remember = tool(p, "remember");
    await remember.run({ title: "A", body: "alpha body" }, ctx());
    await remember.run({ title: "B", body: "beta body" }, ctx());
    const recall = tool(p, "recall");
    const firstOut = await recall.run({ ids: ["m1"] }, ctx());
    const history: Message[] = [
      { role: "user", content: [{ type: "tool_result", toolUseId: "t1", content: firstOut.content }] },
    ];
    const secondOut = await recall.run({ ids: ["m1", "m2"] }, ctx());
    const rewritten = p.toolResult?.({
      lane: "main",
      messages: history,
      name: "recall",
      input: {},
      output: secondOut,
    });
    expect(rewritten?.content).toBe(
      [
        '<memory id="m1" class="fact" scope="project" title="A" loaded="earlier"/> (unchanged since it was recalled earlier in this session; not repeated)',
        '<memory id="m2" class="fact" scope="project" title="B">\nbeta body\n</memory>',
      ].join("\n\n"),
    );
    // Another tool's output, or a body that changed since, is left alone.
    expect(
      p.toolResult?.({ lane: "main", messages: history, name: "read", input: {}, output: firstOut }),
    ).toBeUndefined();
    await remember.run({ title: "A", body: "alpha body, revised" }, ctx());
    const changed = await recall.run({ ids: ["m1"] }, ctx());
    expect(
      p.toolResult?.({ lane: "main", messages: history, name: "recall", input: {}, output: changed }),
    ).toBeUndefined();
  });

  it("puts pinned memories and preferences inline, keeps the index within 1 KB, byte-identical for identical inputs", async () => {
    const path = newPath();
    const p = plugin(path);
    const remember = tool(p, "remember");
    await remember.run(
      { title: "Tabs", body: "Indent with tabs.", class: "preference", scope: "user" },
      ctx(),
    );
    await remember.run({ title: "No force push", body: "Never force-push main.", class: "pinned" }, ctx());
    for (let i = 0; i < 60; i++)
      await remember.run(
        { title: `Fact number ${i} about the build system`, body: `fact ${i}`, importance: (i % 5) + 1 },
        ctx(),
      );
    p.close();
    const read = () => {
      const q = plugin(path);
      return { pinned: q.factLines?.()[0]?.lines, facts: q.sessionFacts?.(factsCtx) ?? "" };
    };
    const a = read();
    expect(a.pinned).toEqual([
      "m2 · pinned · No force push: Never force-push main.",
      "m1 · preference · Tabs: Indent with tabs.",
    ]);
    const lines = a.facts.split("\n").slice(2, -1);
    expect(Buffer.byteLength(lines.map((l) => `${l}\n`).join(""))).toBeLessThanOrEqual(INDEX_BUDGET_BYTES);
    expect(lines.length).toBeGreaterThan(5);
    // Most important first (importance 5: facts 4, 9 … 59, the newest first).
    expect(lines[0]).toBe("m62 · fact · Fact number 59 about the build system · project");
    expect(read()).toEqual(a);
  });

  it("refuses secrets through the tool with one clear line", async () => {
    const p = plugin(newPath());
    const out = await tool(p, "remember").run(
      { title: "key", body: "use sk-ant-api03-abcdefghijklmnopqrstuvwxyz" },
      ctx(),
    );
    expect(out.isError).toBe(true);
    expect(out.content).toMatch(
      /^remember: refused: this looks like an Anthropic API key; secrets are never stored/,
    );
    expect(out.content).not.toContain("sk-ant");
  });

  it("runs without memory when the database is damaged: one problem line, empty facts, tools say why", async () => {
    const path = newPath();
    writeFileSync(path, "garbage ".repeat(1000));
    const p = plugin(path);
    expect(p.problem()).toMatch(/is damaged .* moved to .*; this session runs without memory$/);
    expect(p.factLines?.()).toEqual([{ label: "Pinned memories", lines: [], none: "none" }]);
    expect(p.sessionFacts?.(factsCtx)).toBeUndefined();
    const out = await tool(p, "recall").run({ query: "anything" }, ctx());
    expect(out).toMatchObject({ isError: true });
    expect(out.content).toMatch(/^Memory is unavailable in this session: memory: /);
  });

  it("its /context panel: the database, how many memories, the ranking; no file is created to say so", async () => {
    const path = newPath();
    const p = plugin(path);
    expect(p.panel!()).toEqual({
      id: "memory",
      title: "memory",
      rows: [
        { label: "database", value: `${path} (not created yet)` },
        { label: "memories", value: "0" },
        { label: "ranking", value: expect.stringContaining("no embeddings endpoint") },
      ],
    });
    expect(existsSync(path)).toBe(false);
    await tool(p, "remember").run({ title: "Tabs", body: "indent with tabs" }, ctx());
    expect(p.panel!()!.rows.slice(0, 2)).toEqual([
      { label: "database", value: path },
      { label: "memories", value: "1" },
    ]);
  });

  it("its /context panel of a damaged database is the one problem line, as a warning", () => {
    const path = newPath();
    writeFileSync(path, "garbage ".repeat(1000));
    const panel = plugin(path).panel!()!;
    expect(panel.rows).toEqual([
      {
        label: "problem",
        value: expect.stringMatching(/is damaged .* moved to .*; this session runs without memory$/),
        tone: "warn",
      },
    ]);
  });

  it("with damaged: leave, a damaged database stays exactly where it is and the panel says how to move it", () => {
    const path = newPath();
    writeFileSync(path, "garbage ".repeat(1000));
    const p = createMemoryPlugin({ path, damaged: "leave" });
    plugins.push(p);
    expect(p.panel!()!.rows).toEqual([
      {
        label: "problem",
        value: expect.stringMatching(/is damaged .*; left as it is: move it aside/),
        tone: "warn",
      },
    ]);
    expect(readFileSync(path, "utf8")).toBe("garbage ".repeat(1000));
  });

  it("recall by id reads only this session's scopes: another project's memory is not found", async () => {
    const path = newPath();
    const other = createMemoryPlugin({ path, projectScope: "project:elsewhere-2" });
    plugins.push(other);
    await tool(other, "remember").run({ title: "Elsewhere", body: "another project's note" }, ctx());
    const p = plugin(path);
    expect((await tool(p, "recall").run({ ids: ["m1"] }, ctx())).content).toBe("No memory has the ids m1.");
    expect(p.sessionFacts?.(factsCtx)).toBeUndefined();
  });

  it("answers recall mistakes naming the field", async () => {
    const p = plugin(newPath());
    const recall = tool(p, "recall");
    expect((await recall.run({}, ctx())).content).toBe("recall: give ids (from the memory index) or a query");
    expect((await recall.run({ ids: ["x1"] }, ctx())).content).toBe(
      "recall: ids: x1 are not memory ids like m12",
    );
    expect((await recall.run({ query: "nothing here" }, ctx())).content).toBe(
      'No memory matches "nothing here".',
    );
  });
});
