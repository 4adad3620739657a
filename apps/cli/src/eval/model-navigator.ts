/**
 * The configured model as a navigator for the navigation eval: it is given the task and one tool,
 * `tool_search` (the product's own schema), and answers with the name of the entry it chose.
 *
 * Per case a fresh conversation: the task as the user message; each `tool_search` call is one hop
 * (the eval answers it from the catalog under the budget and refuses past the hop limit); the
 * model's first reply without a tool call is its choice. A provider fault or more than
 * `maxSteps` replies ends the case with no choice. No clock or randomness of ours: with a
 * scripted mock model a run is reproducible.
 */
import { type CatalogAnswer, type Navigator, toolSearchSpec } from "@picasso/lean-context";
import {
  type ContentBlock,
  type Message,
  type ModelProvider,
  messageText,
  type ToolResultBlock,
  type ToolUseBlock,
  text,
  userMessage,
} from "@picasso/protocol";

const SYSTEM =
  "You find the one catalog entry (a tool, skill, MCP tool or doc) that does a task. Search the catalog with tool_search; an exact name returns an entry's full text. When you know the entry, reply with its exact name and nothing else; when no entry fits the task, reply none.";

export function modelNavigator(provider: ModelProvider, options: { maxSteps?: number } = {}): Navigator {
  const maxSteps = options.maxSteps ?? 6;
  return {
    name: `model (${provider.name} ${provider.model})`,
    async navigate(task, ask: (query: string) => Promise<CatalogAnswer>) {
      const messages: Message[] = [userMessage(text(`Task: ${task}`))];
      for (let step = 0; step < maxSteps; step++) {
        const reply = await complete(provider, messages);
        if (!reply) return undefined;
        messages.push({ role: "assistant", content: reply });
        const calls = reply.filter((b): b is ToolUseBlock => b.type === "tool_use");
        if (calls.length === 0) return messageText({ role: "assistant", content: reply }).trim() || undefined;
        const results: ToolResultBlock[] = [];
        for (const call of calls) {
          const query = typeof call.input.query === "string" ? call.input.query : "";
          const answer =
            call.name === toolSearchSpec.name
              ? (await ask(query)).text
              : `Only tool_search is available here.`;
          results.push({ type: "tool_result", toolUseId: call.id, content: answer });
        }
        messages.push(userMessage(...results));
      }
      return undefined;
    },
  };
}

async function complete(provider: ModelProvider, messages: Message[]): Promise<ContentBlock[] | undefined> {
  for await (const event of provider.stream({
    model: provider.model,
    tools: [toolSearchSpec],
    system: [{ id: "eval:navigator", text: SYSTEM }],
    messages,
    maxTokens: 1024,
    cacheBreakpoints: [],
  })) {
    if (event.type === "message_stop") return event.content;
    if (event.type === "error") return undefined;
  }
  return undefined;
}
