export * from "./canonical.js";
export * from "./content.js";
export * from "./errors.js";
export * from "./jsonl.js";
export * from "./log-events.js";
export * from "./plugin.js";
export * from "./request.js";
export { estimateTokens, TOKEN_ESTIMATE_NOTE } from "./tokens.js";
