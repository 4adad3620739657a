/**
 * The configured model as a navigator for the skill activation eval: per case a fresh, tool-less
 * request whose system prompt is the Tier-1 skill index (the exact text a session sends) and whose
 * user message is the task; the model answers with the one skill it would load first, or `none`.
 * A provider fault gives no choice (counted as no load). No clock or randomness of ours: with a
 * scripted mock model a run is reproducible.
 */
import type { SkillNavigator } from "@picasso/lean-context";
import { type ContentBlock, type ModelProvider, messageText, text, userMessage } from "@picasso/protocol";

const INSTRUCTIONS =
  "You decide which skill an agent loads before starting a task. Below is the skill index the agent sees. Reply with the exact name of the one skill to load first, or none when no skill fits the task — nothing else.";

export function skillModelNavigator(provider: ModelProvider): SkillNavigator {
  return {
    name: `model (${provider.name} ${provider.model})`,
    async choose(task, index) {
      const reply = await complete(provider, `${INSTRUCTIONS}\n\n${index.text}`, task);
      return reply ? messageText({ role: "assistant", content: reply }).trim() || undefined : undefined;
    },
  };
}

async function complete(
  provider: ModelProvider,
  system: string,
  task: string,
): Promise<ContentBlock[] | undefined> {
  for await (const event of provider.stream({
    model: provider.model,
    tools: [],
    system: [{ id: "eval:skills", text: system }],
    messages: [userMessage(text(`Task: ${task}`))],
    maxTokens: 64,
    cacheBreakpoints: [],
  })) {
    if (event.type === "message_stop") return event.content;
    if (event.type === "error") return undefined;
  }
  return undefined;
}
