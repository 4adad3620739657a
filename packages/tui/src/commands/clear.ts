/** `/clear`: start a new session in this workspace (the old one stays resumable). */
import type { SlashCommand } from "./slash-command.js";

export const clearCommand: SlashCommand = {
  name: "clear",
  description: "start a new session (the current one can be resumed)",
  async run(_args, ctx) {
    await ctx.newSession();
  },
};
