/**
 * The probe's clock, one owner for both sides of "time passes": the session's `now` (its session
 * facts carry the date) starts at `FIXED_NOW`, so a scenario's facts are the same bytes on every
 * run; the mock server's cache clock is the wall clock, so TTLs run as they do for a real
 * provider. `nextDay()` moves both forward 24 hours — the next session's date is the next day and
 * every entry the provider cached has expired, as it would overnight.
 */
import { FIXED_NOW } from "./scenario-driver.js";

export const DAY_MS = 24 * 3_600_000;

export class ProbeClock {
  private offsetMs = 0;

  /** The session's clock (session facts, memories). */
  readonly sessionNow = (): Date => new Date(FIXED_NOW.getTime() + this.offsetMs);

  /** The mock provider's cache clock, in milliseconds. */
  readonly cacheNow = (): number => Date.now() + this.offsetMs;

  nextDay(): void {
    this.offsetMs += DAY_MS;
  }
}
