/**
 * The mock provider: an offline HTTP server speaking the Anthropic Messages and OpenAI Chat
 * Completions APIs with a simulated prompt cache, a scripted model and a demo model.
 * See docs/mock-provider.md.
 */
export {
  type AnthropicCacheUsage,
  CacheSimulator,
  type CacheSimulatorOptions,
  type PromptBlock,
} from "./cache-simulator.js";
export { DemoModel } from "./demo-model.js";
export { anthropicPromptBlocks, openaiPromptBlocks, sumTokens } from "./prompt-blocks.js";
export type { MockFault, MockModel, MockReply, MockToolCall } from "./reply.js";
export {
  loadMockScript,
  type MockScript,
  MockScriptSchema,
  parseMockScript,
  type ValidMockScript,
} from "./script.js";
export { EXHAUSTED_TEXT, ScriptedModel } from "./scripted-model.js";
export { type MockServer, type MockServerOptions, startMockServer } from "./server.js";
