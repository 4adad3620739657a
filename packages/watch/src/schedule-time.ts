/**
 * When a scheduled prompt is due: `in_seconds` from now (1 s … 24 h), or `at` — an ISO date-time
 * (`2026-12-03T18:30:00Z`, `2026-12-03T18:30`) or a time of day (`18:30`, `18:30:15`, local
 * time: today, or tomorrow when that time has passed) — no more than 24 h ahead and not past.
 * Exactly one of them. A mistake is one `ToolInputError` naming the field.
 */
import { ToolInputError } from "@picasso/tools";

export const MAX_DELAY_SECONDS = 24 * 60 * 60;

const TIME_OF_DAY = /^([01]\d|2[0-3]):([0-5]\d)(?::([0-5]\d))?$/;

export function dueTime(inSeconds: number | undefined, at: string | undefined, now: number): number {
  if ((inSeconds === undefined) === (at === undefined))
    throw new ToolInputError('give exactly one of "in_seconds" or "at".');
  if (inSeconds !== undefined) return now + inSeconds * 1000;
  const text = (at ?? "").trim();
  const clock = TIME_OF_DAY.exec(text);
  let due: number;
  if (clock) {
    const day = new Date(now);
    day.setHours(Number(clock[1]), Number(clock[2]), Number(clock[3] ?? 0), 0);
    due = day.getTime() <= now ? day.getTime() + MAX_DELAY_SECONDS * 1000 : day.getTime();
  } else {
    due = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(text) ? Date.parse(text) : Number.NaN;
    if (Number.isNaN(due))
      throw new ToolInputError(
        `"at" must be an ISO date-time (2026-12-03T18:30:00Z) or a time of day (18:30); got "${text.slice(0, 40)}".`,
      );
    if (due <= now) throw new ToolInputError(`"at" (${text}) has passed; give a later time.`);
  }
  if (due - now > MAX_DELAY_SECONDS * 1000)
    throw new ToolInputError(`"at" (${text}) is more than 24 hours ahead; schedule at most 24 hours out.`);
  return due;
}
