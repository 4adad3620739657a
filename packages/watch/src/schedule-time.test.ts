/** When a scheduled prompt is due: seconds from now, an ISO time, or the next such time of day. */
import { describe, expect, it } from "vitest";
import { dueTime } from "./schedule-time.js";

const at = (local: string) => new Date(local).getTime();

describe("dueTime", () => {
  const now = at("2026-12-03T17:00:00"); // local time

  it("counts in_seconds from now", () => {
    expect(dueTime(90, undefined, now)).toBe(now + 90_000);
  });

  it("takes a time of day as today's, or tomorrow's once it has passed", () => {
    expect(dueTime(undefined, "18:30", now)).toBe(at("2026-12-03T18:30:00"));
    expect(dueTime(undefined, "18:30:15", now)).toBe(at("2026-12-03T18:30:15"));
    expect(dueTime(undefined, "16:59", now)).toBe(at("2026-12-04T16:59:00"));
    expect(() => dueTime(undefined, "24:00", now)).toThrow(/"at" must be an ISO/);
  });

  it("takes an ISO date-time no more than 24 hours ahead and not past", () => {
    const iso = new Date(now + 3_600_000).toISOString();
    expect(dueTime(undefined, iso, now)).toBe(now + 3_600_000);
    expect(() => dueTime(undefined, new Date(now - 1000).toISOString(), now)).toThrow(/has passed/);
    expect(() => dueTime(undefined, new Date(now + 25 * 3_600_000).toISOString(), now)).toThrow(
      /more than 24 hours/,
    );
    expect(() => dueTime(undefined, "2026-13-45T99:00", now)).toThrow(/"at" must be an ISO/);
  });

  it("wants exactly one of in_seconds and at", () => {
    expect(() => dueTime(undefined, undefined, now)).toThrow(/exactly one/);
    expect(() => dueTime(5, "18:30", now)).toThrow(/exactly one/);
  });
});
