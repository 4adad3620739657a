/**
 * Resuming a session from its log: the next request's prefix is byte-identical to the last one
 * sent; a torn final line is reported, not fatal; a tool call cut off by a crash gets an
 * "interrupted" result; an unknown id is a one-line user error.
 */
import { appendFileSync, readFileSync, writeFileSync } from "node:fs";
import { startMockServer } from "@picasso/mock-provider";
import { canonicalJson, isUserError } from "@picasso/protocol";
import { describe, expect, it } from "vitest";
import { rebuildRequests, UNKNOWN_OUTCOME_RESULT } from "../src/index.js";
import { lastTurnEnd, makeWorkspace, startScenario } from "./harness.js";

describe("resume", () => {
  it("continues a session so the next request extends the last one byte for byte", async () => {
    const server = await startMockServer({
      script: {
        steps: [
          { match: "first", tool_calls: [{ name: "read", input: { path: "a.txt" } }] },
          { text: "a.txt says alpha" },
          { match: "second", text: "still here" },
        ],
      },
    });
    const workspace = makeWorkspace({ "a.txt": "alpha\n" });
    const first = await startScenario({ script: {}, server, workspace, mode: "plan" });
    await first.run("first turn");
    await first.close();

    const second = await startScenario({ script: {}, server, workspace, resume: "newest" });
    try {
      expect(second.session.id).toBe(first.session.id);
      expect(second.session.currentMode).toBe("plan");
      expect(lastTurnEnd(await second.run("second turn")).text).toBe("still here");
      const before = first.sent.at(-1)!;
      const after = second.sent[0]!;
      expect(canonicalJson(after.tools)).toBe(canonicalJson(before.tools));
      expect(canonicalJson(after.system)).toBe(canonicalJson(before.system));
      expect(after.messages.slice(0, before.messages.length + 1)).toEqual([
        ...before.messages,
        first.session.history.at(-1),
      ]);
      // The breakpoint of the previous request's end is placed again.
      expect(after.cacheBreakpoints).toContainEqual({
        segment: "message",
        index: before.messages.length - 1,
      });
      const log = await second.events();
      const headers = log.filter((e) => e.type === "request_header");
      expect(headers.map((h) => h.type === "request_header" && h.reason)).toEqual(["initial", "resume"]);
      expect(new Set(headers.map((h) => h.type === "request_header" && h.hash)).size).toBe(1);
      // seq keeps counting across the resume.
      expect(log.map((e) => e.seq)).toEqual(log.map((_, i) => i));
      const report = await rebuildRequests(second.session.logPath);
      expect(report.mismatches).toEqual([]);
      expect(report.requests.map((r) => canonicalJson(r.messages))).toEqual(
        [...first.sent, ...second.sent].map((r) => canonicalJson(r.messages)),
      );
    } finally {
      await second.close();
      await server.close();
    }
  });

  it("reports a torn final line and answers a cut-off tool call as interrupted", async () => {
    const server = await startMockServer({
      script: {
        steps: [
          { match: "first", tool_calls: [{ name: "read", input: { path: "a.txt" } }] },
          { text: "done" },
          { match: "go on", text: "picking up again" },
        ],
      },
    });
    const workspace = makeWorkspace({ "a.txt": "alpha\n" });
    const first = await startScenario({ script: {}, server, workspace });
    await first.run("first turn");
    await first.close();
    // Simulate a crash while the read ran: keep the log up to the assistant's tool_use message,
    // then a half-written line.
    const path = first.session.logPath;
    const lines = readFileSync(path, "utf8").split("\n");
    const cut = lines.findIndex((l) => l.includes('"type":"tool_call"'));
    writeFileSync(path, `${lines.slice(0, cut).join("\n")}\n`);
    appendFileSync(path, '{"v":1,"seq":99,"ts":"2026-01-01T00:00:00Z","sess');

    const second = await startScenario({ script: {}, server, workspace, resume: { id: first.session.id } });
    try {
      expect(second.session.resumeNotes).toHaveLength(1);
      expect(second.session.resumeNotes[0]).toMatch(
        /1 line could not be read \(line \d+, cut off when the last run stopped\)/,
      );
      const last = second.session.history.at(-1)!;
      expect(last.content[0]).toMatchObject({ type: "tool_result", content: UNKNOWN_OUTCOME_RESULT });
      expect(lastTurnEnd(await second.run("go on")).text).toBe("picking up again");
      const sent = second.sent[0]!.messages;
      expect(sent.at(-2)!.content[0]).toMatchObject({ type: "tool_result", content: UNKNOWN_OUTCOME_RESULT });
      const report = await rebuildRequests(path);
      expect(report.mismatches).toEqual([]);
      expect(report.skippedLines).toHaveLength(1);
      expect(report.skippedLines[0]!.torn).toBe(false);
    } finally {
      await second.close();
      await server.close();
    }
  });

  it("repairs a damaged log once: one plain note, a log_repair event, and silence on the next resume", async () => {
    const server = await startMockServer({
      script: {
        steps: [
          { match: "one", text: "first" },
          { match: "two", text: "second" },
          { match: "three", text: "third" },
          { match: "four", text: "fourth" },
        ],
      },
    });
    const workspace = makeWorkspace();
    const first = await startScenario({ script: {}, server, workspace });
    await first.run("one");
    await first.run("two");
    await first.close();
    // A garbage line where the second turn's user message was: its message is lost.
    const path = first.session.logPath;
    const lines = readFileSync(path, "utf8").trimEnd().split("\n");
    const lost = lines.findIndex((l) => l.includes('"type":"message"') && l.includes('"two"'));
    lines[lost] = "{garbage";
    writeFileSync(path, `${lines.join("\n")}\n`);

    const second = await startScenario({ script: {}, server, workspace, resume: { id: first.session.id } });
    expect(second.session.resumeNotes).toHaveLength(1);
    expect(second.session.resumeNotes[0]).toMatch(
      new RegExp(
        `was repaired: 1 line could not be read \\(line ${lost + 1}: not valid JSON\\), and a message of lane main before seq \\d+ is missing`,
      ),
    );
    expect(lastTurnEnd(await second.run("three")).text).toBe("third");
    await second.close();
    const repairs = (await second.events()).filter((e) => e.type === "log_repair");
    expect(repairs).toHaveLength(1);

    const third = await startScenario({ script: {}, server, workspace, resume: { id: first.session.id } });
    try {
      expect(third.session.resumeNotes).toEqual([]);
      expect(lastTurnEnd(await third.run("four")).text).toBe("fourth");
      // The history third resumed is the one second had, plus its turn: no index is doubted.
      expect(third.session.history.length).toBe(second.session.history.length + 2);
    } finally {
      await third.close();
      await server.close();
    }
  });

  it("gives a session opened before its first prompt (ACP's session/new, then session/load) its facts on that prompt, once", async () => {
    const server = await startMockServer({
      script: {
        steps: [
          { match: "first", text: "hello" },
          { match: "second", text: "again" },
        ],
      },
    });
    const workspace = makeWorkspace();
    let opened = 0;
    const facts = {
      name: "facts",
      sessionFacts: () => `<session-facts>\nopened ${++opened}\n</session-facts>`,
    };
    const created = await startScenario({ script: {}, server, workspace, plugins: [facts] });
    await created.close();
    const loaded = await startScenario({ script: {}, server, workspace, plugins: [facts], resume: "newest" });
    await loaded.run("first prompt");
    await loaded.close();
    const again = await startScenario({ script: {}, server, workspace, plugins: [facts], resume: "newest" });
    try {
      await again.run("second prompt");
      const [first] = loaded.sent[0]!.messages;
      // Facts are worked out when the first prompt needs them: the session created and never
      // prompted never did; the one that loaded it did, once, for its prompt.
      expect(first?.content[0]).toEqual({
        type: "text",
        text: "<session-facts>\nopened 1\n</session-facts>",
      });
      expect(opened).toBe(1);
      // Prompted once, the session keeps its first message: no facts on the next resume.
      const texts = again.sent[0]!.messages.flatMap((m) =>
        m.content.flatMap((b) => (b.type === "text" ? [b.text] : [])),
      );
      expect(texts.filter((t) => t.startsWith("<session-facts>"))).toHaveLength(1);
    } finally {
      await again.close();
      await server.close();
    }
  });

  it("works out a new session's facts when its first prompt needs them, or before when the surface asks", async () => {
    const server = await startMockServer({ script: { steps: [{ match: "first", text: "hello" }] } });
    let computed = 0;
    const facts = {
      name: "facts",
      sessionFacts: () => `<session-facts>\nfacts ${++computed}\n</session-facts>`,
    };
    const opened = await startScenario({ script: {}, server, workspace: makeWorkspace(), plugins: [facts] });
    try {
      // Opening does not work them out (memory's index opens its database for them).
      expect(computed).toBe(0);
      opened.session.prepareFirstPrompt();
      opened.session.prepareFirstPrompt();
      expect(computed).toBe(1);
      await opened.run("first prompt");
      expect(computed).toBe(1);
      expect(opened.sent[0]!.messages[0]?.content[0]).toEqual({
        type: "text",
        text: "<session-facts>\nfacts 1\n</session-facts>",
      });
    } finally {
      await opened.close();
      await server.close();
    }
  });

  it("names an unknown session id and how to find the real ones", async () => {
    const workspace = makeWorkspace();
    const error = await startScenario({ script: {}, workspace, resume: { id: "nope" } }).catch(
      (e: unknown) => e,
    );
    expect(isUserError(error)).toBe(true);
    expect((error as Error).message).toMatch(/unknown session id "nope"/);
    const none = await startScenario({ script: {}, workspace, resume: "newest" }).catch((e: unknown) => e);
    expect((none as Error).message).toMatch(/no session to continue/);
  });
});
