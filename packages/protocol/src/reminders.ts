/**
 * The reminder markup: `<system-reminder source="…">` text that Picasso adds to history (never
 * Tier 1) so the model, the log and the timelines can tell its words from the user's. One builder
 * and one reader for every writer — lean context's pre-step nudges, the goal rounds of every
 * surface, MCP notices — so what one part writes the others can read back:
 *
 *   <system-reminder source="goal-round">
 *   Goal round 2 of 5. Objective: …
 *   </system-reminder>
 *
 * A reminder may stand alone in a text block or follow the user's own text in it (a goal's first
 * round: the objective, a blank line, then the `goal` reminder).
 */

export interface ParsedReminder {
  source: string;
  body: string;
}

/** The reminder's text: the source in the tag, the body on its own lines. */
export function formatReminder(source: string, body: string): string {
  return `<system-reminder source="${source}">\n${body}\n</system-reminder>`;
}

// The reader also takes the body on the tag's own line, as goal rounds wrote it before
// 2026-12 (logs of that time still resume and replay).
const WHOLE = /^<system-reminder source="([^"]+)">\n?([\s\S]*?)\n?<\/system-reminder>$/;
const ANYWHERE = /<system-reminder source="([^"]+)">\n?([\s\S]*?)\n?<\/system-reminder>/g;

/** The reminder a text block is, when the whole block is one reminder. */
export function parseReminder(value: string): ParsedReminder | undefined {
  const match = WHOLE.exec(value);
  return match ? { source: match[1]!, body: match[2]! } : undefined;
}

/** Every reminder inside `value`, in order (a block may hold the user's text and reminders). */
export function remindersInText(value: string): ParsedReminder[] {
  return [...value.matchAll(ANYWHERE)].map((m) => ({ source: m[1]!, body: m[2]! }));
}

/** `value` with its reminders taken out, trimmed: what the user wrote. */
export function withoutReminders(value: string): string {
  return value.replace(ANYWHERE, "").trim();
}
