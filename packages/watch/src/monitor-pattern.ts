/**
 * A monitor's pattern: a JavaScript regular expression the model writes, tested against every
 * line a monitor sees. The model's input is hostile, so it is capped (200 characters), must
 * compile, and may not nest quantifiers (`(a+)+`, `(x*)*`: the
 * classic catastrophic backtracking); lines are capped too (line-splitter.ts). A bad pattern is
 * one `ToolInputError` naming the field and what to do.
 */
import { ToolInputError } from "@picasso/tools";

export const MAX_PATTERN_CHARS = 200;

// A group holding a quantifier, itself quantified: `(…+…)*`, `(…*…){2,}`…
const NESTED_QUANTIFIER = /\((?:[^()\\]|\\.)*[+*}](?:[^()\\]|\\.)*\)\s*(?:[+*]|\{\d*,\d*\})/;

export function compileMonitorPattern(pattern: string, ignoreCase = false): RegExp {
  if (pattern.length === 0) throw new ToolInputError('"pattern" must not be empty.');
  if (pattern.length > MAX_PATTERN_CHARS)
    throw new ToolInputError(
      `"pattern" is ${pattern.length} characters; at most ${MAX_PATTERN_CHARS} — match a shorter, distinctive part of the line.`,
    );
  if (NESTED_QUANTIFIER.test(pattern))
    throw new ToolInputError(
      '"pattern" nests quantifiers (like (a+)+), which can take forever on a long line; write it without a repeated group.',
    );
  try {
    return new RegExp(pattern, ignoreCase ? "i" : "");
  } catch (error) {
    throw new ToolInputError(`"pattern" is not a valid regular expression: ${(error as Error).message}`);
  }
}
