/**
 * `/sandbox`: what the command sandbox allows and refuses on this machine, checked live by the
 * surface (the same checks as `picasso sandbox check`).
 */
import type { SlashCommand } from "./slash-command.js";

export const sandboxCommand: SlashCommand = {
  name: "sandbox",
  description: "what commands may do here: the sandbox, checked with real commands",
  async run(_args, ctx) {
    ctx.print({ kind: "notice", tone: "info", text: "/sandbox: checking…" });
    const text = await ctx.sandboxReport();
    ctx.print(
      text === undefined
        ? { kind: "notice", tone: "info", text: "/sandbox: this surface cannot check the sandbox" }
        : { kind: "expanded", title: "sandbox", text: text.trimEnd() },
    );
  },
};
