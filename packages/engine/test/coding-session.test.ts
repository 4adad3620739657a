/**
 * The basic coding loop against the scripted mock model: read → edit → run the tests with bash
 * → report; plus a denied approval and plan mode refusing an edit.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import {
  expectLogRebuildsRequests,
  lastTurnEnd,
  type Scenario,
  startScenario,
  toolResults,
} from "./harness.js";

const files = {
  "src/add.js": "export const add = (a, b) => a - b;\n",
  "test.sh":
    "node -e \"import('./src/add.js').then(m => { if (m.add(2, 3) !== 5) { console.log('FAIL'); process.exit(1) } console.log('PASS') })\"\n",
};

let scenario: Scenario | undefined;
afterEach(async () => {
  await scenario?.close();
  scenario = undefined;
});

describe("a coding session", () => {
  it("reads, edits, runs the tests with bash and reports", async () => {
    scenario = await startScenario({
      files,
      approve: () => ({ decision: "allow_once" }),
      script: {
        steps: [
          {
            match: "fix add",
            text: "Reading the file.",
            tool_calls: [{ name: "read", input: { path: "src/add.js" } }],
          },
          {
            match: "a - b",
            tool_calls: [
              { name: "edit", input: { path: "src/add.js", old_string: "a - b", new_string: "a + b" } },
            ],
          },
          { tool_calls: [{ name: "bash", input: { command: "sh test.sh" } }] },
          { match: "PASS", text: "Fixed `src/add.js`: add now adds; the test passes." },
        ],
      },
    });
    const events = await scenario.run("fix add in src/add.js");
    const end = lastTurnEnd(events);
    expect(end.stopReason).toBe("end_turn");
    expect(end.steps).toBe(4);
    expect(end.text).toContain("the test passes");
    expect(readFileSync(join(scenario.workspace, "src/add.js"), "utf8")).toContain("a + b");
    const results = toolResults(events);
    expect(results.map((r) => [r.name, r.status])).toEqual([
      ["read", "ok"],
      ["edit", "ok"],
      ["bash", "ok"],
    ]);
    expect(results[2]!.content).toContain("PASS");
    expect(scenario.approvals.map((a) => a.name)).toEqual(["edit", "bash"]);

    const log = await scenario.events();
    const types = log.map((e) => e.type);
    expect(types.slice(0, 2)).toEqual(["session_start", "request_header"]);
    expect(types.filter((t) => t === "model_request")).toHaveLength(4);
    expect(types.filter((t) => t === "approval_decided")).toHaveLength(2);
    expect(
      log
        .filter((e) => e.type === "model_response")
        .every((e) => e.type === "model_response" && e.usage.inputTokens !== undefined),
    ).toBe(true);
    // The first user message carries no facts here (no facts plugin) and the user's text.
    expect(scenario.sent[0]!.messages[0]!.content).toEqual([{ type: "text", text: "fix add in src/add.js" }]);
    // Breakpoints: end of Tier 1, the previous request's end, the newest message.
    expect(scenario.sent[2]!.cacheBreakpoints).toEqual([
      { segment: "system", index: 0 },
      { segment: "message", index: 2 },
      { segment: "message", index: 4 },
    ]);
    // The provider reported cache reads once the prefix was written.
    const usages = log.flatMap((e) => (e.type === "model_response" ? [e.usage] : []));
    expect(usages.slice(1).some((u) => (u.cacheReadTokens ?? 0) > 0)).toBe(true);
    await expectLogRebuildsRequests(scenario);
  });

  it("tells the model when the user denies an approval, and goes on", async () => {
    scenario = await startScenario({
      files,
      approve: () => ({ decision: "deny", note: "do not touch add.js" }),
      script: {
        steps: [
          { tool_calls: [{ name: "write", input: { path: "src/add.js", content: "oops" } }] },
          { match: "denied", text: "Understood, I left the file alone." },
        ],
      },
    });
    const events = await scenario.run("rewrite add");
    const [result] = toolResults(events);
    expect(result!.status).toBe("denied");
    // The note is its own sentence, so "Do not retry" does not run on from it.
    expect(result!.content).toBe(
      'The user denied this "write" call. Note: do not touch add.js. Do not retry it as is; ask or take another way.',
    );
    expect(lastTurnEnd(events).text).toContain("left the file alone");
    expect(readFileSync(join(scenario.workspace, "src/add.js"), "utf8")).toBe(files["src/add.js"]);
    const approval = (await scenario.events()).find((e) => e.type === "approval_decided");
    expect(approval).toMatchObject({ decision: "deny", name: "write", note: "do not touch add.js" });
    await expectLogRebuildsRequests(scenario);
  });

  it("remembers 'allow for the session' and does not ask again", async () => {
    scenario = await startScenario({
      files,
      approve: () => ({ decision: "allow_session" }),
      script: {
        steps: [
          { tool_calls: [{ name: "bash", input: { command: "echo one" } }] },
          { tool_calls: [{ name: "bash", input: { command: "echo two" } }] },
          { text: "done" },
        ],
      },
    });
    const events = await scenario.run("echo twice");
    expect(toolResults(events).map((r) => r.status)).toEqual(["ok", "ok"]);
    expect(scenario.approvals).toHaveLength(1);
  });

  it("refuses an edit in plan mode without asking", async () => {
    scenario = await startScenario({
      files,
      mode: "plan",
      approve: () => ({ decision: "allow_once" }),
      script: {
        steps: [
          { tool_calls: [{ name: "read", input: { path: "src/add.js" } }] },
          {
            tool_calls: [
              { name: "edit", input: { path: "src/add.js", old_string: "a - b", new_string: "a + b" } },
            ],
          },
          { match: "plan mode is on", text: "Plan: change `-` to `+` in `src/add.js`." },
        ],
      },
    });
    const events = await scenario.run("fix add");
    const results = toolResults(events);
    expect(results[1]).toMatchObject({ name: "edit", status: "denied" });
    expect(results[1]!.content).toContain("plan mode is on");
    expect(scenario.approvals).toHaveLength(0);
    expect(readFileSync(join(scenario.workspace, "src/add.js"), "utf8")).toBe(files["src/add.js"]);
    expect(lastTurnEnd(events).text).toContain("Plan:");
  });
});

describe("provider faults", () => {
  it("records the provider's retries and goes on", async () => {
    const s = await startScenario({
      script: {
        steps: [{ text: "after a retry" }],
        faults: [{ request: 1, kind: "rate_limit", retry_after: 0 }],
      },
    });
    try {
      const events = await s.run("hi");
      expect(events.some((e) => e.type === "retry")).toBe(true);
      expect(lastTurnEnd(events).text).toBe("after a retry");
      const response = (await s.events()).find((e) => e.type === "model_response");
      expect(response).toMatchObject({ stopReason: "end_turn", retries: 1 });
    } finally {
      await s.close();
    }
  });

  it("ends the turn with an error event when the stream is cut, and the next turn works", async () => {
    const s = await startScenario({
      script: {
        steps: [{ text: "this answer is cut in the middle" }, { text: "second try" }],
        faults: [{ request: 1, kind: "cut" }],
      },
    });
    try {
      const events = await s.run("hi");
      expect(lastTurnEnd(events).stopReason).toBe("error");
      expect(events.find((e) => e.type === "error")).toMatchObject({ scope: "provider", kind: "stream_cut" });
      expect(lastTurnEnd(await s.run("again")).text).toBe("second try");
      await expectLogRebuildsRequests(s);
    } finally {
      await s.close();
    }
  });
});
