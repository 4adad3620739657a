import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { StrictLogEventSchema } from "@picasso/protocol/schemas";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createTestContext, type TestContext } from "../test-context.js";
import { createSessionQueryTool } from "./session-query.js";

let ctx: TestContext;
let dir: string;
beforeEach(() => {
  ctx = createTestContext();
  dir = join(ctx.root, ".home/sessions/proj");
  mkdirSync(dir, { recursive: true });
});
afterEach(() => ctx.cleanup());

type Turn = { prompt: string; texts: string[]; calls?: { name: string; input: Record<string, unknown> }[] };

/** A session log as the engine writes it (schema v2, checked strictly). */
function writeLog(id: string, day: string, turns: Turn[]) {
  let seq = 0;
  const lines: string[] = [];
  const line = (turn: number, body: Record<string, unknown>) => {
    const event = {
      v: 2,
      seq: seq++,
      ts: `${day}T10:0${Math.min(seq, 9)}:00.000Z`,
      session: id,
      lane: "main",
      turn,
      ...body,
    };
    const parsed = StrictLogEventSchema.safeParse(event);
    if (!parsed.success) throw new Error(JSON.stringify(parsed.error.issues[0]));
    lines.push(JSON.stringify(event));
  };
  turns.forEach((t, i) => {
    const n = i + 1;
    line(n, { type: "turn_start", input: t.prompt });
    line(n, {
      type: "message",
      index: 2 * i,
      source: "user",
      message: { role: "user", content: [{ type: "text", text: t.prompt }] },
    });
    const content = [
      ...t.texts.map((text) => ({ type: "text", text })),
      ...(t.calls ?? []).map((c, k) => ({
        type: "tool_use",
        id: `tu-${n}-${k}`,
        name: c.name,
        input: c.input,
      })),
    ];
    line(n, {
      type: "message",
      index: 2 * i + 1,
      source: "assistant",
      message: { role: "assistant", content },
    });
  });
  writeFileSync(join(dir, `${id}.jsonl`), `${lines.join("\n")}\n`);
}

const tool = () => createSessionQueryTool(() => dir);

beforeEach(() => {
  writeLog("20261128T0930-a1b2c3", "2026-11-28", [
    {
      prompt: "How should we cache the pricing lookups?",
      texts: ["We decided on an LRU cache of 500 entries in src/cache.ts."],
      calls: [{ name: "write", input: { path: "src/cache.ts", content: "x" } }],
    },
    {
      prompt: "Run the tests",
      texts: ["All 42 tests pass."],
      calls: [{ name: "bash", input: { command: "npm test" } }],
    },
  ]);
  writeLog("20261130T1400-d4e5f6", "2026-11-30", [
    {
      prompt: "Fix the tax rounding",
      texts: ["Rounded half-up in src/tax.ts."],
      calls: [
        { name: "tool_call", input: { name: "multi_edit", arguments: { path: "src/tax.ts", edits: [] } } },
      ],
    },
  ]);
});

describe("session_query (real log lines)", () => {
  it("finds the turn where a decision was made, with its answer, tools and files", async () => {
    const out = await tool().run({ query: "what did we decide about the caching layer" }, ctx);
    expect(out.content.split("\n")[0]).toBe(
      '20261128T0930-a1b2c3 turn 1 (2026-11-28 10:01): "How should we cache the pricing lookups?" → We decided on an LRU cache of 500 entries in src/cache.ts. [tools: write] [files: src/cache.ts]',
    );
    const tax = await tool().run({ query: "tax.ts" }, ctx);
    expect(tax.content).toMatch(
      /^20261130T1400-d4e5f6 turn 1 .*\[tools: multi_edit\] \[files: src\/tax\.ts\]/,
    );
    expect((await tool().run({ query: "kubernetes" }, ctx)).content).toBe(
      "No past turn mentions kubernetes (searched 2 sessions).",
    );
  });

  it("opens a session by id prefix, and one turn in full", async () => {
    const listing = await tool().run({ session_id: "20261128" }, ctx);
    expect(listing.content.split("\n")).toHaveLength(3);
    expect(listing.content).toMatch(/^20261128T0930-a1b2c3: 2 turns/);
    const turn = await tool().run({ session_id: "20261128T0930", turn: 2 }, ctx);
    expect(turn.content).toBe(
      "20261128T0930-a1b2c3 turn 2 (2026-11-28 10:01)\nUser: Run the tests\nAssistant: All 42 tests pass.\nTools: bash npm test",
    );
    expect((await tool().run({ session_id: "2026", turn: 1 }, ctx)).content).toContain(
      "2 sessions start with 2026",
    );
    expect((await tool().run({ session_id: "20261128", turn: 7 }, ctx)).content).toContain(
      "has no turn 7 (turns 1, 2)",
    );
  });

  it("lists recent sessions newest first without arguments, and re-reads a log that grew", async () => {
    const recent = await tool().run({}, ctx);
    expect(recent.content.split("\n").map((l) => l.split("  ")[0])).toEqual([
      "20261130T1400-d4e5f6",
      "20261128T0930-a1b2c3",
    ]);
    writeLog("20261130T1400-d4e5f6", "2026-11-30", [
      { prompt: "Fix the tax rounding", texts: ["Done."] },
      { prompt: "Now document the kubernetes deploy", texts: ["Wrote docs/deploy.md."] },
    ]);
    expect((await tool().run({ query: "kubernetes" }, ctx)).content).toContain("20261130T1400-d4e5f6 turn 2");
  });

  it("says so when there is no session folder or no session", async () => {
    expect((await createSessionQueryTool(() => undefined).run({ query: "x" }, ctx)).isError).toBe(true);
    expect(
      (await createSessionQueryTool(() => join(ctx.root, "none")).run({ query: "x" }, ctx)).content,
    ).toBe("No sessions recorded for this project yet.");
  });
});
