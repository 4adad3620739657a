/**
 * `/context`: the context inspector panel (categories, tokens, %, lean-context fields), paged to
 * the terminal's height until the user closes it.
 * `/context timeline`: the session's context timeline as bars per step, when the timeline fold is
 * available.
 */
import type { SlashCommand } from "./slash-command.js";

export const TIMELINE_UNAVAILABLE = "the context timeline is not available yet";

export const contextCommand: SlashCommand = {
  name: "context",
  args: "[timeline]",
  argChoices: ["timeline"],
  description: "what fills the context window; `timeline` for its history",
  async run(args, ctx) {
    if (args.trim() === "timeline") {
      const chart = await ctx.timeline();
      if (chart === undefined) ctx.print({ kind: "notice", tone: "info", text: TIMELINE_UNAVAILABLE });
      else ctx.showTimeline(chart);
      return;
    }
    if (args.trim() !== "") {
      ctx.print({
        kind: "notice",
        tone: "warn",
        text: `/context: unknown argument "${args.trim()}"; try /context or /context timeline`,
      });
      return;
    }
    ctx.showContext(await ctx.contextView());
  },
};
