/**
 * What the prompt offers while typing: `/name` at the start of the prompt → slash commands (and
 * their argument choices); a word starting with `@` → workspace paths. Tab (or Enter while the
 * list is open on a slash command name) replaces the word with the highlighted suggestion.
 */
import { completeSlash } from "../commands/command-registry.js";
import type { SlashCommand } from "../commands/slash-command.js";
import { type InputState, wordAtCursor } from "./input-state.js";
import { rankPaths } from "./workspace-files.js";

export interface Suggestions {
  kind: "slash" | "path";
  items: string[];
}

export function suggestionsFor(
  state: InputState,
  commands: readonly SlashCommand[],
  files: () => readonly string[],
): Suggestions | undefined {
  if (state.text.startsWith("/") && !state.text.includes("\n")) {
    const items = completeSlash(state.text.slice(0, state.cursor), commands);
    const exact = items.length === 1 && items[0] === state.text.trimEnd();
    return items.length > 0 && !exact ? { kind: "slash", items } : undefined;
  }
  const { word } = wordAtCursor(state);
  if (word.startsWith("@")) {
    const items = rankPaths(files(), word.slice(1)).map((p) => `@${p}`);
    const exact = items.length === 1 && items[0] === word;
    return items.length > 0 && !exact ? { kind: "path", items } : undefined;
  }
  return undefined;
}
