/**
 * @picasso/hooks — the hooks extension: the user's commands run on lifecycle events with Claude
 * Code's contract (docs/hooks.md); project hooks only once approved.
 */
export { DEFAULT_TIMEOUT_SECONDS, HOOK_EVENTS, type HookEvent } from "./hook-config.js";
export {
  loadHooks,
  PROJECT_HOOK_FILES,
  type ProjectHookFile,
  reviewProjectHookFiles,
} from "./hook-sources.js";
export { createHooksExtension, HOOKS_EXTENSION, type HooksOptions } from "./hooks-extension.js";
