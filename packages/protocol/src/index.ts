/**
 * The protocol other packages use, exported on purpose: each name is here because another package
 * imports it (no `export *`); a module's other exports stay its own. Add a name when a package needs it.
 * No zod schema is exported here (types only): a schema is a value whose module loads zod, which
 * would then load with anything that imports this entry. Validators import `@picasso/protocol/schemas`.
 */

export type { AgentDefinition } from "./agent-definition.js";
export { assertNever } from "./assert-never.js";
export { formatByteSize } from "./byte-size.js";
export { byteLength, canonicalJson, sha1, sha256 } from "./canonical.js";
export type {
  ContentBlock,
  ImageBlock,
  ImageMediaType,
  JsonSchema,
  Message,
  SystemBlock,
  TextBlock,
  ToolResultBlock,
  ToolSpec,
  ToolUseBlock,
} from "./content.js";
export { isUserError, UserError } from "./errors.js";
export { isLogged, loggedFields } from "./event-persistence.js";
export {
  type ContextPanel,
  type ExtensionOperation,
  type ExtensionStartContext,
  OPERATION_NAME,
  type OperationContext,
  type OperationResult,
  type PanelRow,
  type PanelTone,
  type PicassoExtension,
  type SessionWake,
  type WakeNotice,
} from "./extension.js";
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
export type { ImageInput, ImageResolver, ResolvedImages } from "./image-input.js";
export { IMAGE_MEDIA_TYPES } from "./image-media-types.js";
export { INTERRUPTED_RESULT, UNKNOWN_OUTCOME_RESULT } from "./interrupted.js";
export { encodeLogEvent, readLogFile, readLogFileAll } from "./jsonl.js";
export type {
  PromptGate,
  PromptGateContext,
  StopGate,
  StopGateContext,
  ToolCallDone,
  ToolCallGate,
  ToolCallGateContext,
} from "./lifecycle-gates.js";
export { parseLogLineLoose, peekLogSeq, peekLogType, type ScannedLine, scanLogFile } from "./log-scan.js";
export { upgradeLogEvent } from "./log-upgrade.js";
export { SESSION_LOG_VERSION } from "./log-version.js";
export { mcpGatewayName, mcpGatewaySpec } from "./mcp-gateway.js";
export { assistantMessage, messageImages, messageText, text, userMessage } from "./messages.js";
export type { ModelProvider, StreamOptions } from "./model-provider.js";
export { noForkedSubagents } from "./no-forked-subagents.js";
export { isPermissionMode, PERMISSION_MODES, type PermissionMode } from "./permission-modes.js";
export type {
  AppendedMessage,
  AskUserRequest,
  AssembleContext,
  CallEffect,
  CatalogEntry,
  FileReadTracker,
  ForkedSubagent,
  ForkedSubagents,
  LaneBrief,
  PicassoPlugin,
  PreStepContext,
  PreStepResult,
  ProtectedWrite,
  SessionFactLines,
  SessionFactsContext,
  SkillInfo,
  SubagentRequest,
  Tier2Entry,
  ToolContext,
  ToolDefinition,
  ToolOutput,
  ToolProgress,
  ToolResultContext,
} from "./plugin.js";
export {
  PROTECTED_TODOS_LABEL,
  type ProtectedSection,
  parseProtectedContext,
  protectedContextIn,
  protectedContextText,
  protectedTodos,
  todoSection,
} from "./protected-context.js";
export {
  formatReminder,
  type ParsedReminder,
  parseReminder,
  remindersInText,
  withoutReminders,
} from "./reminders.js";
export type {
  CacheBreakpoint,
  ModelRequest,
  ProviderError,
  StopReason,
  StreamEvent,
  Usage,
} from "./request.js";
export type {
  ApprovalDecision,
  LogEvent,
  LogEventOf,
  MessageSource,
  SessionEvent,
  SessionEventBody,
  SessionEventBodyOf,
  SessionEventOf,
  SubagentStatus,
  Tier1SectionRole,
  Tier1ToolRole,
  Tier2Kind,
  TodoItem,
  ToolDisplay,
  ToolEffect,
  ToolStatus,
  TurnStopReason,
  WorkspaceFacts,
} from "./session-events.js";
export { type ShownTurnInput, shownTurnInput, shownTurnInputText } from "./shown-turn-input.js";
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
export { sealTier1, systemBytes, type Tier1, tier1Roles } from "./tier1.js";
export type {
  ChartBar,
  ChartDrop,
  ChartMarker,
  ChartTotals,
  ChartTrack,
  TimelineChart,
} from "./timeline-chart.js";
export { estimateTokens, TOKEN_ESTIMATE_NOTE } from "./tokens.js";
export type { CatalogGroupTitle, ToolFamily } from "./tool-family.js";
export { DEFAULT_TOOL_OUTPUT_LIMIT_BYTES } from "./tool-output-limit.js";
export type { TurnToolLimit } from "./turn-limit.js";
export { waitUntil } from "./wait-until.js";
