/**
 * @picasso/lean-context — the byte-stable Tier 1, the pre-step normaliser and ContextStats.
 * Pure apart from the thin loaders (patch files, instruction files, workspace discovery).
 */
export * from "./composition/compose.js";
export * from "./composition/load-composition.js";
export * from "./composition/patch-file.js";
export * from "./composition/settings.js";
export * from "./gateways/gateway-specs.js";
export * from "./gateways/gateway-tools.js";
export * from "./gateways/tool-catalog.js";
export * from "./gateways/validate-arguments.js";
export * from "./instructions/instruction-files.js";
export * from "./instructions/instruction-index.js";
export * from "./plugin.js";
export * from "./pre-step/dedupe.js";
export * from "./pre-step/pre-step-normaliser.js";
export * from "./pre-step/reminders.js";
export * from "./pre-step/stale-todos.js";
export * from "./report/context-report.js";
export * from "./report/inspect-workspace.js";
export * from "./report/render-context-report.js";
export * from "./sections/canonical-sections.js";
export * from "./sections/family-guidance.js";
export * from "./sections/plan-mode-section.js";
export * from "./session-facts.js";
export * from "./skills/skill-index.js";
export * from "./stats/context-stats.js";
export * from "./tier1/assemble-tier1.js";
export * from "./tier1/eager-baseline.js";
export * from "./tier1/tool-split.js";
export * from "./workspace.js";
