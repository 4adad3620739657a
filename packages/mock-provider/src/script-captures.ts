/**
 * Captures in a script step's tool-call input: a string value written exactly `${/regex/flags}`
 * is replaced, when the step answers a request, by the regex's first capture group (or its whole
 * match) in the request's transcript — the text of every message, in order. A scripted model can
 * so use a value only the conversation knows, as a model reading it would: a tool_use id listed in
 * a compaction summary, for `history_read`. A regex that does not match leaves the string as
 * written (the tool then sees it and says so).
 */
const CAPTURE = /^\$\{\/(.*)\/([dimsuv]*)\}$/s;

/** `value` with every capture string replaced from `transcript` (objects and arrays walked). */
export function fillCaptures<T>(value: T, transcript: string): T {
  if (typeof value === "string") {
    const capture = CAPTURE.exec(value);
    if (!capture) return value;
    const found = new RegExp(capture[1] as string, capture[2]).exec(transcript);
    return (found ? (found[1] ?? found[0]) : value) as T;
  }
  if (Array.isArray(value)) return value.map((v) => fillCaptures(v, transcript)) as T;
  if (value && typeof value === "object")
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, fillCaptures(v, transcript)])) as T;
  return value;
}
