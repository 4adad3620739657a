/**
 * What a turn's input shows of the user — for a resumed session's replay and the timelines, so
 * they show what the user typed and not the markup Picasso adds to it:
 *  1. `<system-reminder source="…">…</system-reminder>` blocks are Picasso's words: removed.
 *  2. Text left with a `source="goal"` reminder was a goal's first round: `{kind: "goal"}` with
 *     the objective the user gave to `/goal` (or `-p … --goal`).
 *  3. No text left and a `source="goal-round"` reminder naming its round: a later goal round,
 *     `{kind: "goal_round"}` with the round, the rounds at most and the objective.
 *  4. Otherwise the text left is the user's prompt (`{kind: "prompt"}`, possibly empty when the
 *     input held only reminders).
 * The goal reminders are written by `@picasso/surface`'s goal-rounds.ts with reminders.ts's
 * builder, and read here with its reader.
 */
import { remindersInText, withoutReminders } from "./reminders.js";

export type ShownTurnInput =
  | { kind: "prompt"; text: string }
  | { kind: "goal"; objective: string }
  | { kind: "goal_round"; round: number; maxRounds: number; objective: string };

const GOAL_ROUND = /Goal round (\d+) of (\d+)\. Objective: ([\s\S]*?) Done when:/;

export function shownTurnInput(input: string): ShownTurnInput {
  const reminders = remindersInText(input);
  const text = withoutReminders(input);
  if (text && reminders.some((r) => r.source === "goal")) return { kind: "goal", objective: text };
  const round = text ? undefined : reminders.find((r) => r.source === "goal-round");
  const parsed = round && GOAL_ROUND.exec(round.body);
  if (parsed)
    return {
      kind: "goal_round",
      round: Number(parsed[1]),
      maxRounds: Number(parsed[2]),
      objective: parsed[3]!.trim(),
    };
  return { kind: "prompt", text };
}

/** The input on one line as a person reads it: the prompt, `/goal <objective>`, or `goal round N of M: <objective>`. */
export function shownTurnInputText(input: string): string {
  const shown = shownTurnInput(input);
  switch (shown.kind) {
    case "prompt":
      return shown.text;
    case "goal":
      return `/goal ${shown.objective}`;
    case "goal_round":
      return `goal round ${shown.round} of ${shown.maxRounds}: ${shown.objective}`;
  }
}
