import { noForkedSubagents, type SessionEventBody } from "@picasso/protocol";
import { describe, expect, it } from "vitest";
import type { EngineRuntime } from "./runtime.js";
import { makeToolContext } from "./tool-context.js";

function context(recorded: { body: SessionEventBody; lane: string }[]) {
  const rt = {
    outputsDir: "/tmp/outputs",
    settings: { allowedOutsidePaths: [] },
    workspaceRoot: "/w",
    cwd: "/w",
    sessionId: "s",
    files: { markRead() {}, wasRead: () => false },
    askUser: async () => "",
    record: (body: SessionEventBody, lane: string) => recorded.push({ body, lane }),
  } as unknown as EngineRuntime;
  return makeToolContext({
    rt,
    lane: "agent-1",
    toolUseId: "t1",
    signal: new AbortController().signal,
    runSubagent: async () => "",
    subagents: noForkedSubagents("none"),
  });
}

describe("a tool's progress", () => {
  it("is a live tool_progress event of its call and lane, at most one per 100 ms but the last", () => {
    const recorded: { body: SessionEventBody; lane: string }[] = [];
    const ctx = context(recorded);
    ctx.progress?.({ progress: 1, total: 3, message: "  step\n one " });
    ctx.progress?.({ progress: 2, total: 3 });
    ctx.progress?.({ progress: 3, total: 3 });
    expect(recorded).toEqual([
      {
        lane: "agent-1",
        body: { type: "tool_progress", toolUseId: "t1", progress: 1, total: 3, message: "step one" },
      },
      { lane: "agent-1", body: { type: "tool_progress", toolUseId: "t1", progress: 3, total: 3 } },
    ]);
  });

  it("keeps only finite numbers and a short message", () => {
    const recorded: { body: SessionEventBody; lane: string }[] = [];
    context(recorded).progress?.({
      progress: Number.NaN,
      total: Number.POSITIVE_INFINITY,
      message: "x".repeat(500),
    });
    const body = recorded[0]!.body as { progress: number; total?: number; message?: string };
    expect(body.progress).toBe(0);
    expect(body.total).toBeUndefined();
    expect(body.message).toHaveLength(200);
  });
});
