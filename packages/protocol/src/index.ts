export { assertNever } from "./assert-never.js";
export { formatByteSize } from "./byte-size.js";
export * from "./canonical.js";
export * from "./content.js";
export * from "./errors.js";
export {
  containsHeldSecret,
  forgetHeldSecrets,
  heldSecretValues,
  holdProviderSecret,
  holdSecretValue,
  isProviderSecretName,
  REDACTED_SECRET,
  redactHeldSecrets,
  withHeldProviderSecrets,
} from "./held-secrets.js";
export { INTERRUPTED_RESULT, UNKNOWN_OUTCOME_RESULT } from "./interrupted.js";
export * from "./jsonl.js";
export { parseLogLineLoose, peekLogSeq, peekLogType, type ScannedLine, scanLogFile } from "./log-scan.js";
export { upgradeLogEvent } from "./log-upgrade.js";
export { mcpGatewayName, mcpGatewaySpec } from "./mcp-gateway.js";
export type { ModelProvider, StreamOptions } from "./model-provider.js";
export * from "./no-forked-subagents.js";
export { isPermissionMode, PERMISSION_MODES, type PermissionMode } from "./permission-modes.js";
export * from "./plugin.js";
export * from "./request.js";
export * from "./session-events.js";
export { type ShownTurnInput, shownTurnInput, shownTurnInputText } from "./shown-turn-input.js";
export { splitLines } from "./text-lines.js";
export * from "./tier1.js";
export type {
  ChartBar,
  ChartDrop,
  ChartMarker,
  ChartTotals,
  ChartTrack,
  TimelineChart,
} from "./timeline-chart.js";
export { estimateTokens, TOKEN_ESTIMATE_NOTE } from "./tokens.js";
