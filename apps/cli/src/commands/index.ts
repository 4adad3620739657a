import type { Command } from "commander";

/**
 * Every command of the binary, in help order. A command module exports `register(program)`.
 * Commands are added here as their packages land.
 */
const commands: Array<(program: Command) => void> = [];

export function registerCommands(program: Command): void {
  for (const register of commands) register(program);
}
