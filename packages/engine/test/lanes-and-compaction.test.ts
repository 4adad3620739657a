/**
 * Subagent lanes, automatic and manual compaction, a multi-turn session whose Tier 1 never
 * changes (asserted from the log), and a pre-step plugin whose reminders join the history.
 */

import type { LogEvent, Message, PicassoExtension, PicassoPlugin } from "@picasso/protocol";
import { text, userMessage } from "@picasso/protocol";
import { describe, expect, it } from "vitest";
import { expectLogRebuildsRequests, lastTurnEnd, startScenario, toolResults } from "./harness.js";

const bigFile = Array.from(
  { length: 600 },
  (_, i) => `line ${i}: the quick brown fox jumps over the lazy dog`,
).join("\n");

function tier1Hashes(events: LogEvent[]) {
  return events.flatMap((e) =>
    e.type === "model_request"
      ? [`${e.headerHash} ${e.hashes.tools} ${e.hashes.system} ${e.bytes.tools} ${e.bytes.system}`]
      : [],
  );
}

describe("subagents", () => {
  it("runs a subagent in its own lane with the same Tier 1 and returns its report", async () => {
    const scenario = await startScenario({
      files: { "notes.md": "the answer is 42\n" },
      script: {
        steps: [
          {
            match: "find the answer",
            tool_calls: [
              { name: "subagent", input: { task: "SUBTASK: read notes.md and report the answer" } },
            ],
          },
          { match: "SUBTASK", tool_calls: [{ name: "read", input: { path: "notes.md" } }] },
          { match: "the answer is 42", text: "The notes say 42." },
          { match: "The notes say 42", text: "The subagent found it: 42." },
        ],
      },
    });
    try {
      const events = await scenario.run("find the answer");
      const started = events.find((e) => e.type === "subagent_start");
      expect(started).toMatchObject({ lane: "agent-1", parentLane: "main" });
      expect(events.find((e) => e.type === "subagent_stop")).toMatchObject({
        status: "done",
        report: "The notes say 42.",
      });
      expect(toolResults(events).map((r) => [r.lane, r.name, r.status])).toEqual([
        ["agent-1", "read", "ok"],
        ["main", "subagent", "ok"],
      ]);
      expect(lastTurnEnd(events).text).toBe("The subagent found it: 42.");
      // The turn's usage counts the subagent's steps too.
      const outputs = events.flatMap((e) => (e.type === "model_response" ? [e.usage.outputTokens ?? 0] : []));
      expect(outputs).toHaveLength(4);
      expect(lastTurnEnd(events).usage.outputTokens).toBe(outputs.reduce((a, b) => a + b, 0));
      const log = await scenario.events();
      const childMessages = log.filter((e) => e.type === "message" && e.lane === "agent-1");
      expect(childMessages[0]).toMatchObject({ source: "subagent_task", index: 0 });
      expect(log.find((e) => e.type === "subagent_stop")).toMatchObject({ lane: "agent-1", status: "done" });
      expect(new Set(tier1Hashes(log)).size).toBe(1);
      // The child's first request starts its own history: one message, the task.
      expect(scenario.sent[1]!.messages).toHaveLength(1);
      await expectLogRebuildsRequests(scenario);
    } finally {
      await scenario.close();
    }
  });

  it("runs two subagent calls of one step at the same time, each in its own lane", async () => {
    const scenario = await startScenario({
      script: {
        steps: [
          {
            match: "split the work",
            tool_calls: [
              { name: "subagent", input: { task: "TASK-A: summarise the cart" } },
              { name: "subagent", input: { task: "TASK-B: summarise the tax" } },
            ],
          },
          // Each child's one request takes 400 ms, so run one after the other they could not overlap.
          { match: "TASK-A", text: "A done.", delay_ms: 400 },
          { match: "TASK-B", text: "B done.", delay_ms: 400 },
          { match: "B done", text: "Both reported." },
        ],
      },
    });
    try {
      const events = await scenario.run("split the work");
      const log = await scenario.events();
      const at = (type: string, lane: string) =>
        Date.parse(log.find((e) => e.type === type && e.lane === lane)?.ts ?? "");
      const [startA, startB] = [at("subagent_start", "agent-1"), at("subagent_start", "agent-2")];
      const [stopA, stopB] = [at("subagent_stop", "agent-1"), at("subagent_stop", "agent-2")];
      expect([startA, startB, stopA, stopB].every(Number.isFinite)).toBe(true);
      // They overlap: each started before the other finished.
      expect(startB).toBeLessThan(stopA);
      expect(startA).toBeLessThan(stopB);
      const reports = events.flatMap((e) => (e.type === "subagent_stop" ? [[e.lane, e.report]] : []));
      expect(reports.sort()).toEqual([
        ["agent-1", "A done."],
        ["agent-2", "B done."],
      ]);
      const childLanes = new Set(
        log.filter((e) => e.type === "message" && e.lane !== "main").map((e) => e.lane),
      );
      expect(childLanes).toEqual(new Set(["agent-1", "agent-2"]));
      expect(lastTurnEnd(events).text).toBe("Both reported.");
      await expectLogRebuildsRequests(scenario);
    } finally {
      await scenario.close();
    }
  });

  it("refuses a subagent inside a subagent and stops a child at its step budget", async () => {
    const scenario = await startScenario({
      settings: { subagentMaxSteps: 2 },
      script: {
        steps: [
          { match: "go", tool_calls: [{ name: "subagent", input: { task: "CHILD task" } }] },
          {
            match: "CHILD",
            text: "starting",
            tool_calls: [{ name: "subagent", input: { task: "GRANDCHILD" } }],
          },
          {
            match: "subagents cannot start subagents",
            text: "still working",
            tool_calls: [{ name: "todo_write", input: { todos: [] } }],
          },
          { match: "budget", text: "the child ran out of steps" },
        ],
      },
    });
    try {
      const events = await scenario.run("go");
      const child = toolResults(events).filter((r) => r.lane === "agent-1");
      expect(child[0]).toMatchObject({ name: "subagent", status: "denied" });
      expect(events.find((e) => e.type === "subagent_stop")).toMatchObject({ status: "budget" });
      expect(lastTurnEnd(events).text).toBe("the child ran out of steps");
    } finally {
      await scenario.close();
    }
  });
});

describe("compaction", () => {
  it("compacts automatically past the threshold, keeping tool pairs and Tier 1 intact", async () => {
    const scenario = await startScenario({
      files: { "big.txt": bigFile },
      settings: { contextWindow: 20_000, compactAt: 0.5 },
      script: {
        steps: [
          // Listed first so only the summarisation request can take it.
          { match: "Summarise the conversation so far", text: "SUMMARY: read big.txt three times." },
          { match: "summarise big", tool_calls: [{ name: "read", input: { path: "big.txt" } }] },
          { tool_calls: [{ name: "read", input: { path: "big.txt", offset: 2 } }] },
          { tool_calls: [{ name: "read", input: { path: "big.txt", offset: 3 } }] },
          { text: "big.txt is a fox file." },
        ],
      },
    });
    try {
      const events = await scenario.run("summarise big.txt");
      const compaction = events.find((e) => e.type === "compaction");
      expect(compaction).toMatchObject({ trigger: "auto" });
      expect(lastTurnEnd(events).text).toBe("big.txt is a fox file.");
      const log = await scenario.events();
      const logged = log.find((e) => e.type === "compaction");
      if (logged?.type !== "compaction") throw new Error("no compaction event");
      expect(logged.bytesAfter).toBeLessThan(logged.bytesBefore);
      expect(logged.removedMessages).toBeGreaterThan(0);
      expect(JSON.stringify(logged.summary)).toContain("SUMMARY: read big.txt three times.");
      // The span has an id, and the summary lists the tool results it removed (compaction-index.ts).
      expect(logged.id).toBe("compaction-1");
      const summaryText = logged.summary.content.map((b) => (b.type === "text" ? b.text : "")).join("");
      expect(summaryText).toContain("Compacted span compaction-1: messages 0–");
      expect(summaryText).toMatch(/^- toolu_mock_\w+ · read · big\.txt · \d+ bytes$/m);
      // After compaction the history starts with the summary, then an assistant message.
      const after = scenario.sent.at(-1)!.messages;
      expect(JSON.stringify(after[0])).toContain("<conversation-summary>");
      expect(after[1]!.role).toBe("assistant");
      // The summarisation request reused Tier 1 (same header) and every request rebuilds.
      expect(new Set(tier1Hashes(log)).size).toBe(1);
      expect(
        log.some((e) => e.type === "model_request" && (e as { purpose?: string }).purpose === "compaction"),
      ).toBe(true);
      await expectLogRebuildsRequests(scenario);
    } finally {
      await scenario.close();
    }
  });

  it("compacts on request and the session goes on", async () => {
    const scenario = await startScenario({
      files: { "a.txt": "alpha\n" },
      script: {
        steps: [
          { match: "look", tool_calls: [{ name: "read", input: { path: "a.txt" } }] },
          { tool_calls: [{ name: "read", input: { path: "a.txt" } }] },
          { text: "a.txt says alpha" },
          { match: "Summarise the conversation so far", text: "SUMMARY: a.txt says alpha." },
          { match: "again", text: "still alpha" },
        ],
      },
    });
    try {
      await scenario.run("look at a.txt");
      const before = scenario.session.history.length;
      const result = await scenario.session.compact();
      expect(result.compacted).toBe(true);
      expect(scenario.session.history.length).toBeLessThan(before);
      const events = await scenario.run("again?");
      expect(lastTurnEnd(events).text).toBe("still alpha");
      const log = await scenario.events();
      expect(log.find((e) => e.type === "compaction")).toMatchObject({ trigger: "manual" });
      await expectLogRebuildsRequests(scenario);
    } finally {
      await scenario.close();
    }
  });

  it("keeps the protected context after every summary: the same bytes for the same state", async () => {
    const keeper: PicassoPlugin & PicassoExtension = {
      name: "keeper",
      sessionFacts: () =>
        "<session-facts>\nPinned memories:\n- m1 · pinned · Indent with tabs\n</session-facts>",
      protect: (lane) => [
        { source: "keeper", label: "Open todo list", lines: [`- [pending] finish ${lane}`] },
      ],
    };
    const scenario = await startScenario({
      files: { "big.txt": bigFile },
      mode: "plan",
      plugins: [keeper],
      // big.txt read twice after the manual compaction takes the prompt past half of 12K tokens.
      settings: { contextWindow: 12_000, compactAt: 0.5 },
      script: {
        steps: [
          { match: "Summarise the conversation so far", text: "SUMMARY one." },
          { match: "Summarise the conversation so far", text: "SUMMARY two." },
          { match: "look", tool_calls: [{ name: "read", input: { path: "big.txt", limit: 5 } }] },
          { match: "line 4:", text: "seen" },
          { match: "again", tool_calls: [{ name: "read", input: { path: "big.txt" } }] },
          { match: "line 500:", tool_calls: [{ name: "read", input: { path: "big.txt", offset: 300 } }] },
          { match: "line 300:", text: "a fox file" },
        ],
      },
    });
    try {
      await scenario.run("look at big.txt");
      scenario.session.pin("Ship behind a flag");
      const expected = scenario.session.protectedContext();
      expect(expected).toBe(
        [
          "<protected-context>",
          "Kept across compaction: what this session protects, as it stands now.",
          '<section source="keeper" label="Session facts">',
          "<session-facts>",
          "Pinned memories:",
          "- m1 · pinned · Indent with tabs",
          "</session-facts>",
          "</section>",
          '<section source="keeper" label="Open todo list">',
          "- [pending] finish main",
          "</section>",
          '<section source="engine" label="Permission mode">',
          "plan",
          "</section>",
          '<section source="user" label="Pinned by the user">',
          "- Ship behind a flag",
          "</section>",
          "</protected-context>",
        ].join("\n"),
      );
      expect((await scenario.session.compact()).compacted).toBe(true);
      await scenario.run("again, all of it");
      const log = await scenario.events();
      const summaries = log.flatMap((e) => (e.type === "compaction" ? [[e.trigger, e.summary]] : []));
      expect(summaries.map(([trigger]) => trigger)).toEqual(["manual", "auto"]);
      for (const [, summary] of summaries)
        expect((summary as Message).content.map((b) => b.type === "text" && b.text)).toEqual([
          expect.stringContaining("<conversation-summary>"),
          expected,
        ]);
      // The requests after each compaction send it as the summary's second block.
      const after = scenario.sent.filter((r) => JSON.stringify(r.messages[0]).includes("SUMMARY"));
      expect(after.length).toBeGreaterThanOrEqual(2);
      for (const request of after)
        expect(request.messages[0]!.content[1]).toEqual({ type: "text", text: expected });
      await expectLogRebuildsRequests(scenario);
    } finally {
      await scenario.close();
    }
  });

  it("tells the model of a pin at its next step, once, and of an unpin; a compaction keeps them without a new notice", async () => {
    const scenario = await startScenario({
      script: {
        steps: [
          { match: "first", text: "one" },
          { match: "second", text: "two" },
          { match: "Summarise the conversation so far", text: "SUMMARY." },
          { match: "third", text: "three" },
          { match: "fourth", text: "four" },
        ],
      },
    });
    const pinsNotices = () =>
      scenario.session.history.flatMap((m) =>
        m.content.flatMap((b) => (b.type === "text" && b.text.includes('source="pins"') ? [b.text] : [])),
      );
    try {
      scenario.session.pin("Ship behind a flag");
      await scenario.run("first");
      expect(pinsNotices()).toEqual([
        '<system-reminder source="pins">\nThe user pinned these decisions: they hold for the rest of the session and every compaction keeps them.\n- Ship behind a flag\n</system-reminder>',
      ]);
      // The request that answered "first" carried it.
      expect(JSON.stringify(scenario.sent.at(-1)!.messages)).toContain("- Ship behind a flag");
      await scenario.run("second");
      expect(pinsNotices()).toHaveLength(1);
      expect((await scenario.session.compact()).compacted).toBe(true);
      await scenario.run("third");
      // The summary's protected block holds the pin: the model knows it, no second notice.
      expect(pinsNotices()).toEqual([]);
      scenario.session.unpin("1");
      await scenario.run("fourth");
      expect(pinsNotices()).toEqual([
        '<system-reminder source="pins">\nThe user took off every pinned decision.\n</system-reminder>',
      ]);
      const log = await scenario.events();
      expect(
        log.filter((e) => e.type === "pre_step").flatMap((e) => e.reminders.map((r) => r.source)),
      ).toEqual(["pins", "pins"]);
      await expectLogRebuildsRequests(scenario);
    } finally {
      await scenario.close();
    }
  });

  it("says when there is nothing to compact", async () => {
    const scenario = await startScenario({ script: { steps: [{ text: "hi" }] } });
    try {
      await scenario.run("hello");
      expect(await scenario.session.compact()).toMatchObject({ compacted: false });
    } finally {
      await scenario.close();
    }
  });
});

describe("a multi-turn session", () => {
  it("sends the same Tier-1 bytes on every request, across mode switches, with reminders in history", async () => {
    const modeNotices: PicassoPlugin = {
      name: "mode-notices",
      sessionFacts: (ctx) => `<session-facts>platform: ${ctx.platform}</session-facts>`,
      preStep: (() => {
        let seen: string | undefined;
        return (ctx) => {
          const mode = ctx.mode;
          if (seen === undefined || seen === mode) {
            seen = mode;
            return { append: [] };
          }
          seen = mode;
          return {
            append: [
              {
                source: "reminder" as const,
                reminder: "mode",
                message: userMessage(
                  text(`<system-reminder source="mode">mode is now ${mode}</system-reminder>`),
                ),
              },
            ],
          };
        };
      })(),
    };
    const scenario = await startScenario({
      files: { "a.txt": "alpha\n" },
      plugins: [modeNotices],
      approve: () => ({ decision: "allow_once" }),
      script: {
        steps: [
          { match: "one", tool_calls: [{ name: "read", input: { path: "a.txt" } }] },
          { text: "turn one done" },
          { match: "mode is now plan", text: "planning only now" },
          {
            match: "mode is now auto",
            tool_calls: [{ name: "write", input: { path: "b.txt", content: "b" } }],
          },
          { text: "turn three done" },
        ],
      },
    });
    try {
      await scenario.run("turn one");
      scenario.session.setMode("plan");
      expect(lastTurnEnd(await scenario.run("turn two")).text).toBe("planning only now");
      scenario.session.setMode("auto");
      expect(lastTurnEnd(await scenario.run("turn three")).text).toBe("turn three done");
      const log = await scenario.events();
      expect(tier1Hashes(log)).toHaveLength(5);
      expect(new Set(tier1Hashes(log)).size).toBe(1);
      expect(log.filter((e) => e.type === "request_header")).toHaveLength(1);
      expect(
        log.filter((e) => e.type === "mode_change").map((e) => e.type === "mode_change" && e.to),
      ).toEqual(["plan", "auto"]);
      const reminders = log.filter((e) => e.type === "message" && e.source === "reminder");
      expect(reminders).toHaveLength(2);
      // Session facts: a separate block before the user's text in the first message only.
      expect(scenario.sent[0]!.messages[0]!.content.map((b) => (b.type === "text" ? b.text : ""))).toEqual([
        `<session-facts>platform: ${process.platform}</session-facts>`,
        "turn one",
      ]);
      expect(
        scenario.sent[2]!.messages.filter((m) => JSON.stringify(m).includes("session-facts")),
      ).toHaveLength(1);
      // Each request's messages extend the previous request's (append-only history).
      for (let i = 1; i < scenario.sent.length; i++) {
        const prev = scenario.sent[i - 1]!.messages;
        expect(scenario.sent[i]!.messages.slice(0, prev.length)).toEqual(prev);
      }
      await expectLogRebuildsRequests(scenario);
    } finally {
      await scenario.close();
    }
  });
});
