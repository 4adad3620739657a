/**
 * Reminders: user-role `<system-reminder source="…">` text blocks that Picasso appends to
 * history. The source names who appended it (`mode`, `plan-mode`, `stale-todos`, `goal-round`…)
 * so the model, the log and the timeline can tell it apart from the user's own words, and so
 * the normaliser can rebuild its state from history alone. The markup itself (its one builder
 * and reader) is @picasso/protocol's reminders.ts.
 */
import {
  formatReminder,
  type Message,
  type ParsedReminder,
  parseReminder,
  type TextBlock,
  text,
  userMessage,
} from "@picasso/protocol";

export const REMINDER_SOURCES = {
  mode: "mode",
  planMode: "plan-mode",
  staleTodos: "stale-todos",
  /** Appended by a goal loop at the start of each round; a new round counts as moving on. */
  goalRound: "goal-round",
} as const;

export function reminderMessage(source: string, body: string): Message {
  return userMessage(text(formatReminder(source, body)));
}

/**
 * The reminders a message carries: its user-role text blocks that are each one whole reminder (text
 * the user typed or a tool returned is never read as Picasso's).
 */
export function remindersIn(message: Message): ParsedReminder[] {
  if (message.role !== "user") return [];
  return message.content
    .filter((b): b is TextBlock => b.type === "text")
    .map((b) => parseReminder(b.text))
    .filter((r): r is ParsedReminder => r !== undefined);
}

/** Index of the last message carrying a reminder from `source`, or -1. */
export function lastReminderIndex(messages: readonly Message[], source: string, from = 0): number {
  for (let i = messages.length - 1; i >= from; i--)
    if (remindersIn(messages[i]!).some((r) => r.source === source)) return i;
  return -1;
}
