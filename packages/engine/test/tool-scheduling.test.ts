/**
 * Tool scheduling against the scripted mock model: parallel reads overlap, an interrupted bash
 * leaves a valid history, and bad input of every kind comes back as a clear tool error while the
 * session goes on.
 */

import type { ToolDefinition } from "@picasso/protocol";
import { afterEach, describe, expect, it } from "vitest";
import { INTERRUPTED_RESULT } from "../src/index.js";
import {
  expectLogRebuildsRequests,
  lastTurnEnd,
  type Scenario,
  startScenario,
  toolResults,
} from "./harness.js";

let scenario: Scenario | undefined;
afterEach(async () => {
  await scenario?.close();
  scenario = undefined;
});

/** Wrap the real `read` so each call records when it ran; a pause makes overlap observable. */
function timedRead(spans: { start: number; end: number }[]) {
  return (tools: ToolDefinition[]) =>
    tools.map((tool) =>
      tool.spec.name !== "read"
        ? tool
        : {
            ...tool,
            async run(input: Record<string, unknown>, ctx: Parameters<ToolDefinition["run"]>[1]) {
              const span = { start: performance.now(), end: 0 };
              spans.push(span);
              await new Promise((r) => setTimeout(r, 150));
              const out = await tool.run(input, ctx);
              span.end = performance.now();
              return out;
            },
          },
    );
}

describe("tool scheduling", () => {
  it("runs independent reads in parallel and returns results in the model's order", async () => {
    const spans: { start: number; end: number }[] = [];
    scenario = await startScenario({
      files: { "a.txt": "alpha\n", "b.txt": "beta\n", "c.txt": "gamma\n" },
      tools: timedRead(spans),
      script: {
        steps: [
          {
            tool_calls: [
              { name: "read", input: { path: "a.txt" } },
              { name: "read", input: { path: "b.txt" } },
              { name: "read", input: { path: "c.txt" } },
            ],
          },
          { text: "read all three" },
        ],
      },
    });
    const events = await scenario.run("read the three files");
    expect(spans).toHaveLength(3);
    const [a, b, c] = spans as [
      { start: number; end: number },
      { start: number; end: number },
      { start: number; end: number },
    ];
    expect(b.start).toBeLessThan(a.end);
    expect(c.start).toBeLessThan(a.end);
    const resultMessage = scenario.sent[1]!.messages.at(-1)!;
    const contents = resultMessage.content.map((block) =>
      block.type === "tool_result" ? block.content : "",
    );
    expect(contents[0]).toContain("alpha");
    expect(contents[1]).toContain("beta");
    expect(contents[2]).toContain("gamma");
    expect(lastTurnEnd(events).stopReason).toBe("end_turn");
    await expectLogRebuildsRequests(scenario);
  });

  it("runs a step of 25 parallel reads without a listener-leak warning", async () => {
    const warnings: string[] = [];
    const onWarning = (warning: Error) => warnings.push(warning.name);
    process.on("warning", onWarning);
    try {
      const files = Object.fromEntries(Array.from({ length: 25 }, (_, i) => [`f${i}.txt`, `file ${i}\n`]));
      scenario = await startScenario({
        files,
        script: {
          steps: [
            { tool_calls: Object.keys(files).map((path) => ({ name: "read", input: { path } })) },
            { text: "read them all" },
          ],
        },
      });
      const events = await scenario.run("read every file");
      expect(toolResults(events)).toHaveLength(25);
      // Results come in the order the reads finish; every file's content is among them.
      const contents = toolResults(events).map((r) => String(r.content));
      for (let i = 0; i < 25; i++) expect(contents.some((c) => c.includes(`\tfile ${i}`))).toBe(true);
      await new Promise((resolve) => setImmediate(resolve));
      expect(warnings).not.toContain("MaxListenersExceededWarning");
    } finally {
      process.off("warning", onWarning);
    }
  });

  it("runs writes and commands one after another", async () => {
    scenario = await startScenario({
      mode: "auto",
      script: {
        steps: [
          {
            tool_calls: [
              { name: "bash", input: { command: "sleep 0.2; echo first > order.txt" } },
              { name: "bash", input: { command: "echo second >> order.txt; cat order.txt" } },
            ],
          },
          { text: "ok" },
        ],
      },
    });
    const events = await scenario.run("two commands");
    expect(toolResults(events)[1]!.content).toMatch(/first\s+second/);
  });

  it("interrupts a running bash and keeps the history valid", async () => {
    scenario = await startScenario({
      mode: "auto",
      script: {
        steps: [
          { tool_calls: [{ name: "bash", input: { command: "sleep 30" } }] },
          { match: "carry on", text: "carrying on" },
        ],
      },
    });
    const controller = new AbortController();
    const started = Date.now();
    const events = await scenario.run("wait a long time", controller.signal, (event) => {
      if (event.type === "tool_call" && event.name === "bash") controller.abort();
    });
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(lastTurnEnd(events).stopReason).toBe("interrupted");
    expect(toolResults(events)[0]).toMatchObject({
      name: "bash",
      status: "interrupted",
      content: INTERRUPTED_RESULT,
    });
    const last = scenario.session.history.at(-1)!;
    expect(last.content[0]).toMatchObject({
      type: "tool_result",
      content: INTERRUPTED_RESULT,
      isError: true,
    });
    expect((await scenario.events()).some((e) => e.type === "interrupt")).toBe(true);
    // The next turn sends a history the API accepts (every tool_use answered).
    const next = await scenario.run("carry on");
    expect(lastTurnEnd(next)).toMatchObject({ stopReason: "end_turn", text: "carrying on" });
    await expectLogRebuildsRequests(scenario);
  });

  it("closes a session while a turn runs: the turn is interrupted and the log ends cleanly", async () => {
    scenario = await startScenario({ script: { steps: [{ text: "slow", delay_ms: 5000 }] } });
    const seen: string[] = [];
    const reading = scenario.run("be slow", undefined, (event) => seen.push(event.type));
    await new Promise<void>((resolve) => {
      const check = () => (seen.includes("turn_start") ? resolve() : setTimeout(check, 5));
      check();
    });
    await scenario.session.close("user quit");
    const events = await reading;
    expect(lastTurnEnd(events).stopReason).toBe("interrupted");
    const log = await scenario.events();
    expect(log.at(-1)).toMatchObject({ type: "session_end", reason: "user quit" });
    expect(log.some((e) => e.type === "interrupt")).toBe(true);
    await expect(scenario!.session.runTurn("again")).rejects.toThrow(/closed/);
  });

  it("interrupts a slow model stream without appending a partial answer", async () => {
    scenario = await startScenario({
      script: { steps: [{ text: "slow", delay_ms: 5000 }, { text: "fast" }] },
    });
    const controller = new AbortController();
    const events = await scenario.run("be slow", controller.signal, (event) => {
      if (event.type === "turn_start") setTimeout(() => controller.abort(), 100);
    });
    expect(lastTurnEnd(events).stopReason).toBe("interrupted");
    expect(scenario.session.history.map((m) => m.role)).toEqual(["user"]);
  });

  it("answers bad input with clear tool errors and goes on", async () => {
    scenario = await startScenario({
      mode: "auto",
      files: { "latin1.txt": Buffer.from([0x63, 0x61, 0x66, 0xe9, 0x0a, 0xff, 0xfe]) },
      script: {
        steps: [
          {
            tool_calls: [
              { name: "read", input: { file: "a.txt" } },
              { name: "teleport", input: { to: "mars" } },
              { name: "read", input: { path: "/etc/passwd" } },
              { name: "read", input: { path: "latin1.txt" } },
              { name: "bash", input: { command: "sleep 100", timeout_ms: 500 } },
            ],
          },
          { text: "I saw five problems and carried on." },
        ],
      },
    });
    const events = await scenario.run("try odd things");
    const results = toolResults(events);
    expect(results.map((r) => r.name)).toEqual(["read", "teleport", "read", "read", "bash"]);
    expect(results[0]!.content).toContain('missing required field "path"');
    expect(results[1]!.content).toMatch(/unknown tool "teleport". Available tools: bash, read/);
    expect(results[2]!.content).toMatch(/outside the workspace/i);
    expect(results[3]!.content).toMatch(/UTF-8|binary/i);
    expect(results[4]!.content).toMatch(/time/i);
    for (const r of results) expect(r.status).not.toBe("ok");
    expect(lastTurnEnd(events)).toMatchObject({
      stopReason: "end_turn",
      text: "I saw five problems and carried on.",
    });
    await expectLogRebuildsRequests(scenario);
  });

  it("lets a tool/result hook rewrite a successful result before it joins history", async () => {
    scenario = await startScenario({
      files: { "a.txt": "alpha\n" },
      plugins: [
        {
          name: "dedupe",
          toolResult: ({ messages, output }) =>
            output.dedupeKey && JSON.stringify(messages).includes("alpha")
              ? { ...output, content: "[same as before]" }
              : undefined,
        },
      ],
      script: {
        steps: [
          { tool_calls: [{ name: "read", input: { path: "a.txt" } }] },
          { tool_calls: [{ name: "read", input: { path: "a.txt" } }] },
          { text: "done" },
        ],
      },
    });
    const events = await scenario.run("read twice");
    expect(toolResults(events).map((r) => r.content)).toEqual([
      expect.stringContaining("alpha"),
      "[same as before]",
    ]);
    const logged = (await scenario.events()).filter((e) => e.type === "tool_result");
    expect(logged[1]).toMatchObject({ deduped: true });
    await expectLogRebuildsRequests(scenario);
  });

  it("truncates a huge tool output and says where the rest is", async () => {
    scenario = await startScenario({
      mode: "auto",
      settings: { toolOutputLimitBytes: 2000 },
      script: {
        steps: [{ tool_calls: [{ name: "bash", input: { command: "seq 1 5000" } }] }, { text: "long" }],
      },
    });
    const events = await scenario.run("print many numbers");
    const [result] = toolResults(events);
    expect(result!.truncated).toBe(true);
    expect(result!.content).toContain("[output truncated");
    const logged = (await scenario.events()).find((e) => e.type === "tool_result");
    expect(logged).toMatchObject({ truncated: true });
    const path = (logged as { fullOutputPath: string }).fullOutputPath;
    expect(path).toContain(`${scenario.session.id}/outputs/`);
    expect(result!.content).toContain(path);
  });
});
