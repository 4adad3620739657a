/** `/model [id]`: show the provider, model and window; with an id, start a new session on that model. */
import type { SlashCommand } from "./slash-command.js";

export const modelCommand: SlashCommand = {
  name: "model",
  args: "[id]",
  description: "show the model, or switch to another (starts a new session)",
  async run(args, ctx) {
    const wanted = args.trim();
    if (wanted === "") {
      const m = ctx.model();
      const lines = [`provider ${m.provider}, model ${m.model}, context window ${m.window} tokens`];
      if (m.mockFallback) lines.push(MOCK_HINT);
      ctx.print({ kind: "notice", tone: "info", text: lines.join("\n") });
      return;
    }
    await ctx.switchModel(wanted);
  },
};

export const MOCK_HINT =
  "No provider is configured, so Picasso is running on its built-in mock model (offline, scripted). " +
  "For a real model: export ANTHROPIC_API_KEY=… (or OPENAI_API_KEY with --provider openai), or point " +
  "OPENAI_BASE_URL at a local OpenAI-compatible server (e.g. http://localhost:11434/v1) with --provider openai.";
