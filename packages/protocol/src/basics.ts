/**
 * `@picasso/protocol/basics`: the parts of protocol that need no schema library — errors,
 * permission modes, a text's lines, canonical JSON and hashes, the exhaustiveness check, the interrupted-call
 * text, the held secrets (taken out of the environment at start-up) and their redaction, the start-up trace, a turn input as shown.
 * Start-up paths (the CLI before its first frame, the TUI's first render) import these from
 * here, so they do not load zod; everything is also exported from the package's main entry.
 */
export { assertNever } from "./assert-never.js";
export { byteLength, canonicalJson, sha1, sha256 } from "./canonical.js";
export { isUserError, UserError } from "./errors.js";
export {
  containsHeldSecret,
  holdProviderSecret,
  isProviderSecretName,
  redactHeldSecrets,
  withHeldProviderSecrets,
} from "./held-secrets.js";
export { INTERRUPTED_RESULT, UNKNOWN_OUTCOME_RESULT } from "./interrupted.js";
export { isPermissionMode, PERMISSION_MODES, type PermissionMode } from "./permission-modes.js";
export { type ShownTurnInput, shownTurnInput } from "./shown-turn-input.js";
export {
  holdEventLoopUntilReady,
  markStartup,
  STARTUP_STAGES,
  type StartupStage,
  type StartupStageTime,
  startupStages,
  writeStartupTrace,
} from "./startup-trace.js";
export { splitLines } from "./text-lines.js";
