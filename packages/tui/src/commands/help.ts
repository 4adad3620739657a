/** `/help`: the keys and every slash command with its arguments. */
import type { SlashCommand } from "./slash-command.js";

export const KEY_HELP = [
  "Enter send · Alt+Enter or Ctrl+J new line (or end a line with \\) · ↑/↓ history",
  "Tab complete @path or /command · Shift+Tab mode default → plan → auto",
  "Esc interrupt the running step · Ctrl+O expand the last long output",
  "Ctrl+C twice exit · Ctrl+D on an empty prompt exit",
];

export const helpCommand: SlashCommand = {
  name: "help",
  description: "keys and slash commands",
  run(_args, ctx) {
    const commands = ctx
      .commands()
      .map((c) => `  /${c.name}${c.args ? ` ${c.args}` : ""} — ${c.description}`);
    ctx.print({
      kind: "notice",
      tone: "info",
      text: ["Keys:", ...KEY_HELP.map((l) => `  ${l}`), "Commands:", ...commands].join("\n"),
    });
  },
};
