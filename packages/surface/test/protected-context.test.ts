/**
 * Acceptance for the protected context (docs/lean-context.md "Protected context"): a composed
 * session (the CLI's extensions, the mock over 127.0.0.1 through the official Anthropic SDK) where
 * the model pins a memory with `remember`, writes an open todo list, a goal runs in its first
 * round, the session is in plan mode and the user pinned a decision. The session compacts by hand,
 * then again automatically; after each compaction the summary carries the `<protected-context>`
 * block as its second text block, the next request sends it, its bytes are what
 * `Session.protectedContext()` says, and — the state unchanged — the second block is byte-identical
 * to the first. A resumed session folds the same history and the same pins.
 */
import { mkdtempSync, realpathSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { allowListApprover, rebuildRequests } from "@picasso/engine";
import { startMockServer } from "@picasso/mock-provider";
import { canonicalJson, type Message, readLogFileAll } from "@picasso/protocol";
import { AnthropicProvider } from "@picasso/providers";
import { describe, expect, it } from "vitest";
import { composeSession } from "../src/index.js";

const SUMMARISE = "Summarise the conversation so far";
const bigFile = Array.from(
  { length: 500 },
  (_, i) => `line ${i}: the quick brown fox jumps over the lazy dog`,
).join("\n");

type WireBody = { messages: { role: string; content: { type: string; text?: string }[] }[] };

function blockOf(message: Message | WireBody["messages"][number] | undefined): string | undefined {
  const second = message?.content[1];
  return second?.type === "text" ? second.text : undefined;
}

describe("protected context across compaction", () => {
  it("re-appends one sourced block after every summary, byte-identical for identical state", async () => {
    const workspace = realpathSync(mkdtempSync(join(tmpdir(), "picasso-protect-ws-")));
    const home = realpathSync(mkdtempSync(join(tmpdir(), "picasso-protect-home-")));
    writeFileSync(join(workspace, "big.txt"), bigFile);
    const server = await startMockServer({
      script: {
        steps: [
          { match: SUMMARISE, text: "SUMMARY one: the work started." },
          { match: SUMMARISE, text: "SUMMARY two: big.txt was read." },
          {
            match: "start the work",
            tool_calls: [
              {
                name: "remember",
                input: { title: "Indent", body: "Indent with tabs, never spaces", class: "pinned" },
              },
              {
                name: "todo_write",
                input: {
                  todos: [
                    { content: "Write the parser", status: "in_progress" },
                    { content: "Add the tests", status: "pending" },
                  ],
                },
              },
            ],
          },
          { match: "Todo list updated", text: "Started." },
          { match: "go on", text: "Going on." },
          { match: "read big.txt", tool_calls: [{ name: "read", input: { path: "big.txt" } }] },
          { match: "line 499:", text: "big.txt is a fox file." },
          { match: "after resume", text: "Resumed." },
        ],
      },
    });
    const provider = new AnthropicProvider({
      apiKey: "test-key",
      model: "mock-model",
      baseUrl: server.url,
      name: "mock",
      retry: { baseDelayMs: 1, maxDelayMs: 5 },
    });
    const wire = () =>
      server.requests.filter((r) => r.path === "/v1/messages").map((r) => r.body as WireBody);
    const now = () => new Date("2026-12-03T06:00:00Z");
    const options = {
      provider,
      workspaceRoot: workspace,
      picassoHome: home,
      surface: "cli" as const,
      surfaceLabel: "test",
      version: "test",
      // `remember` writes: allowed, as a user would.
      approver: allowListApprover(["remember"]),
      now,
      // Tier 1 is ~4K tokens: big.txt (~6K) takes the prompt past half of 20K, the first turns do not.
      settings: { contextWindow: 20_000, compactAt: 0.5 },
    };
    const composed = await composeSession(options);
    const { session } = composed;
    let sessionId = "";
    let second: string | undefined;
    try {
      sessionId = session.id;
      await session.runTurn("start the work");
      composed.toolRuntime.goal.set("Ship the parser", "the parser tests pass");
      composed.toolRuntime.goal.nextRound();
      session.setMode("plan");
      expect(session.pin("Ship behind a feature flag")).toEqual(["Ship behind a feature flag"]);

      // 1. A manual compaction.
      const expected = session.protectedContext();
      expect((await session.compact()).compacted).toBe(true);
      const first = blockOf(session.history[0]);
      expect(first).toBe(expected);
      expect(first).toMatch(/^<protected-context>\n/);
      for (const fact of [
        "Date: 2026-12-03",
        "· pinned · Indent: Indent with tabs, never spaces",
        '<section source="tools" label="Open todo list">\n- [in_progress] Write the parser\n- [pending] Add the tests\n</section>',
        '<section source="tools" label="Goal">\nGoal (active, round 1): Ship the parser\nDone when: the parser tests pass\n</section>',
        '<section source="engine" label="Permission mode">\nplan\n</section>',
        '<section source="user" label="Pinned by the user">\n- Ship behind a feature flag\n</section>',
      ])
        expect(first).toContain(fact);
      expect(first).toContain('<section source="lean-context" label="Session facts">\n<session-facts>');
      // The request after it sends the block right after the summary text.
      await session.runTurn("go on");
      expect(blockOf(wire().at(-1)!.messages[0])).toBe(first);

      // 2. An automatic compaction, the state unchanged: the same bytes.
      const beforeAuto = session.history[0];
      await session.runTurn("read big.txt");
      expect(session.history[0]).not.toBe(beforeAuto);
      second = blockOf(session.history[0]);
      expect(JSON.stringify(session.history[0])).toContain("SUMMARY two");
      expect(second).toBe(first);
      expect(blockOf(wire().at(-1)!.messages[0])).toBe(first);
      const log = (await readLogFileAll(session.logPath)).events;
      expect(
        log.filter((e) => e.type === "compaction").map((e) => e.type === "compaction" && e.trigger),
      ).toEqual(["manual", "auto"]);
      expect(log.filter((e) => e.type === "context_pin")).toMatchObject([
        { action: "pin", text: "Ship behind a feature flag" },
      ]);
      // Every request rebuilds from the log, the summaries with their blocks included.
      const rebuilt = await rebuildRequests(session.logPath);
      expect(rebuilt.mismatches).toEqual([]);
      expect(rebuilt.problems).toEqual([]);
    } finally {
      await composed.close();
    }
    // 3. A resumed session folds the same history: the summary with its block, and the pins.
    const resumed = await composeSession({ ...options, resume: { id: sessionId } });
    try {
      expect(blockOf(resumed.session.history[0])).toBe(second);
      expect(canonicalJson(resumed.session.history)).toBe(canonicalJson(session.history));
      expect(resumed.session.pins).toEqual(["Ship behind a feature flag"]);
      // Its history is past the threshold again: it compacts, and its todo list and goal, taken
      // up from the log, give the same block.
      await resumed.session.runTurn("after resume");
      const triggers = (await readLogFileAll(resumed.session.logPath)).events.flatMap((e) =>
        e.type === "compaction" ? [e.trigger] : [],
      );
      expect(triggers).toEqual(["manual", "auto", "auto"]);
      expect(blockOf(resumed.session.history[0])).toBe(second);
      expect(blockOf(wire().at(-1)!.messages[0])).toBe(second);
    } finally {
      await resumed.close();
      await server.close();
    }
  });
});
