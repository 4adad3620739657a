/**
 * Summing usage across steps. A field no step reported stays `undefined` — a sum of "not
 * reported" is still "not reported", never 0 by guess.
 */
import type { Usage } from "@picasso/protocol";

const FIELDS = [
  "inputTokens",
  "outputTokens",
  "cacheReadTokens",
  "cacheWriteTokens",
  "cacheWrite5mTokens",
  "cacheWrite1hTokens",
] as const satisfies readonly (keyof Usage)[];

export function addUsage(a: Usage, b: Usage): Usage {
  const out: Usage = {};
  for (const field of FIELDS) {
    const x = a[field];
    const y = b[field];
    if (x === undefined && y === undefined) continue;
    out[field] = (x ?? 0) + (y ?? 0);
  }
  return out;
}

/** Tokens of the whole prompt as the provider counted it, or undefined if it reported no input. */
export function promptTokens(usage: Usage): number | undefined {
  if (usage.inputTokens === undefined && usage.cacheReadTokens === undefined) return undefined;
  return (usage.inputTokens ?? 0) + (usage.cacheReadTokens ?? 0) + (usage.cacheWriteTokens ?? 0);
}
