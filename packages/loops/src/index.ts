/**
 * @picasso/loops — the loops extension: ralph loops re-run one prompt with fresh context, round
 * after round, until a check command passes or a round calls goal_done (docs/ralph.md).
 */
export { createLoopsExtension, type LoopsExtension } from "./loops-extension.js";
export type { RalphLoopsOptions } from "./ralph-loops.js";
