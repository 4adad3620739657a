/**
 * What a round's lane is told besides the prompt (its task): agent-scoped `brief` blocks of its
 * first message, never Tier 1 nor another lane.
 * - `ralph:loop` — the loop's rules: the round, the budget, what ends the loop (the check command
 *   that runs after the round, or goal_done / goal_blocked through tool_call);
 * - `ralph:carry` — from round 2 on: the previous round's report (its last 4,000 characters) and the
 *   check's result and output tail. Nothing else of earlier rounds carries over: each round is a
 *   fresh lane whose history starts here.
 */
import type { LaneBrief } from "@picasso/protocol";
import type { RalphSpec } from "./ralph-spec.js";

export const CARRY_REPORT_CHARS = 4_000;

/** What the previous round left for the next one. */
export interface RoundCarry {
  round: number;
  report: string;
  check?: { passed: boolean; exitCode: number | null; ended?: string; tail: string };
}

export function roundBrief(spec: RalphSpec, round: number, carry: RoundCarry | undefined): LaneBrief[] {
  const blocks: LaneBrief[] = [{ source: "ralph:loop", text: loopRules(spec, round) }];
  if (carry) blocks.push({ source: "ralph:carry", text: carryText(carry) });
  return blocks;
}

function loopRules(spec: RalphSpec, round: number): string {
  const ends =
    spec.until === "check"
      ? `After you stop, the loop runs the check \`${spec.checkCommand}\`; exit code 0 ends the loop, anything else starts another round.`
      : `When the task is fully done, call tool_call({name: "goal_done", arguments: {evidence}}) and end your turn${spec.checkCommand ? `; the check \`${spec.checkCommand}\` must pass too` : ""}.`;
  return [
    `Ralph loop, round ${round} of at most ${spec.maxRounds}: the same prompt is re-run with fresh context each round; only a short summary of the previous round carries over, so leave the work in the files.`,
    ends,
    'If something you cannot resolve blocks the task, call tool_call({name: "goal_blocked", arguments: {reason, needs}}) instead of repeating a failing step.',
    "End with a short report: what you changed, what is left.",
  ].join(" ");
}

function carryText(carry: RoundCarry): string {
  const report = tail(carry.report.trim(), CARRY_REPORT_CHARS) || "(no report)";
  const lines = [`Round ${carry.round}'s report:`, report];
  if (carry.check) {
    const how = carry.check.ended ? carry.check.ended : `exit code ${carry.check.exitCode}`;
    lines.push(
      "",
      `The check ${carry.check.passed ? "passed" : "failed"} after round ${carry.round} (${how}). Its output's end:`,
      carry.check.tail || "(no output)",
    );
  }
  return lines.join("\n");
}

/** The last `max` characters of `text`, marked when cut. */
export function tail(text: string, max: number): string {
  return text.length <= max ? text : `[…]${text.slice(text.length - max)}`;
}
