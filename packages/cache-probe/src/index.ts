/**
 * @picasso/cache-probe — proves the prompt-cache prefix never breaks and measures what it saves.
 * See docs/cache-probe.md.
 */
export * from "./baseline-markdown.js";
export * from "./drop-check.js";
export * from "./first-turn-baseline.js";
export * from "./prefix-diff.js";
export * from "./probe-recorder.js";
export * from "./probe-report.js";
export * from "./probe-session.js";
export * from "./probe-step.js";
export * from "./render-report.js";
export * from "./request-fingerprint.js";
export * from "./run-probe.js";
export * from "./run-scenario.js";
export * from "./scenarios/index.js";
export * from "./tier1-tokens.js";
export * from "./wire-check.js";
