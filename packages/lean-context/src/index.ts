/**
 * @picasso/lean-context — the byte-stable Tier 1, the pre-step normaliser and ContextStats, as a
 * plugin on the engine's hooks. Exported on purpose: what surfaces, the cache-probe (benches too)
 * and the CLI use. The timeline fold is `@picasso/lean-context/timeline`.
 */
export type { Composition } from "./composition/compose.js";
export { loadComposition } from "./composition/load-composition.js";
export { TOOL_CALL, TOOL_SEARCH } from "./gateways/gateway-specs.js";
export { loadInstructionFiles } from "./instructions/instruction-files.js";
export { createLeanContextPlugin, type LeanContextOptions, type LeanContextPlugin } from "./plugin.js";
export { inspectWorkspace } from "./report/inspect-workspace.js";
export { renderContextReport } from "./report/render-context-report.js";
export { assembleTier1, type Tier1Input } from "./tier1/assemble-tier1.js";
export { assembleEagerBaseline } from "./tier1/eager-baseline.js";
