/**
 * Tier-1 tokens as the provider counts them, through the official Anthropic SDK's
 * `messages.countTokens`: the count of Tier 1 plus a one-character message, minus the count of
 * that message alone. Against the mock the count is the simulated cache's own estimate (exact);
 * against the real API it is the API's estimate. Free of charge either way (no model call).
 */
import Anthropic from "@anthropic-ai/sdk";
import type { ModelRequest } from "@picasso/protocol";

export async function countTier1Tokens(args: {
  baseUrl?: string;
  apiKey: string;
  model: string;
  request: Pick<ModelRequest, "tools" | "system">;
}): Promise<number> {
  const client = new Anthropic({
    apiKey: args.apiKey,
    maxRetries: 2,
    ...(args.baseUrl ? { baseURL: args.baseUrl } : {}),
  });
  const messages: Anthropic.MessageParam[] = [{ role: "user", content: "." }];
  const tools = args.request.tools.map((t) => ({
    name: t.name,
    description: t.description,
    input_schema: t.inputSchema as Anthropic.Tool.InputSchema,
  }));
  const system = args.request.system.map((b) => ({ type: "text" as const, text: b.text }));
  const [full, alone] = await Promise.all([
    client.messages.countTokens({
      model: args.model,
      messages,
      ...(tools.length ? { tools } : {}),
      ...(system.length ? { system } : {}),
    }),
    client.messages.countTokens({ model: args.model, messages }),
  ]);
  return Math.max(0, full.input_tokens - alone.input_tokens);
}
