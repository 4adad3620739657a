import type { SessionEvent } from "@picasso/protocol";
import { beforeAll, describe, expect, it } from "vitest";
import { loadMarkdownReader } from "../markdown/markdown-reader.js";
import { applyEvent, EMPTY_LIVE } from "./apply-event.js";
import type { LiveArea, NewItem } from "./transcript.js";

type Body = { type: SessionEvent["type"]; lane: string } & Record<string, unknown>;

function fold(events: Body[]): { live: LiveArea; finished: NewItem[] } {
  let live = EMPTY_LIVE;
  const finished: NewItem[] = [];
  for (const body of events) {
    const event = {
      session: "s",
      turn: 1,
      ts: "2026-12-01T00:00:00.000Z",
      ...body,
    } as unknown as SessionEvent;
    const next = applyEvent(live, event);
    live = next.live;
    finished.push(...next.finished);
  }
  return { live, finished };
}

// marked loads on first need (markdown-reader.ts); these tests read Markdown from the start.
beforeAll(() => loadMarkdownReader());

describe("applyEvent", () => {
  it("prints a streaming reply's settled blocks as they settle, keeping only the last one live", () => {
    const deltas = [
      "# Title\n\nFirst para",
      "graph.\n\n| a | b |\n|---|---|\n| 1 | 2 |\n",
      "\n```ts\nconst x = 1;\n",
    ];
    const streaming = fold(deltas.map((text) => ({ type: "text_delta", lane: "main", text })));
    expect(streaming.finished).toEqual([
      { kind: "assistant", text: "# Title", lane: "main" },
      { kind: "assistant", text: "First paragraph.", lane: "main", continued: true },
      { kind: "assistant", text: "| a | b |\n|---|---|\n| 1 | 2 |", lane: "main", continued: true },
    ]);
    expect(streaming.live).toMatchObject({ text: "```ts\nconst x = 1;\n", continued: true });
    const done = fold([
      ...deltas.map((text) => ({ type: "text_delta", lane: "main", text })),
      { type: "text_delta", lane: "main", text: "```" },
      { type: "message", lane: "main", source: "assistant", message: {} },
    ]);
    expect(done.finished.at(-1)).toEqual({
      kind: "assistant",
      text: "```ts\nconst x = 1;\n```",
      lane: "main",
      continued: true,
    });
    expect(done.live.text).toBe("");
    expect(done.live.continued).toBeUndefined();
  });

  it("streams text, then keeps text and tool lines in order", () => {
    const { live, finished } = fold([
      { type: "text_delta", lane: "main", text: "Reading " },
      { type: "text_delta", lane: "main", text: "the file." },
      { type: "tool_call", lane: "main", toolUseId: "t1", name: "read", input: { path: "a.ts" } },
    ]);
    expect(finished).toEqual([{ kind: "assistant", text: "Reading the file.", lane: "main" }]);
    expect(live.text).toBe("");
    expect(live.tools.map((t) => t.status)).toEqual(["running"]);
  });

  it("finishes a tool call with its status, timing and display", () => {
    const { live, finished } = fold([
      { type: "tool_call", lane: "main", toolUseId: "t1", name: "bash", input: { command: "ls" } },
      { type: "approval_requested", lane: "main", toolUseId: "t1", name: "bash", input: { command: "ls" } },
      {
        type: "tool_result",
        lane: "main",
        toolUseId: "t1",
        name: "bash",
        status: "ok",
        content: "a\nb",
        durationMs: 12,
        display: { kind: "command", command: "ls", exitCode: 0, output: "a\nb" },
      },
    ]);
    expect(live.tools).toEqual([]);
    expect(finished[0]).toMatchObject({
      kind: "tool",
      name: "bash",
      status: "ok",
      durationMs: 12,
      input: { command: "ls" },
    });
  });

  it("shows thinking until the reply's text arrives", () => {
    expect(fold([{ type: "thinking_delta", lane: "main", text: "hmm" }]).live.thinking).toBe(true);
    const after = fold([
      { type: "thinking_delta", lane: "main", text: "hmm" },
      { type: "text_delta", lane: "main", text: "Answer" },
    ]);
    expect(after.live).toMatchObject({ thinking: false, text: "Answer" });
  });

  it("marks a call awaiting approval", () => {
    const { live } = fold([
      { type: "tool_call", lane: "main", toolUseId: "t1", name: "edit", input: {} },
      { type: "approval_requested", lane: "main", toolUseId: "t1", name: "edit", input: {} },
    ]);
    expect(live.tools[0]?.status).toBe("awaiting approval");
  });

  it("shows a running call's last progress report, and drops it with the result", () => {
    const running = fold([
      { type: "tool_call", lane: "main", toolUseId: "t1", name: "everything_call", input: {} },
      { type: "tool_progress", lane: "main", toolUseId: "t1", progress: 1, total: 5 },
      { type: "tool_progress", lane: "main", toolUseId: "t1", progress: 3, total: 5, message: "step 3" },
    ]);
    expect(running.live.tools[0]?.progress).toBe("3/5 · step 3");
    const done = fold([
      { type: "tool_call", lane: "main", toolUseId: "t1", name: "everything_call", input: {} },
      { type: "tool_progress", lane: "main", toolUseId: "t1", progress: 0.5 },
      {
        type: "tool_result",
        lane: "main",
        toolUseId: "t1",
        name: "everything_call",
        status: "ok",
        bytes: 2,
        durationMs: 5,
        content: "ok",
      },
    ]);
    expect(done.live.tools).toEqual([]);
    expect(done.finished[0]).not.toHaveProperty("progress");
  });

  it("ignores subagent text but notes an interrupted turn", () => {
    const { finished } = fold([
      { type: "text_delta", lane: "agent-1", text: "inner" },
      { type: "text_delta", lane: "main", text: "partial" },
      { type: "turn_end", lane: "main", turn: 1, stopReason: "interrupted", steps: 1, text: "", usage: {} },
    ]);
    expect(finished.map((f) => f.kind)).toEqual(["assistant", "notice"]);
    expect(finished[1]).toMatchObject({ tone: "warn", text: expect.stringContaining("interrupted") });
  });
});

describe("applyEvent on image notes", () => {
  it("prints an attached image as info and a left-out one as a warning", () => {
    const { finished } = fold([
      {
        type: "image_note",
        lane: "main",
        tone: "info",
        message: "attached shot.png (image/png, 40×30, 185 B)",
      },
      { type: "image_note", lane: "main", tone: "warn", message: "@gone.png: not attached: no such file" },
    ]);
    expect(finished).toEqual([
      { kind: "notice", tone: "info", text: "attached shot.png (image/png, 40×30, 185 B)" },
      { kind: "notice", tone: "warn", text: "@gone.png: not attached: no such file" },
    ]);
  });

  it("tells a ralph loop's start, each round's outcome and its end as notices", () => {
    const { finished } = fold([
      {
        type: "ralph_loop_start",
        lane: "main",
        loop: "r1",
        prompt: "fix it",
        until: "check",
        checkCommand: "npm test",
        maxRounds: 5,
      },
      { type: "ralph_round_start", lane: "main", loop: "r1", round: 1, subagent: "agent-1" },
      {
        type: "ralph_round_end",
        lane: "main",
        loop: "r1",
        round: 1,
        subagent: "agent-1",
        status: "done",
        check: { passed: false, exitCode: 1, tail: "1 failed", durationMs: 10 },
      },
      { type: "ralph_loop_end", lane: "main", loop: "r1", reason: "max_rounds", rounds: 5 },
    ]);
    expect(finished).toEqual([
      {
        kind: "notice",
        tone: "info",
        text: "ralph loop r1 started (until the check passes, at most 5 rounds)",
      },
      { kind: "notice", tone: "info", text: "ralph r1 round 1: done, check failed (exit 1)" },
      { kind: "notice", tone: "warn", text: "ralph loop r1 ended: max rounds after 5 rounds" },
    ]);
  });
});

describe("applyEvent on workflow runs", () => {
  it("prints a run's end as one notice (a warning when it did not finish) and nothing for its steps", () => {
    const { finished } = fold([
      { type: "workflow_step_start", lane: "main", run: "check-1", step: "test[1]", agentLane: "agent-1" },
      { type: "workflow_step_end", lane: "main", run: "check-1", step: "test[1]", status: "done" },
      {
        type: "workflow_end",
        lane: "main",
        run: "check-1",
        status: "done",
        done: 1,
        failed: 0,
        skipped: 0,
        durationMs: 5,
      },
      {
        type: "workflow_end",
        lane: "main",
        run: "check-2",
        status: "failed",
        done: 1,
        failed: 1,
        skipped: 2,
        durationMs: 5,
      },
    ]);
    expect(finished).toEqual([
      {
        kind: "notice",
        tone: "info",
        text: "workflow run check-1 finished: 1 done, 0 failed, 0 skipped (/workflow check-1)",
      },
      {
        kind: "notice",
        tone: "warn",
        text: "workflow run check-2 failed: 1 done, 1 failed, 2 skipped (/workflow check-2)",
      },
    ]);
  });
});
