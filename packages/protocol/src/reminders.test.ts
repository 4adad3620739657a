import { describe, expect, it } from "vitest";
import { formatReminder, parseReminder, remindersInText, withoutReminders } from "./reminders.js";

describe("reminder markup", () => {
  it("reads back what it writes, whole or after the user's text", () => {
    const written = formatReminder("goal-round", "Goal round 2 of 5. Objective: x Done when: y.");
    expect(written).toBe(
      '<system-reminder source="goal-round">\nGoal round 2 of 5. Objective: x Done when: y.\n</system-reminder>',
    );
    expect(parseReminder(written)).toEqual({
      source: "goal-round",
      body: "Goal round 2 of 5. Objective: x Done when: y.",
    });
    const mixed = `fix the bug\n\n${formatReminder("goal", "Goal mode.")}\n${formatReminder("mode", "plan\nmode")}`;
    expect(parseReminder(mixed)).toBeUndefined();
    expect(remindersInText(mixed)).toEqual([
      { source: "goal", body: "Goal mode." },
      { source: "mode", body: "plan\nmode" },
    ]);
    expect(withoutReminders(mixed)).toBe("fix the bug");
  });

  it("reads a reminder written on one line by older goal rounds", () => {
    const old = '<system-reminder source="goal-round">Goal round 2 of 5. Objective: x</system-reminder>';
    expect(parseReminder(old)).toEqual({ source: "goal-round", body: "Goal round 2 of 5. Objective: x" });
    expect(withoutReminders(`a ${old}`)).toBe("a");
  });

  it("is not fooled by text that only looks like a reminder", () => {
    expect(parseReminder('<system-reminder source="">x</system-reminder>')).toBeUndefined();
    expect(remindersInText("<system-reminder>no source</system-reminder>")).toEqual([]);
  });
});
