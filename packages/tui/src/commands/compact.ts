/** `/compact`: summarise older history into one message now (the log keeps the originals). */
import type { SlashCommand } from "./slash-command.js";

export const compactCommand: SlashCommand = {
  name: "compact",
  description: "summarise older history to free context",
  async run(_args, ctx) {
    await ctx.compact();
  },
};
