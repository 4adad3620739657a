import type { Command } from "commander";
import { register as registerCompact } from "./compact.js";
import { register as registerContext } from "./context.js";
import { register as registerMockServer } from "./mock-server.js";
import { register as registerProbe } from "./probe.js";
import { register as registerRun } from "./run.js";
import { register as registerSessions } from "./sessions.js";

/**
 * Every command of the binary, in help order. A command module exports `register(program)`.
 * Commands are added here as their packages land.
 */
const commands: Array<(program: Command) => void> = [
  registerRun,
  registerCompact,
  registerSessions,
  registerContext,
  registerMockServer,
  registerProbe,
];

export function registerCommands(program: Command): void {
  for (const register of commands) register(program);
}
