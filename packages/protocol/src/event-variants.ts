/**
 * How a session-event variant is declared (session-events.ts `EVENT_RULES` and the extension
 * families' rules in family-events.ts): its fields, the fields it streams but does not write, and
 * whether it is logged or live only.
 */
import { z } from "zod";

/** A byte or token count. */
export const Size = z.number().int().nonnegative();

export type Persist = "log" | "live";
export interface Variant<P extends Persist, F extends z.ZodRawShape, L extends z.ZodRawShape> {
  persist: P;
  /** Fields of the event; for a `log` variant, the ones written to the log. */
  fields: F;
  /** Fields a `log` variant streams but does not write. */
  live: L;
}

export function logged<F extends z.ZodRawShape, L extends z.ZodRawShape = Record<never, never>>(
  fields: F,
  live?: L,
): Variant<"log", F, L> {
  return { persist: "log", fields, live: (live ?? {}) as L };
}
export function liveOnly<F extends z.ZodRawShape>(fields: F): Variant<"live", F, Record<never, never>> {
  return { persist: "live", fields, live: {} };
}
