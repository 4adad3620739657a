import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { ReplayEntry } from "@picasso/engine";
import type { SessionEvent } from "@picasso/protocol";
import { describe, expect, it } from "vitest";
import { historyUpdates } from "./history-replay.js";
import { answerFor } from "./permission.js";
import { promptText } from "./prompt-content.js";
import { planEntries, toolKind, UpdateMapper } from "./session-updates.js";

const envelope = { session: "s", lane: "main", turn: 1, ts: "2026-01-01T00:00:00.000Z" };
const ev = (body: Record<string, unknown>) => ({ ...envelope, ...body }) as SessionEvent;

describe("session events as ACP updates", () => {
  it("streams text and thinking of the main lane only", () => {
    const mapper = new UpdateMapper("/w");
    expect(mapper.map(ev({ type: "text_delta", text: "hi" }))).toEqual([
      { sessionUpdate: "agent_message_chunk", content: { type: "text", text: "hi" } },
    ]);
    expect(mapper.map(ev({ type: "thinking_delta", text: "hm" }))[0]?.sessionUpdate).toBe(
      "agent_thought_chunk",
    );
    expect(mapper.map({ ...ev({ type: "text_delta", text: "sub" }), lane: "sub-1" } as SessionEvent)).toEqual(
      [],
    );
    expect(mapper.map(ev({ type: "mode_change", from: "default", to: "plan" }))).toEqual([
      { sessionUpdate: "current_mode_update", currentModeId: "plan" },
    ]);
  });

  it("carries a write call's whole old and new text as a diff", () => {
    const dir = mkdtempSync(join(tmpdir(), "acp-map-"));
    writeFileSync(join(dir, "a.txt"), "old\n");
    const mapper = new UpdateMapper(dir);
    const [call] = mapper.map(
      ev({
        type: "tool_call",
        toolUseId: "t1",
        name: "edit",
        inputBytes: 9,
        effect: "write",
        input: { path: "a.txt" },
      }),
    );
    expect(call).toMatchObject({
      sessionUpdate: "tool_call",
      kind: "edit",
      locations: [{ path: join(dir, "a.txt") }],
    });
    writeFileSync(join(dir, "a.txt"), "new\n");
    const [update] = mapper.map(
      ev({
        type: "tool_result",
        toolUseId: "t1",
        name: "edit",
        status: "ok",
        bytes: 3,
        durationMs: 1,
        content: "ok",
        display: { kind: "diff", path: "a.txt", diff: "-old\n+new\n" },
      }),
    );
    expect(update).toMatchObject({
      sessionUpdate: "tool_call_update",
      status: "completed",
      content: [{ type: "diff", path: join(dir, "a.txt"), oldText: "old\n", newText: "new\n" }],
    });
    expect(readFileSync(join(dir, "a.txt"), "utf8")).toBe("new\n");
  });

  it("turns a todo list into a plan and a failed call into failed", () => {
    const mapper = new UpdateMapper("/w");
    const updates = mapper.map(
      ev({
        type: "tool_result",
        toolUseId: "t2",
        name: "todo_write",
        status: "error",
        bytes: 2,
        durationMs: 1,
        content: "no",
        display: { kind: "todos", items: [{ content: "a", status: "done" }] },
      }),
    );
    expect(updates.map((u) => u.sessionUpdate)).toEqual(["tool_call_update", "plan"]);
    expect(updates[0]).toMatchObject({ status: "failed" });
    expect(planEntries([{ content: "x", status: "in_progress" }])).toEqual([
      { content: "x", priority: "medium", status: "in_progress" },
    ]);
    expect([toolKind("exec"), toolKind("network"), toolKind(undefined)]).toEqual([
      "execute",
      "fetch",
      "other",
    ]);
  });
});

describe("permissions, prompts and history", () => {
  it("maps the client's answers to the engine's decisions", () => {
    expect(answerFor({ outcome: "selected", optionId: "allow_once" }).decision).toBe("allow_once");
    expect(answerFor({ outcome: "selected", optionId: "allow_always" }).decision).toBe("allow_session");
    expect(answerFor({ outcome: "selected", optionId: "reject" }).decision).toBe("deny");
    expect(answerFor({ outcome: "cancelled" }).decision).toBe("deny");
  });

  it("reads a prompt's text, links and embedded resources", () => {
    expect(
      promptText([
        { type: "text", text: "look at" },
        { type: "resource_link", uri: "file:///w/a%20b.ts", name: "a b.ts" },
        { type: "resource", resource: { uri: "file:///w/c.ts", text: "const c = 1;" } },
      ]),
    ).toBe('look at\n@/w/a b.ts\n<resource uri="file:///w/c.ts">\nconst c = 1;\n</resource>');
  });

  it("replays history without session facts or reminders", () => {
    const updates = historyUpdates(
      [
        {
          role: "user",
          content: [
            { type: "text", text: "<session-facts>x</session-facts>" },
            { type: "text", text: "q" },
          ],
        },
        {
          role: "assistant",
          content: [
            { type: "text", text: "a" },
            { type: "tool_use", id: "t", name: "read", input: { path: "a" } },
          ],
        },
        { role: "user", content: [{ type: "tool_result", toolUseId: "t", content: "data" }] },
      ].map((message) => ({ kind: "message", message }) as ReplayEntry),
    );
    expect(updates.map((u) => u.sessionUpdate)).toEqual([
      "user_message_chunk",
      "agent_message_chunk",
      "tool_call",
    ]);
    expect(updates[2]).toMatchObject({ status: "completed", toolCallId: "t" });
  });
});
