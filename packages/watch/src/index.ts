/**
 * @picasso/watch — the watch extension: monitors that wake the session when a workspace file, a
 * background job or a terminal prints a pattern, and scheduled follow-up prompts (docs/watch.md).
 */
export { createWatchExtension, type WatchExtension, type WatchOptions } from "./watch-extension.js";
export { watchFamily } from "./watch-family.js";
