/**
 * The mock provider: an offline HTTP server speaking the Anthropic Messages and OpenAI Chat
 * Completions APIs with a simulated prompt cache, a scripted model and a demo model, and
 * `createMockProvider` for `--provider mock`. See docs/mock-provider.md. The script reader
 * (script.ts: yaml and zod) is not exported here: the server loads it when it is given a script.
 */

export { type ImageSeen, requestImages } from "./conversation.js";
export {
  createMockProvider,
  type MockAdapterFactory,
  type MockProviderChoice,
} from "./create-mock-provider.js";
export { EMBEDDING_DIMS, mockEmbedding } from "./embeddings-route.js";
export type { MockScript } from "./script.js";
export { type MockServer, type MockServerOptions, startMockServer } from "./server.js";
