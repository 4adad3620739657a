/**
 * @picasso/tui — the interactive coding session in Ink. It renders the engine's event stream and
 * calls session methods; it never talks to a provider. The CLI supplies a `SessionHost`.
 * `@picasso/tui/context-map` is the `/context` map's lines and `contextMapText` alone — no Ink, no
 * React — for `picasso context`.
 */
export { App } from "./app/App.js";
export { type RunTuiOptions, runTui } from "./app/run-tui.js";
export { SessionController } from "./app/session-controller.js";
export type {
  GoalRoundsDriver,
  OpenedSession,
  OpenRequest,
  SessionChoice,
  SessionHost,
} from "./app/session-host.js";
export { SLASH_COMMANDS } from "./commands/command-registry.js";
export { TIMELINE_UNAVAILABLE } from "./commands/context.js";
export { MOCK_HINT } from "./commands/model.js";
export type { CommandContext, SlashCommand } from "./commands/slash-command.js";
