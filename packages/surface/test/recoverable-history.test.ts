// biome-ignore-all lint/suspicious/noTemplateCurlyInString: mock-script captures are written ${/regex/}.
/**
 * Acceptance of recoverable history (issue 31): a session composed as every surface composes it,
 * scripted on the mock provider through the official Anthropic SDK. Turn 1 reads a small file and
 * a large one (its output is truncated and spilled); a compaction summarises both results away
 * and its summary lists their ids; in turn 2 the model takes the large output's id from that
 * summary (a `${/regex/}` capture, as a model reading it would) and calls the deferred
 * `history_read` through `tool_call`, page after page: the pages joined are the original output
 * byte for byte, and the small output comes back exactly as it was shown.
 */
import { mkdtempSync, readFileSync, realpathSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { allowListApprover } from "@picasso/engine";
import { startMockServer } from "@picasso/mock-provider";
import { readLogFileAll, type SessionEvent, type SessionEventOf } from "@picasso/protocol";
import { StrictLogEventSchema } from "@picasso/protocol/schemas";
import { AnthropicProvider } from "@picasso/providers";
import { describe, expect, it } from "vitest";
import { composeSession } from "../src/index.js";

const PAGE = 16_384;
const BIG = Array.from(
  { length: 800 },
  (_, i) => `entry ${String(i).padStart(4, "0")}: the quick brown fox jumps over the lazy dog`,
).join("\n");
const BIG_ID = "${/- (toolu_mock_\\w+) · read · big\\.log · \\d+ bytes/}";
const NOTES_ID = "${/- (toolu_mock_\\w+) · read · notes\\.md · \\d+ bytes/}";

const page = (id: string, offset: number) => ({
  name: "tool_call",
  input: { name: "history_read", arguments: { id, offset } },
});

describe("recoverable history in a composed session", () => {
  it("gives back a compacted, spilled tool output byte for byte by the id its summary lists", async () => {
    const workspace = realpathSync(mkdtempSync(join(tmpdir(), "picasso-history-ws-")));
    const home = realpathSync(mkdtempSync(join(tmpdir(), "picasso-history-home-")));
    writeFileSync(join(workspace, "notes.md"), "The release is on Friday — ünïcödé ✓\n");
    writeFileSync(join(workspace, "big.log"), `${BIG}\n`);
    const server = await startMockServer({
      script: {
        steps: [
          { match: "Summarise the conversation so far", text: "SUMMARY: notes.md and big.log were read." },
          {
            match: "audit the logs",
            tool_calls: [
              { name: "read", input: { path: "notes.md" } },
              { name: "read", input: { path: "big.log" } },
            ],
          },
          { match: "output truncated", text: "Read both." },
          {
            match: "recall the end of big.log",
            tool_calls: [
              page(BIG_ID, 0),
              page(BIG_ID, PAGE),
              page(BIG_ID, 2 * PAGE),
              page(BIG_ID, 3 * PAGE),
              page(NOTES_ID, 0),
            ],
          },
          { match: "[history_read", text: "Recalled." },
        ],
      },
    });
    const provider = new AnthropicProvider({
      apiKey: "test-key",
      model: "mock-model",
      baseUrl: server.url,
      name: "mock",
    });
    const events: SessionEvent[] = [];
    const composed = await composeSession({
      provider,
      workspaceRoot: workspace,
      picassoHome: home,
      surface: "cli",
      surfaceLabel: "test",
      version: "test",
      approver: allowListApprover([]),
      onEvent: (event) => events.push(event),
    });
    // Calls of one step run in parallel: their results, in the order the model asked (ids end _1, _2…).
    const results = (turn: number) =>
      events
        .filter((e): e is SessionEventOf<"tool_result"> => e.type === "tool_result" && e.turn === turn)
        .sort((a, b) => (a.toolUseId < b.toolUseId ? -1 : 1));
    try {
      const session = composed.session;
      expect(session.tier1.tools.map((t) => t.name)).not.toContain("history_read");
      await session.runTurn("audit the logs");
      const [notes, big] = results(1);
      expect(notes).toMatchObject({ name: "read", status: "ok" });
      expect(notes!.truncated).toBeUndefined();
      expect(big).toMatchObject({ name: "read", status: "ok", truncated: true });
      const full = readFileSync(big!.fullOutputPath!);
      expect(full.length).toBeGreaterThan(3 * PAGE);
      expect(full.length).toBeLessThanOrEqual(4 * PAGE);

      expect(await session.compact()).toMatchObject({ compacted: true });
      const { events: log } = await readLogFileAll(session.logPath);
      const compaction = log.find((e) => e.type === "compaction");
      if (compaction?.type !== "compaction") throw new Error("no compaction event");
      expect(compaction.id).toBe("compaction-1");
      const summary = compaction.summary.content.map((b) => (b.type === "text" ? b.text : "")).join("");
      expect(summary).toContain(
        'Compacted span compaction-1: messages 0–2 before this summary. Read it back with history_read {id: "compaction-1"}.',
      );
      expect(summary).toContain(
        `- ${notes!.toolUseId} · read · notes.md · ${Buffer.byteLength(notes!.content)} bytes`,
      );
      expect(summary).toContain(`- ${big!.toolUseId} · read · big.log · ${full.length} bytes`);
      // The compacted history no longer holds the outputs.
      expect(JSON.stringify(session.history)).not.toContain("entry 0799");

      await session.runTurn("recall the end of big.log");
      const recalls = results(2);
      expect(recalls.map((r) => [r.name, r.status])).toEqual(Array(5).fill(["tool_call", "ok"]));
      const bodies = recalls.map((r) => {
        const newline = r.content.indexOf("\n");
        return { header: r.content.slice(0, newline), body: r.content.slice(newline + 1) };
      });
      expect(bodies[0]!.header).toBe(
        `[history_read ${big!.toolUseId} · read big.log · full output (it was truncated): bytes 0–${PAGE} of ${full.length}; next offset ${PAGE}]`,
      );
      expect(bodies[3]!.header).toMatch(/; the end\]$/);
      expect(
        Buffer.from(
          bodies
            .slice(0, 4)
            .map((b) => b.body)
            .join(""),
        ),
      ).toEqual(full);
      expect(
        bodies
          .slice(0, 4)
          .map((b) => b.body)
          .join(""),
      ).toContain("entry 0799: the quick brown fox");
      // The small output comes back exactly as the model was shown it.
      expect(Buffer.from(bodies[4]!.body)).toEqual(Buffer.from(notes!.content));
      expect(events.filter((e) => e.type === "turn_end").at(-1)).toMatchObject({ text: "Recalled." });
    } finally {
      await composed.close();
      await server.close();
    }
    // Every line, the compaction's id included, is declared by the strict log schema.
    const lines = readFileSync(composed.session.logPath, "utf8").split("\n").filter(Boolean);
    expect(lines.filter((line) => !StrictLogEventSchema.safeParse(JSON.parse(line)).success)).toEqual([]);
  });
});
