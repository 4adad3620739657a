/**
 * @picasso/tui — the interactive coding session in Ink. It renders the engine's event stream and
 * calls session methods; it never talks to a provider. The CLI supplies a `SessionHost`; the
 * slash commands are the TUI's own and the opened session's operations.
 * `@picasso/tui/context-map` is the `/context` map's lines and `contextMapText` alone — no Ink, no
 * React — for `picasso context`.
 */
export { App } from "./app/App.js";
export { MOCK_HINT } from "./app/mock-hint.js";
export { panelScreen } from "./app/panel-screen.js";
export { type RunTuiOptions, runTui } from "./app/run-tui.js";
export { SessionController } from "./app/session-controller.js";
export type {
  GoalRoundsDriver,
  OpenedSession,
  OpenRequest,
  SessionChoice,
  SessionControls,
  SessionHost,
} from "./app/session-host.js";
export { panelOpen } from "./app/tui-state.js";
export { SLASH_COMMANDS, slashCommands } from "./commands/command-registry.js";
export type { CommandContext, SlashCommand } from "./commands/slash-command.js";
