/** `/mode [default|plan|auto]`: show or set the permission mode (Shift+Tab cycles it too). */
import { isPermissionMode, PERMISSION_MODES as MODES } from "@picasso/protocol/basics";
import type { SlashCommand } from "./slash-command.js";

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
    if (!isPermissionMode(wanted)) {
      ctx.print({
        kind: "notice",
        tone: "warn",
        text: `/mode: expected ${MODES.join(", ")}, got "${wanted}"`,
      });
      return;
    }
    ctx.setMode(wanted);
  },
};
