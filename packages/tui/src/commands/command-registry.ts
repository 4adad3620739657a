/**
 * The slash commands in list order, parsing `/name args`, completion of names and arguments,
 * and "did you mean" for unknown names: every command within edit distance 2 of the typed name
 * or starting with it, nearest first.
 */
import { clearCommand } from "./clear.js";
import { compactCommand } from "./compact.js";
import { contextCommand } from "./context.js";
import { exitCommand } from "./exit.js";
import { goalCommand } from "./goal.js";
import { helpCommand } from "./help.js";
import { memoryCommand } from "./memory.js";
import { modeCommand } from "./mode.js";
import { modelCommand } from "./model.js";
import { resumeCommand } from "./resume.js";
import { sandboxCommand } from "./sandbox.js";
import type { SlashCommand } from "./slash-command.js";

export const SLASH_COMMANDS: readonly SlashCommand[] = [
  helpCommand,
  contextCommand,
  modeCommand,
  compactCommand,
  goalCommand,
  clearCommand,
  resumeCommand,
  modelCommand,
  sandboxCommand,
  memoryCommand,
  exitCommand,
];

export function parseSlash(text: string): { name: string; args: string } | undefined {
  const m = /^\/(\S*)\s*([\s\S]*)$/.exec(text.trim());
  return m ? { name: m[1]!.toLowerCase(), args: m[2] ?? "" } : undefined;
}

export function findCommand(name: string, commands = SLASH_COMMANDS): SlashCommand | undefined {
  return commands.find((c) => c.name === name);
}

export function closeMatches(name: string, commands = SLASH_COMMANDS): string[] {
  return commands
    .map((c) => ({ name: c.name, d: c.name.startsWith(name) && name ? 0 : editDistance(name, c.name) }))
    .filter((c) => c.d <= 2)
    .sort((a, b) => a.d - b.d)
    .map((c) => `/${c.name}`);
}

/** Completions for text typed at the start of the prompt beginning with `/`. */
export function completeSlash(typed: string, commands = SLASH_COMMANDS): string[] {
  const parsed = parseSlash(typed);
  if (!parsed) return [];
  const hasSpace = /\s/.test(typed.trimStart());
  if (!hasSpace) return commands.filter((c) => c.name.startsWith(parsed.name)).map((c) => `/${c.name}`);
  const command = findCommand(parsed.name, commands);
  return (command?.argChoices ?? [])
    .filter((choice) => choice.startsWith(parsed.args.trim()))
    .map((choice) => `/${command!.name} ${choice}`);
}

export function editDistance(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    let prev = row[0]!;
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const current = row[j]!;
      row[j] = Math.min(row[j]! + 1, row[j - 1]! + 1, prev + (a[i - 1] === b[j - 1] ? 0 : 1));
      prev = current;
    }
  }
  return row[b.length]!;
}
