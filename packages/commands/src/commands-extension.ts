/**
 * The commands extension: every custom command found (command-discovery.ts) as an operation, so
 * it is a slash command in the TUI (listed by `/help`, completed while typing), an ACP command
 * (`available_commands_update`) and `picasso -p "/name args"` headless. Running one expands the
 * file (command-expansion.ts) and answers with a `prompt` presentation: the surface sends the
 * prompt as the user's turn, limited to the file's `allowed-tools` for that turn only.
 * `model` in a file is not applied: Picasso keeps one model per session (the prompt cache depends
 * on it); a note says so and names `/model`. Each command is also a catalog entry behind
 * `tool_search` (its name and description), so the model can find one and suggest it; nothing
 * here reaches Tier 1. The `/context` panel lists the commands and where they come from (no panel
 * when there are none).
 */
import type { CatalogEntry, ContextPanel, ExtensionOperation, PicassoExtension } from "@picasso/protocol";
import { turnLimit } from "./allowed-tools.js";
import { type CommandPlaces, type CustomCommand, discoverCommands } from "./command-discovery.js";
import { expandCommand } from "./command-expansion.js";
import { shellRunner } from "./command-shell.js";

export const COMMANDS_EXTENSION = "commands";

/** What a custom command's operation answers in its `data`: the turn to run. */
export interface CommandPrompt {
  presentation: "prompt";
  /** The command, without the slash. */
  command: string;
  prompt: string;
  /** Lines to show the user before the turn (a file not included, a shell line not run…). */
  notes: string[];
  /** The file's `allowed-tools`, as the engine's turn limit. */
  limit?: { tools: string[]; commandPrefixes?: string[]; commands?: string[]; by: string };
}

export interface CommandsExtension {
  extension: PicassoExtension;
  commands: readonly CustomCommand[];
  warnings: readonly string[];
}

export function createCommandsExtension(
  places: CommandPlaces,
  reserved: readonly string[],
): CommandsExtension {
  const { commands, warnings } = discoverCommands(places, reserved);
  const operations = commands.map((command) => commandOperation(places, command));
  const extension: PicassoExtension = {
    name: COMMANDS_EXTENSION,
    operations,
    catalogEntries: () => commands.map(catalogEntry),
    panel: () => (commands.length > 0 ? commandsPanel(commands) : undefined),
  };
  return { extension, commands, warnings };
}

export function commandSummary(command: CustomCommand): string {
  const first = command.description || command.template.split("\n")[0]!.replace(/^#+\s*/, "");
  const line = first.length > 100 ? `${first.slice(0, 97)}...` : first;
  return `${line} (${command.origin} ${command.source} command)`;
}

function commandOperation(places: CommandPlaces, command: CustomCommand): ExtensionOperation {
  return {
    name: command.name,
    ...(command.argumentHint ? { args: command.argumentHint } : {}),
    summary: commandSummary(command),
    async run(args, ctx) {
      const expansion = await expandCommand(command, args, {
        workspaceRoot: places.workspaceRoot,
        runShell: shellRunner(places, command, ctx.signal),
      });
      const notes = [...expansion.notes];
      const data: CommandPrompt = {
        presentation: "prompt",
        command: command.name,
        prompt: expansion.prompt,
        notes,
      };
      if (command.allowedTools) {
        const { limit, notes: limitNotes } = turnLimit(command.allowedTools);
        notes.push(...limitNotes.map((n) => `${command.shown}: ${n}`));
        data.limit = { ...limit, by: `/${command.name}` };
      }
      if (command.model)
        notes.push(
          `${command.shown}: model "${command.model}" is not applied: Picasso keeps one model per session (switch with /model ${command.model})`,
        );
      return { text: expansion.prompt, title: `/${command.name}`, data };
    },
  };
}

function catalogEntry(command: CustomCommand): CatalogEntry {
  const hint = command.argumentHint ? ` Arguments: ${command.argumentHint}.` : "";
  return {
    kind: "command",
    name: `/${command.name}`,
    description: `${commandSummary(command)}.${hint}`,
  };
}

/** The `/context` panel: each command and its file (none without commands). */
function commandsPanel(commands: readonly CustomCommand[]): ContextPanel {
  return {
    id: COMMANDS_EXTENSION,
    title: "custom commands",
    rows: commands.map((c) => ({
      label: `/${c.name}`,
      value: `${c.shown}${c.description ? ` — ${c.description}` : ""}`,
      tone: "normal" as const,
    })),
  };
}
