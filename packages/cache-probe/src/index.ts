/**
 * @picasso/cache-probe — proves the prompt-cache prefix never breaks and measures what it saves.
 * See docs/cache-probe.md.
 *
 * Exported on purpose: what `picasso probe` loads (apps/cli/src/commands/probe.ts); and, as
 * `@picasso/cache-probe/scenarios`, the scenarios' workspaces (apps/cli's acceptance tests run
 * the `claude-setup` workspace on every surface). Everything else is internal; this package's
 * tests and benches import it from its modules.
 */
export { writeBaselineReport } from "./baseline-markdown.js";
export type { ProbeReport } from "./probe-report.js";
export { renderReport } from "./render-report.js";
export { type ProbeOptions, runProbe } from "./run-probe.js";
