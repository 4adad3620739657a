export * from "./canonical.js";
export * from "./content.js";
export * from "./errors.js";
export * from "./jsonl.js";
export * from "./log-events.js";
export type { ModelProvider, StreamOptions } from "./model-provider.js";
export * from "./plugin.js";
export * from "./request.js";
export * from "./tokens.js";
