import type { Message, PermissionMode } from "@picasso/protocol";
import { canonicalJson, formatReminder } from "@picasso/protocol";
import { describe, expect, it } from "vitest";
import { openList, todoWrite, toolCalls, userText } from "../../test/fixtures/history.js";
import { MODE_NOTICES, PLAN_MODE_SECTION } from "../sections/plan-mode-section.js";
import { announcedMode, PreStepNormaliser } from "./pre-step-normaliser.js";

function run(normaliser: PreStepNormaliser, messages: Message[], mode: PermissionMode, compactions = 0) {
  const before = messages.length;
  const result = normaliser.step({
    sessionId: "s",
    lane: "main",
    turn: 1,
    step: 0,
    mode,
    messages,
    compactions,
  });
  // only appends: the history it was given is untouched
  expect(messages).toHaveLength(before);
  messages.push(...result.append.map((a) => a.message));
  return result;
}

describe("PreStepNormaliser", () => {
  it("a session in default mode gets no notice", () => {
    const r = run(new PreStepNormaliser(), [userText("hi")], "default");
    expect(r.append).toEqual([]);
    expect(r.stats.mode).toBeNull();
  });

  it("entering plan mode appends the notice and plan-mode.section once per entry", () => {
    const n = new PreStepNormaliser();
    const messages = [userText("plan the change")];
    const first = run(n, messages, "plan");
    expect(first.append.map((a) => a.reminder)).toEqual(["mode", "plan-mode"]);
    expect(first.append[0]!.message.content[0]).toEqual({
      type: "text",
      text: formatReminder("mode", MODE_NOTICES.plan),
    });
    expect(first.append[1]!.message.content[0]).toEqual({
      type: "text",
      text: formatReminder("plan-mode", PLAN_MODE_SECTION),
    });
    expect(first.append[1]!.tier2).toMatchObject({ kind: "plan_mode", name: "plan-mode.section" });
    expect(announcedMode(messages)).toBe("plan");
    // still in plan mode: nothing more
    expect(run(n, messages, "plan").append).toEqual([]);
  });

  it("mode transitions append a notice each; re-entering plan mode points at the earlier section", () => {
    const n = new PreStepNormaliser();
    const messages = [userText("go")];
    run(n, messages, "plan");
    const toAuto = run(n, messages, "auto");
    expect(toAuto.append.map((a) => a.reminder)).toEqual(["mode"]);
    expect(toAuto.stats.mode).toEqual({ from: "plan", to: "auto" });
    const back = run(n, messages, "plan");
    expect(back.append.map((a) => a.reminder)).toEqual(["mode", "plan-mode"]);
    const text = (back.append[1]!.message.content[0] as { text: string }).text;
    expect(text).toMatch(
      /\[identical to the plan-mode section in message #2 \(sha1 [0-9a-f]{12}\); not repeated\]/,
    );
    expect(back.stats.dedupe.drops).toBe(1);
    expect(back.stats.dedupe.bytesSaved).toBeGreaterThan(300);
    expect(run(n, messages, "default").append.map((a) => a.reminder)).toEqual(["mode"]);
  });

  it("a fresh normaliser over the same history appends the same bytes (resume)", () => {
    const messages = [userText("go"), ...todoWrite(openList), ...toolCalls(21)];
    const original = new PreStepNormaliser();
    const a = run(original, [...messages], "plan");
    const b = run(new PreStepNormaliser(), [...messages], "plan");
    expect(canonicalJson(b.append)).toBe(canonicalJson(a.append));
    expect(a.append.map((x) => x.reminder)).toEqual(["mode", "plan-mode", "stale-todos"]);
    // after the appends, a resumed normaliser reading the grown history adds nothing
    const grown = [...messages, ...a.append.map((x) => x.message)];
    expect(run(new PreStepNormaliser(), grown, "plan").append).toEqual([]);
  });

  it("stats describe what was appended", () => {
    const r = run(new PreStepNormaliser(), [userText("x")], "auto");
    expect(r.stats.messageCount).toBe(1);
    expect(r.stats.reminders).toEqual([
      { source: "mode", bytes: canonicalJson(r.append[0]!.message).length },
    ]);
  });
});
