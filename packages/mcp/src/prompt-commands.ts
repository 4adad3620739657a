/**
 * Each cached prompt of each server as an operation of the `mcp` extension, `mcp__<server>__<prompt>`
 * — a slash command in the TUI (`/help`, completion), an ACP command and
 * `picasso -p "/mcp__everything__args-prompt city=Paris"` headless. The name is made to fit
 * `OPERATION_NAME`: lowercase, any other character a `-`, at most 64 characters; a name that had
 * to be shortened, or that two prompts would share (the second is left out), is one warning.
 * Running one parses its arguments (prompt-arguments.ts; a missing required one is a one-line
 * `warn`), starts the server if it was not, calls `prompts/get` and answers with a `prompt`
 * presentation, as a custom command does: the messages' text is sent as the user's turn
 * (prompt-messages.ts). Each is also a `command` entry of the catalog behind `tool_search`.
 * The operations come from the catalog cache when the session opens; prompts a server lists later
 * become commands from the next session.
 */
import { type CatalogEntry, type ExtensionOperation, OPERATION_NAME } from "@picasso/protocol";
import type { CachedPrompt } from "./catalog-cache.js";
import type { McpServer } from "./mcp-server.js";
import { parsePromptArguments, usage } from "./prompt-arguments.js";
import { promptMessagesText } from "./prompt-messages.js";

/** What a prompt's operation answers in its `data`: the turn to run (the engine's `prompt` presentation). */
export interface McpPromptTurn {
  presentation: "prompt";
  command: string;
  prompt: string;
  notes: string[];
}

export interface PromptCommands {
  operations: ExtensionOperation[];
  entries: () => CatalogEntry[];
  warnings: string[];
}

const MAX_NAME = 64;

export function promptCommands(servers: readonly McpServer[]): PromptCommands {
  const operations: ExtensionOperation[] = [];
  const made: { name: string; server: string; prompt: CachedPrompt }[] = [];
  const warnings: string[] = [];
  const taken = new Map<string, string>();
  for (const server of servers) {
    for (const prompt of server.catalog?.prompts ?? []) {
      const wanted = `mcp__${server.name}__${prompt.name}`;
      const name = operationName(wanted);
      const shown = `prompt "${prompt.name}" of MCP server "${server.name}"`;
      if (!name) {
        warnings.push(`${shown}: no slash command (the name cannot be made one)`);
        continue;
      }
      const first = taken.get(name);
      if (first) {
        warnings.push(`${shown}: no slash command: /${name} is taken by ${first}`);
        continue;
      }
      taken.set(name, shown);
      if (name !== wanted)
        warnings.push(`${shown}: its slash command is /${name} (the name had to be shortened or changed)`);
      operations.push(promptOperation(server, prompt, name));
      made.push({ name, server: server.name, prompt });
    }
  }
  const entries = () =>
    made.map(
      ({ name, server, prompt }): CatalogEntry => ({
        kind: "command",
        name: `/${name}`,
        description: `${summary(server, prompt)}.${prompt.arguments.length ? ` Arguments: ${usage(prompt)}.` : ""}`,
      }),
    );
  return { operations, entries, warnings };
}

/** The name as `OPERATION_NAME` allows it, or undefined when none can be made. */
export function operationName(wanted: string): string | undefined {
  const name = wanted
    .toLowerCase()
    .replace(/[^a-z0-9_-]/g, "-")
    .slice(0, MAX_NAME);
  return OPERATION_NAME.test(name) ? name : undefined;
}

function summary(server: string, prompt: CachedPrompt): string {
  const about = (prompt.description || prompt.title || prompt.name).trim().split("\n")[0]!;
  const line = about.length > 100 ? `${about.slice(0, 97)}...` : about;
  return `${line} (prompt of MCP server ${server})`;
}

function promptOperation(server: McpServer, prompt: CachedPrompt, name: string): ExtensionOperation {
  const args = usage(prompt);
  return {
    name,
    ...(args ? { args } : {}),
    summary: summary(server.name, prompt),
    async run(text, ctx) {
      const parsed = parsePromptArguments(prompt, text);
      if (!parsed.ok) return { text: `/${name}: ${parsed.error}`, tone: "warn" };
      let result: Awaited<ReturnType<McpServer["getPrompt"]>>;
      try {
        result = await server.getPrompt(prompt.name, parsed.values, "main", ctx.signal);
      } catch (error) {
        return { text: `/${name}: ${(error as Error).message}`, tone: "warn" };
      }
      const turn = promptMessagesText(result, (t) => server.mask(t));
      if (!turn.prompt)
        return { text: `/${name}: the MCP server "${server.name}" returned an empty prompt`, tone: "warn" };
      const data: McpPromptTurn = {
        presentation: "prompt",
        command: name,
        prompt: turn.prompt,
        notes: turn.notes,
      };
      return { text: turn.prompt, title: `/${name}`, data };
    },
  };
}
