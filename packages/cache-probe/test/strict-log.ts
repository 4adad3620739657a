/**
 * Log lines that fail the strict v2 schema (an undeclared key, a wrong type), each with its first
 * issue: every scenario test checks the log its run wrote with it.
 */
import { StrictLogEventSchema } from "@picasso/protocol/schemas";

export function strictProblems(lines: readonly string[]): string[] {
  return lines.flatMap((line, i) => {
    const parsed = StrictLogEventSchema.safeParse(JSON.parse(line));
    return parsed.success ? [] : [`line ${i + 1}: ${JSON.stringify(parsed.error.issues[0])}`];
  });
}
