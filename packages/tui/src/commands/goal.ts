/**
 * `/goal <objective> [--max-rounds N]`: goal rounds in the TUI, as `picasso -p … --goal` runs them
 * headless — the objective becomes the session's goal and is re-entered round after round until
 * the model calls goal_done or goal_blocked, a round is interrupted (Esc) or fails, or the rounds
 * run out (default 5, at most 100). `/goal` alone shows the current goal.
 */
import type { SlashCommand } from "./slash-command.js";

const MAX_ROUNDS_FLAG = /(?:^|\s)--max-rounds(?:(?:=|\s+)(\S*))?\s*$/;

export function parseGoalArgs(args: string): { objective: string; maxRounds: number } | { error: string } {
  let text = args.trim();
  let maxRounds = 5;
  const flag = MAX_ROUNDS_FLAG.exec(text);
  if (flag) {
    const n = Number(flag[1]);
    if (!flag[1] || !Number.isInteger(n) || n < 1 || n > 100)
      return { error: `--max-rounds: expected a whole number from 1 to 100, got "${flag[1] ?? ""}"` };
    maxRounds = n;
    text = text.slice(0, flag.index).trim();
  }
  if (text === "")
    return { error: "give the objective: /goal <what must be true when done> [--max-rounds N]" };
  return { objective: text, maxRounds };
}

export const goalCommand: SlashCommand = {
  name: "goal",
  args: "<objective> [--max-rounds N]",
  description: "work on an objective round after round until it is done or blocked",
  async run(args, ctx) {
    if (args.trim() === "") {
      const status = ctx.goalStatus();
      ctx.print(
        status === undefined
          ? { kind: "notice", tone: "info", text: "/goal: this surface has no goals" }
          : {
              kind: "expanded",
              title: "goal",
              text: `${status}\n\nStart one: /goal <objective> [--max-rounds N]`,
            },
      );
      return;
    }
    const parsed = parseGoalArgs(args);
    if ("error" in parsed) {
      ctx.print({ kind: "notice", tone: "warn", text: `/goal: ${parsed.error}` });
      return;
    }
    if (!(await ctx.runGoal(parsed.objective, parsed.maxRounds)))
      ctx.print({ kind: "notice", tone: "info", text: "/goal: this surface has no goals" });
  },
};
