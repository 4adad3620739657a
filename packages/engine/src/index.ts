/**
 * @picasso/engine — the agent loop, its session log and event stream. Exported on purpose: what
 * surfaces, the cache-probe, the CLI and the benches use (docs/engine.md); the rest is internal.
 */

export { INTERRUPTED_RESULT, UNKNOWN_OUTCOME_RESULT } from "@picasso/protocol";
export { type ApprovalAnswer, type ApprovalRequest, type Approver, allowListApprover } from "./approver.js";
export {
  blockText,
  buildContextView,
  type ContextCategory,
  type ContextInputs,
  type ContextRow,
  type ContextView,
  contextTokensOf,
  extensionPanels,
  liveContextView,
  type OperationPresentation,
  type PickChoice,
  panelText,
  presentationOf,
} from "./context.js";
export type { SessionEventListener } from "./event-bus.js";
export type { ReplayEntry } from "./lane-replay.js";
export { type FoldState, foldEvents } from "./log-fold.js";
export { checkPicassoHome } from "./picasso-home.js";
export { defaultTier1, PluginHost } from "./plugin-host.js";
export { collectProtectedSections, type ProtectedState } from "./protected-context.js";
export { protectedContextPanel } from "./protected-context-panel.js";
export { type RebuildReport, rebuildRequests } from "./rebuild.js";
export { buildRequest, fingerprintRequest } from "./request-builder.js";
export { changeSavedPins, savedPins } from "./saved-pins.js";
export { createSession, Session, type TurnResult } from "./session.js";
export { sessionFactsContext } from "./session-facts.js";
export { type LogObserver, SessionLog } from "./session-log.js";
export type { SessionOptions, TurnOptions } from "./session-options.js";
export { resumedSessionOrigin, type SessionOrigin } from "./session-origin.js";
export {
  defaultPicassoHome,
  listSessions,
  projectKey,
  projectSessionsDir,
  type SessionFile,
  sessionProcessGroupsPath,
} from "./session-paths.js";
export type { EngineSettings } from "./settings.js";
export { MAX_PIN_CHARS, MAX_PINS, pinList } from "./user-pins.js";
