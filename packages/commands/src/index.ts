/** @picasso/commands — custom slash commands from prompt files (commands-extension.ts). */
export { type TurnLimit, turnLimit } from "./allowed-tools.js";
export {
  type CommandPlaces,
  type CustomCommand,
  commandRoots,
  type DiscoveredCommands,
  discoverCommands,
} from "./command-discovery.js";
export { type Expansion, expandCommand, splitArguments } from "./command-expansion.js";
export { type CommandFile, parseCommandFile } from "./command-file.js";
export { hasShellLines, type ProjectCommandReview, reviewProjectCommands } from "./command-shell.js";
export { COMMANDS_EXTENSION, type CommandPrompt, createCommandsExtension } from "./commands-extension.js";
