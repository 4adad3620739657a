/**
 * `@picasso/protocol/basics`: the parts of protocol that need no schema library — errors,
 * permission modes, canonical JSON and hashes, the exhaustiveness check, the interrupted-call
 * text. Start-up paths (the CLI before its first frame, the TUI's first render) import these from
 * here, so they do not load zod; everything is also exported from the package's main entry.
 */
export { assertNever } from "./assert-never.js";
export { byteLength, canonicalJson, sha1, sha256 } from "./canonical.js";
export { isUserError, UserError } from "./errors.js";
export { INTERRUPTED_RESULT, UNKNOWN_OUTCOME_RESULT } from "./interrupted.js";
export { isPermissionMode, PERMISSION_MODES, type PermissionMode } from "./permission-modes.js";
