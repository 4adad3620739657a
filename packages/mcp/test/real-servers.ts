/**
 * The real MCP servers the tests spawn over stdio, from node_modules (never downloaded): their
 * entry file run with this Node.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";

const require = createRequire(import.meta.url);

export function serverEntry(
  pkg: "@modelcontextprotocol/server-filesystem" | "@modelcontextprotocol/server-everything",
): string {
  const manifest = require.resolve(`${pkg}/package.json`);
  const bin = (JSON.parse(readFileSync(manifest, "utf8")) as { bin: Record<string, string> }).bin;
  return join(dirname(manifest), Object.values(bin)[0]!);
}

/** A `.mcp.json` server entry running the filesystem server on `root`. */
export function filesystemServer(root: string) {
  return { command: process.execPath, args: [serverEntry("@modelcontextprotocol/server-filesystem"), root] };
}

export function everythingServer() {
  return {
    command: process.execPath,
    args: [serverEntry("@modelcontextprotocol/server-everything"), "stdio"],
  };
}
