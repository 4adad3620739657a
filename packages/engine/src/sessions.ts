/**
 * `@picasso/engine/sessions`: where sessions live and whether the state folder is usable —
 * without loading the engine (no schema library, no tool scheduling). The CLI and the TUI use it
 * before their first frame; everything is also exported from the package's main entry.
 */
export { checkPicassoHome } from "./picasso-home.js";
export {
  defaultPicassoHome,
  listSessions,
  projectKey,
  projectSessionsDir,
  type SessionFile,
} from "./session-paths.js";
