import {
  type Message,
  type PermissionMode,
  protectedContextText,
  text,
  todoSection,
  userMessage,
} from "@picasso/protocol";
import { describe, expect, it } from "vitest";
import {
  doneList,
  goalRound,
  openList,
  todoWrite,
  toolCalls,
  userText,
} from "../../test/fixtures/history.js";
import { PreStepNormaliser } from "./pre-step-normaliser.js";
import { decideStaleTodos, STALE_TODO_CALLS, staleTodosText } from "./stale-todos.js";

/** Drive a normaliser like the engine does: each step appends what it returned. */
function session() {
  const normaliser = new PreStepNormaliser();
  const messages: Message[] = [userText("build the feature")];
  let compactions = 0;
  const ctx = (mode: PermissionMode = "default") => ({
    sessionId: "s",
    lane: "main",
    turn: 1,
    step: messages.length,
    mode,
    messages,
    compactions,
  });
  return {
    messages,
    add: (...more: Message[]) => messages.push(...more),
    compact: () => {
      compactions++;
    },
    /** Run one pre-step; return how many stale-todos reminders it appended. */
    step: () => {
      const result = normaliser.step(ctx());
      messages.push(...result.append.map((a) => a.message));
      return result.append.filter((a) => a.reminder === "stale-todos").length;
    },
  };
}

describe("stale-todos nudge", () => {
  it("no todo_write: never", () => {
    const s = session();
    s.add(...toolCalls(30));
    expect(s.step()).toBe(0);
  });

  it("a list with no open items: never", () => {
    const s = session();
    s.add(...todoWrite(doneList), ...toolCalls(30));
    expect(s.step()).toBe(0);
  });

  it(`open items and ${STALE_TODO_CALLS} tool calls since the write: one nudge (19 is not enough)`, () => {
    const s = session();
    s.add(...todoWrite(openList), ...toolCalls(19));
    expect(s.step()).toBe(0);
    s.add(...toolCalls(1));
    expect(s.step()).toBe(1);
    expect(s.step()).toBe(0); // not again on the next step
  });

  it("at most once per 20 tool calls and twice per write", () => {
    const s = session();
    s.add(...todoWrite(openList), ...toolCalls(20));
    expect(s.step()).toBe(1);
    s.add(...toolCalls(19));
    expect(s.step()).toBe(0);
    s.add(...toolCalls(1));
    expect(s.step()).toBe(1); // second nudge, 20 calls after the first
    s.add(...toolCalls(20));
    expect(s.step()).toBe(0); // never a third for the same write
    s.add(...toolCalls(100));
    expect(s.step()).toBe(0);
    // a new write starts a new allowance
    s.add(...todoWrite(openList), ...toolCalls(20));
    expect(s.step()).toBe(1);
  });

  it("a new goal round since the write nudges before 20 calls", () => {
    const s = session();
    s.add(...todoWrite(openList), ...toolCalls(3));
    expect(s.step()).toBe(0);
    s.add(goalRound());
    expect(s.step()).toBe(1);
    s.add(goalRound(), ...toolCalls(5));
    expect(s.step()).toBe(0); // once per 20 tool calls
  });

  it("a compaction since the write nudges before 20 calls", () => {
    const s = session();
    s.add(...todoWrite(openList), ...toolCalls(2));
    expect(s.step()).toBe(0);
    s.compact();
    expect(s.step()).toBe(1);
  });

  it("a list a compaction kept in its protected block is found after its todo_write was summarised away", () => {
    const s = session();
    s.add(...todoWrite(openList), ...toolCalls(2));
    expect(s.step()).toBe(0);
    // The compaction replaced the write by a summary whose protected block keeps the list.
    const block = protectedContextText([todoSection("tools", openList)!])!;
    s.messages.splice(
      0,
      s.messages.length,
      userMessage(text("<conversation-summary>…</conversation-summary>"), text(block)),
    );
    s.add(...toolCalls(1));
    s.compact();
    expect(decideStaleTodos(s.messages, 0)).toMatchObject({
      reason: "compaction",
      write: { todos: openList },
    });
    expect(s.step()).toBe(1);
    expect(s.messages.at(-1)!.content[0]).toMatchObject({
      text: expect.stringContaining("- [in_progress] Write the tests"),
    });
    // A block that kept no list (every item done) means no open list.
    const none = userMessage(
      text("summary"),
      text(protectedContextText([{ source: "engine", label: "Permission mode", lines: ["plan"] }])!),
    );
    expect(decideStaleTodos([none, ...toolCalls(30)], 0)).toMatchObject({ nudge: false });
  });

  it("a compaction before the write does not count", () => {
    const s = session();
    s.compact();
    s.add(...todoWrite(openList), ...toolCalls(2));
    expect(s.step()).toBe(0);
  });

  it("the once-per-20-calls limit spans writes", () => {
    const s = session();
    s.add(...todoWrite(openList), ...toolCalls(20));
    expect(s.step()).toBe(1);
    s.add(...todoWrite(openList), goalRound());
    expect(s.step()).toBe(0); // only 1 call since the last nudge
    s.add(...toolCalls(19));
    expect(s.step()).toBe(1);
  });

  it("the text depends only on the todo list", () => {
    const a = decideStaleTodos([...todoWrite(openList), ...toolCalls(25)], 0);
    const b = decideStaleTodos(
      [userText("other"), ...toolCalls(7), ...todoWrite(openList), ...toolCalls(40, "bash")],
      0,
    );
    expect(a.nudge && b.nudge).toBe(true);
    expect(a.text).toBe(b.text);
    expect(a.text).toBe(staleTodosText(openList));
    expect(a.text).toContain("- [in_progress] Write the tests\n- [pending] Update the docs");
    expect(a.text).not.toContain("Write the parser");
  });

  it("the reminder is a user-role system-reminder naming its source", () => {
    const s = session();
    s.add(...todoWrite(openList), ...toolCalls(20));
    s.step();
    const last = s.messages.at(-1)!;
    expect(last.role).toBe("user");
    expect(last.content[0]).toEqual({
      type: "text",
      text: `<system-reminder source="stale-todos">\n${staleTodosText(openList)}\n</system-reminder>`,
    });
  });
});
