/**
 * Writing a server into, or out of, a configuration file (`picasso mcp add` / `remove`): the
 * file's other keys and servers are kept, the result is written as indented JSON. A file that is
 * not a JSON object, or not a file at all (a FIFO is never opened: config-text.ts), is left
 * alone and named in the error.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import { UserError } from "@picasso/protocol";
import { readConfigText } from "./config-text.js";
import { SERVER_NAME } from "./server-config.js";

export type ServerEntry =
  | { command: string; args?: string[]; env?: Record<string, string> }
  | { type: "http" | "sse"; url: string; headers?: Record<string, string> };

function readObject(file: string, shown: string): Record<string, unknown> {
  const read = readConfigText(file);
  if (read.kind === "missing") return {};
  if (read.kind === "problem") throw new UserError(`${shown}: ${read.problem}; fix it first`);
  let parsed: unknown;
  try {
    parsed = JSON.parse(read.text);
  } catch (error) {
    throw new UserError(`${shown}: not valid JSON (${(error as Error).message}); fix it first`);
  }
  if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed))
    throw new UserError(`${shown}: expected a JSON object with "mcpServers"; fix it first`);
  return parsed as Record<string, unknown>;
}

function servers(config: Record<string, unknown>, shown: string): Record<string, unknown> {
  const found = config.mcpServers ?? {};
  if (typeof found !== "object" || found === null || Array.isArray(found))
    throw new UserError(`${shown}: mcpServers: expected an object of servers; fix it first`);
  return found as Record<string, unknown>;
}

export function addServerToFile(file: string, shown: string, name: string, entry: ServerEntry): void {
  if (!SERVER_NAME.test(name))
    throw new UserError(
      `mcp add: the name "${name}" becomes a tool name (${name}_call): use lowercase letters, digits, "_" and "-" (at most 48)`,
    );
  const config = readObject(file, shown);
  const list = servers(config, shown);
  if (Object.hasOwn(list, name))
    throw new UserError(
      `mcp add: ${shown} already has a server "${name}"; remove it first (picasso mcp remove ${name})`,
    );
  config.mcpServers = { ...list, [name]: entry };
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, `${JSON.stringify(config, null, 2)}\n`);
}

/** Removes `name`; false when the file has no such server. */
export function removeServerFromFile(file: string, shown: string, name: string): boolean {
  const config = readObject(file, shown);
  const list = servers(config, shown);
  if (!Object.hasOwn(list, name)) return false;
  const { [name]: _removed, ...rest } = list;
  config.mcpServers = rest;
  writeFileSync(file, `${JSON.stringify(config, null, 2)}\n`);
  return true;
}
