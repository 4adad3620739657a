/** `/exit`: end the session and leave (same as Ctrl+C twice or Ctrl+D on an empty prompt). */
import type { SlashCommand } from "./slash-command.js";

export const exitCommand: SlashCommand = {
  name: "exit",
  description: "leave Picasso",
  run(_args, ctx) {
    ctx.exit();
  },
};
