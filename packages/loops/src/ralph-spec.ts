/**
 * What a ralph loop is asked to do (`ralph_start`'s input), checked once: the prompt every round
 * re-runs, what ends it, and its budgets. The rules, each broken one a one-line error naming the
 * field (`ToolInputError`):
 * - `prompt`: not blank, at most 16,000 characters;
 * - `check_command`: not blank, at most 1,000 characters; runs after every round as `bash` runs
 *   a command, in the folder `ralph_start` was called from;
 * - `until`: `check` (default with a check_command: done when it exits 0) or `goal_done` (default
 *   without one: done when a round calls goal_done; with a check_command too, only once the check
 *   also passes after that round); `check` without a check_command is refused;
 * - `max_rounds` 1–50 (default 5), `max_steps` 1–200 per round (the session's subagent limit caps
 *   it), `max_seconds` 10–86,400 over the whole loop, `check_timeout_ms` 1,000–600,000 (default 120,000).
 */
import { optionalInteger, optionalString, requiredString, ToolInputError } from "@picasso/tools";

export const DEFAULT_MAX_ROUNDS = 5;
export const MAX_ROUNDS = 50;
export const MAX_PROMPT_CHARS = 16_000;
export const MAX_CHECK_CHARS = 1_000;
export const DEFAULT_CHECK_TIMEOUT_MS = 120_000;

export type RalphUntil = "check" | "goal_done";

export interface RalphSpec {
  prompt: string;
  until: RalphUntil;
  checkCommand?: string;
  checkTimeoutMs: number;
  maxRounds: number;
  maxSteps?: number;
  maxSeconds?: number;
  /** Absolute folder the check runs in (the caller's working folder). */
  cwd: string;
}

export function parseRalphSpec(input: Record<string, unknown>, cwd: string): RalphSpec {
  const prompt = requiredString(input, "prompt").trim();
  if (prompt === "") throw new ToolInputError('"prompt" must not be blank.');
  if (prompt.length > MAX_PROMPT_CHARS)
    throw new ToolInputError(`"prompt" is ${prompt.length} characters; keep it under ${MAX_PROMPT_CHARS}.`);
  const checkCommand = optionalString(input, "check_command")?.trim();
  if (checkCommand === "")
    throw new ToolInputError('"check_command" must not be blank; leave it out for goal_done.');
  if (checkCommand !== undefined && checkCommand.length > MAX_CHECK_CHARS)
    throw new ToolInputError(
      `"check_command" is longer than ${MAX_CHECK_CHARS} characters; put it in a script.`,
    );
  const until = optionalString(input, "until") ?? (checkCommand !== undefined ? "check" : "goal_done");
  if (until !== "check" && until !== "goal_done")
    throw new ToolInputError('"until" must be "check" or "goal_done".');
  if (until === "check" && checkCommand === undefined)
    throw new ToolInputError('"until": "check" needs a "check_command" (its exit code 0 ends the loop).');
  const maxSteps = optionalInteger(input, "max_steps", 1, 200);
  const maxSeconds = optionalInteger(input, "max_seconds", 10, 86_400);
  return {
    prompt,
    until,
    ...(checkCommand !== undefined ? { checkCommand } : {}),
    checkTimeoutMs: optionalInteger(input, "check_timeout_ms", 1_000, 600_000) ?? DEFAULT_CHECK_TIMEOUT_MS,
    maxRounds: optionalInteger(input, "max_rounds", 1, MAX_ROUNDS) ?? DEFAULT_MAX_ROUNDS,
    ...(maxSteps !== undefined ? { maxSteps } : {}),
    ...(maxSeconds !== undefined ? { maxSeconds } : {}),
    cwd,
  };
}
