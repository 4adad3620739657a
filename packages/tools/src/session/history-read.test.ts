import { execFileSync } from "node:child_process";
import { mkdirSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { StrictLogEventSchema } from "@picasso/protocol/schemas";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createTestContext, type TestContext } from "../test-context.js";
import { createHistoryReadTool, HISTORY_PAGE_MAX_BYTES, pageOf } from "./history-read.js";

let ctx: TestContext;
let dir: string;
beforeEach(() => {
  ctx = createTestContext();
  dir = join(ctx.root, ".home/sessions/proj");
  mkdirSync(dir, { recursive: true });
  mkdirSync(ctx.spillDir, { recursive: true });
});
afterEach(() => ctx.cleanup());

/** A small output with multi-byte characters, shown in full. */
const SMALL = "naïve café — 日本語 ✓ 🎉\nline two\n";
/** A large output (over 40 KB, multi-byte characters at every page edge) that was truncated and spilled. */
const BIG = Array.from(
  { length: 900 },
  (_, i) => `${i}: größe 🎉 ${"é".repeat(i % 17)} the quick fox\n`,
).join("");
const BIG_SHOWN = `${BIG.slice(0, 2000)}\n[output truncated: … read the rest with the read tool]`;

/** This session's log as the engine writes it (schema v2, every line checked strictly). */
function writeSessionLog(extra: { outsideSpill?: string } = {}) {
  let seq = 0;
  const lines: string[] = [];
  const line = (turn: number, body: Record<string, unknown>) => {
    const event = {
      v: 2,
      seq: seq++,
      ts: "2026-12-01T10:00:00.000Z",
      session: ctx.sessionId,
      lane: "main",
      turn,
      ...body,
    };
    const parsed = StrictLogEventSchema.safeParse(event);
    if (!parsed.success) throw new Error(JSON.stringify(parsed.error.issues[0]));
    lines.push(JSON.stringify(event));
  };
  const spill = join(ctx.spillDir, "tu-2.txt");
  writeFileSync(spill, BIG);
  const user = (t: string) => ({ role: "user", content: [{ type: "text", text: t }] });
  line(1, { type: "turn_start", input: "look around" });
  line(1, { type: "message", index: 0, source: "user", message: user("look around") });
  line(1, {
    type: "message",
    index: 1,
    source: "assistant",
    message: {
      role: "assistant",
      content: [
        { type: "text", text: "Reading." },
        { type: "tool_use", id: "tu-1", name: "read", input: { path: "notes.md" } },
        { type: "tool_use", id: "tu-2", name: "bash", input: { command: "cat big.log" } },
        {
          type: "tool_use",
          id: "tu-3",
          name: "tool_call",
          input: { name: "glob", arguments: { pattern: "**/*.ts" } },
        },
      ],
    },
  });
  const result = (id: string, name: string, content: string, spilled?: string) =>
    line(1, {
      type: "tool_result",
      toolUseId: id,
      name,
      status: "ok",
      bytes: Buffer.byteLength(content),
      durationMs: 1,
      ...(spilled ? { truncated: true, fullOutputPath: spilled } : {}),
    });
  result("tu-1", "read", SMALL);
  result("tu-2", "bash", BIG_SHOWN, spill);
  result("tu-3", "tool_call", "src/a.ts", extra.outsideSpill);
  line(1, {
    type: "message",
    index: 2,
    source: "tool_results",
    message: {
      role: "user",
      content: [
        { type: "tool_result", toolUseId: "tu-1", content: SMALL },
        { type: "tool_result", toolUseId: "tu-2", content: BIG_SHOWN },
        { type: "tool_result", toolUseId: "tu-3", content: "src/a.ts" },
      ],
    },
  });
  line(1, {
    type: "message",
    index: 3,
    source: "assistant",
    message: { role: "assistant", content: [{ type: "text", text: "Done looking." }] },
  });
  line(2, { type: "turn_start", input: "go on" });
  line(2, { type: "message", index: 4, source: "user", message: user("go on") });
  line(2, {
    type: "compaction",
    id: "compaction-1",
    trigger: "auto",
    removedMessages: 3,
    summarisedMessages: 3,
    bytesBefore: 50_000,
    bytesAfter: 500,
    keptFrom: 3,
    summary: user("<conversation-summary>…</conversation-summary>"),
  });
  writeFileSync(join(dir, `${ctx.sessionId}.jsonl`), `${lines.join("\n")}\n`);
}

const tool = () => createHistoryReadTool(() => dir);

async function readPage(id: string, offset?: number, limit?: number) {
  const out = await tool().run(
    { id, ...(offset !== undefined ? { offset } : {}), ...(limit ? { limit } : {}) },
    ctx,
  );
  expect(out.isError).toBeFalsy();
  const newline = out.content.indexOf("\n");
  const header = out.content.slice(0, newline);
  const m = /bytes (\d+)–(\d+) of (\d+); (?:next offset (\d+)|the end)\]$/.exec(header);
  if (!m) throw new Error(`no page header: ${header}`);
  return {
    header,
    body: out.content.slice(newline + 1),
    total: Number(m[3]),
    next: m[4] === undefined ? undefined : Number(m[4]),
  };
}

/** Every page of `id` in order, joined: the bytes the tool gives back in all. */
async function readAll(id: string, limit?: number): Promise<{ text: string; pages: number }> {
  let text = "";
  let pages = 0;
  let offset: number | undefined = 0;
  while (offset !== undefined) {
    const page = await readPage(id, offset, limit);
    text += page.body;
    pages += 1;
    offset = page.next;
  }
  return { text, pages };
}

describe("history_read", () => {
  it("gives back a tool result shown in full, byte for byte, in one page", async () => {
    writeSessionLog();
    const page = await readPage("tu-1");
    expect(page.header).toBe(
      `[history_read tu-1 · read notes.md: bytes 0–${Buffer.byteLength(SMALL)} of ${Buffer.byteLength(SMALL)}; the end]`,
    );
    expect(Buffer.from(page.body)).toEqual(Buffer.from(SMALL));
  });

  it("gives back the full spilled output of a truncated result, paged without splitting a character", async () => {
    writeSessionLog();
    const first = await readPage("tu-2");
    expect(first.header).toMatch(
      /^\[history_read tu-2 · bash cat big\.log · full output \(it was truncated\): bytes 0–\d+ of \d+; next offset \d+\]$/,
    );
    expect(first.total).toBe(Buffer.byteLength(BIG));
    expect(Buffer.byteLength(first.body)).toBeLessThanOrEqual(HISTORY_PAGE_MAX_BYTES);
    const whole = await readAll("tu-2");
    expect(whole.pages).toBe(Math.ceil(Buffer.byteLength(BIG) / HISTORY_PAGE_MAX_BYTES));
    expect(Buffer.from(whole.text)).toEqual(Buffer.from(BIG));
    // Small pages (edges inside multi-byte characters) join to the same bytes.
    const small = await readAll("tu-2", 1000);
    expect(small.pages).toBeGreaterThan(40);
    expect(Buffer.from(small.text)).toEqual(Buffer.from(BIG));
    expect(small.text).not.toContain("\uFFFD");
  });

  it("reads a compacted span back: every tool result it removed, then its messages as text", async () => {
    writeSessionLog();
    const span = await readAll("compaction-1");
    expect(span.text.split("\n").slice(0, 5)).toEqual([
      "Compacted span compaction-1 (auto, turn 2, lane main): 3 messages.",
      "Tool results in this span (history_read {id} returns each in full):",
      `- tu-1 · read notes.md · ${Buffer.byteLength(SMALL)} bytes`,
      `- tu-2 · bash cat big.log · ${Buffer.byteLength(BIG)} bytes`,
      "- tu-3 · glob **/*.ts · 8 bytes",
    ]);
    expect(span.text).toContain("### message 0 · user\nlook around\n### message 1 · assistant\nReading.");
    expect(span.text).toContain('[tool_use tu-2 · bash] {"command":"cat big.log"}');
    expect(span.text).toContain(`[tool_result tu-1]\n${SMALL}`);
    // Message 3 was kept, not compacted.
    expect(span.text).not.toContain("Done looking.");
  });

  it("answers an unknown id with a tool error saying where ids are found", async () => {
    writeSessionLog();
    const out = await tool().run({ id: "toolu_nope" }, ctx);
    expect(out.isError).toBe(true);
    expect(out.content).toContain('No tool result or compacted span "toolu_nope" in this session.');
    expect(out.content).toContain("each <conversation-summary> lists the ones it removed");
    expect(out.content).toContain("spans compaction-1");
    expect(out.content).toContain("recent tool results: tu-1 (read notes.md), tu-2 (bash cat big.log)");
    const past = await tool().run({ id: "tu-1", offset: 10_000 }, ctx);
    expect(past).toMatchObject({ isError: true, content: expect.stringContaining("past the end") });
  });

  it("never reads a spill file outside this session's outputs folder, nor another session's log", async () => {
    const elsewhere = join(ctx.root, "other-workspace-secret.txt");
    writeFileSync(elsewhere, "SECRET FROM ELSEWHERE");
    writeSessionLog({ outsideSpill: elsewhere });
    const page = await readPage("tu-3");
    expect(page.body).toBe("src/a.ts");
    expect(page.header).toContain("as shown (its full output is outside this session's outputs folder)");
    writeFileSync(join(dir, "other-session.jsonl"), "");
    const other = { ...ctx, sessionId: "../proj/other-session" };
    expect((await tool().run({ id: "tu-1" }, other)).isError).toBe(true);
    expect((await createHistoryReadTool(() => undefined).run({ id: "tu-1" }, ctx)).isError).toBe(true);
  });

  it("reads a spill file only while it is the regular file Picasso wrote: not a symlink out, not a FIFO", async () => {
    const secret = join(ctx.root, "secret.txt");
    writeFileSync(secret, "SECRET FROM ELSEWHERE");
    writeSessionLog();
    const spill = join(ctx.spillDir, "tu-2.txt");
    rmSync(spill);
    symlinkSync(secret, spill);
    const linked = await readPage("tu-2");
    expect(linked.body).toBe(BIG_SHOWN);
    expect(linked.header).toContain("as shown (its full output's file is gone)");
    rmSync(spill);
    execFileSync("mkfifo", [spill]);
    const fifo = await readPage("tu-2"); // a FIFO would block a plain read forever
    expect(fifo.body).toBe(BIG_SHOWN);
    expect(fifo.header).toContain("as shown (its full output's file is gone)");
  });

  it("moves page edges back to a character start", () => {
    const bytes = Buffer.from("a🎉b", "utf8"); // a, 4 bytes, b
    expect(pageOf(bytes, 0, 3)).toEqual({ from: 0, to: 1 });
    expect(pageOf(bytes, 2, 3)).toEqual({ from: 1, to: 5 });
    expect(pageOf(bytes, 6, 3)).toEqual({ from: 6, to: 6 });
    expect(pageOf(Buffer.from("🎉"), 0, 2)).toEqual({ from: 0, to: 4 });
  });
});
