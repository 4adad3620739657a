/**
 * `@picasso/engine/replay`: a resumed session's replay and the conversation the surfaces show of
 * it (shown-replay.ts) — light (no schema library, no tool scheduling), for the TUI's first screen
 * and ACP's `session/load`.
 */
export type { ReplayEntry } from "./lane-replay.js";
export { type ShownReplayItem, shownReplay, type ToolOutcome } from "./shown-replay.js";
