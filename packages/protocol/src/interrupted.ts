/** What the model is told for a tool call the user interrupted (or a crash cut off). */
export const INTERRUPTED_RESULT = "interrupted by the user";
