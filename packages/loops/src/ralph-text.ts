/**
 * How ralph loops read to people and to the model: one line per loop, its rounds, how it ended
 * (`ralph_status`, `/ralph`, the `/context` panel, the wake notice when a loop ends).
 */
import type { PanelRow } from "@picasso/protocol";
import { tail } from "./ralph-brief.js";
import type { RalphEndReason, RalphLoop, RalphRound } from "./ralph-loop.js";

const WHY: Record<RalphEndReason, string> = {
  check_passed: "the check passed",
  goal_done: "a round called goal_done",
  blocked: "a round called goal_blocked",
  max_rounds: "out of rounds",
  max_seconds: "out of time",
  stopped: "stopped",
  error: "failed",
};

export function loopLine(loop: RalphLoop): string {
  const state = loop.end ? `ended: ${WHY[loop.end.reason]}` : "running";
  const seconds = ((Date.now() - loop.startedAt) / 1000).toFixed(1);
  return `${loop.id} · ${state} · round ${loop.rounds.length} of ${loop.spec.maxRounds} · ${seconds} s · ${until(loop)} · ${preview(loop.spec.prompt)}`;
}

function until(loop: RalphLoop): string {
  return loop.spec.until === "check"
    ? `until \`${preview(loop.spec.checkCommand ?? "", 40)}\` exits 0`
    : "until goal_done";
}

export function roundLine(round: RalphRound): string {
  const parts = [`round ${round.round} (${round.lane}): ${round.status}`];
  if (round.goal) parts.push(`goal_${round.goal.kind}: ${preview(round.goal.text, 80)}`);
  if (round.check)
    parts.push(
      `check ${round.check.passed ? "passed" : "failed"} (${round.check.ended ?? `exit ${round.check.exitCode}`})`,
    );
  if (round.tokens > 0) parts.push(`${round.tokens} tokens`);
  return parts.join(" · ");
}

/** The whole state of one loop: its line, its rounds, the last round's report and check output. */
export function describeLoop(loop: RalphLoop): string {
  const lines = [loopLine(loop), ...loop.rounds.map((r) => `  ${roundLine(r)}`)];
  if (loop.end?.message)
    lines.push(`${loop.end.reason === "blocked" ? "Blocker" : "Note"}: ${loop.end.message}`);
  const last = loop.rounds.filter((r) => r.status !== "running").at(-1);
  if (last?.report) lines.push("", `Round ${last.round}'s report:`, tail(last.report.trim(), 2_000));
  if (last?.check) lines.push("", "The check's output (end):", last.check.tail || "(no output)");
  return lines.join("\n");
}

/** The notice that wakes the session when a loop ends. */
export function endNotice(loop: RalphLoop): string {
  const why = loop.end ? WHY[loop.end.reason] : "running";
  return `Ralph loop ${loop.id} ended (${why}) after ${loop.rounds.length} round${loop.rounds.length === 1 ? "" : "s"}. ralph_status {"id": "${loop.id}"} shows each round.\n\n${describeLoop(loop)}`;
}

export function panelRows(loops: readonly RalphLoop[]): PanelRow[] {
  return loops.flatMap((loop) => [
    {
      label: loop.id,
      value: loopLine(loop).slice(loop.id.length + 3),
      tone: !loop.end
        ? ("normal" as const)
        : loop.end.reason === "check_passed" || loop.end.reason === "goal_done"
          ? ("ok" as const)
          : ("warn" as const),
    },
    ...loop.rounds.map((r) => ({
      label: `round ${r.round}`,
      value: roundLine(r).replace(/^round \d+ /, ""),
      level: 1 as const,
    })),
  ]);
}

function preview(text: string, max = 60): string {
  const one = text.replace(/\s+/g, " ").trim();
  return one.length <= max ? one : `${one.slice(0, max - 1)}…`;
}
