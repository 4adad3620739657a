/** What the model is told for a tool call the user interrupted. */
export const INTERRUPTED_RESULT = "interrupted by the user";

/**
 * What the model is told, on resume, for a tool call the last run never answered — Picasso was
 * killed or crashed while it ran, so nobody knows what it did.
 */
export const UNKNOWN_OUTCOME_RESULT =
  "outcome unknown: Picasso stopped while this call ran (killed or crashed), so its result was never recorded; check what it did before relying on it";
