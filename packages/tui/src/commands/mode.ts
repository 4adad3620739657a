/** `/mode [default|plan|auto]`: show or set the permission mode (Shift+Tab cycles it too). */
import { PermissionModeSchema } from "@picasso/protocol";
import type { SlashCommand } from "./slash-command.js";

const MODES = ["default", "plan", "auto"] as const;

export const modeCommand: SlashCommand = {
  name: "mode",
  args: "[default|plan|auto]",
  argChoices: MODES,
  description: "show or set the permission mode",
  run(args, ctx) {
    const wanted = args.trim();
    if (wanted === "") {
      ctx.print({ kind: "notice", tone: "info", text: `mode: ${ctx.mode()} (one of ${MODES.join(", ")})` });
      return;
    }
    const parsed = PermissionModeSchema.safeParse(wanted);
    if (!parsed.success) {
      ctx.print({
        kind: "notice",
        tone: "warn",
        text: `/mode: expected ${MODES.join(", ")}, got "${wanted}"`,
      });
      return;
    }
    ctx.setMode(parsed.data);
  },
};
