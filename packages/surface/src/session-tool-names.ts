/**
 * The names of the tools a session of a workspace registers before its MCP gateways: the
 * composition's extensions mounted as `composeSession` mounts them (offline-mount.ts), without an
 * engine or a provider. No MCP server may take one of these names, nor make its `<name>_call` one
 * (`@picasso/mcp` load-config.ts holds that rule); a command that reports the servers
 * (`picasso mcp list`) passes these names so it warns exactly as a session does.
 * Nothing is started, and memory.db is not opened (the memory extension opens it on first use).
 */
import { mountOffline } from "./offline-mount.js";

export async function sessionToolNames(options: {
  workspaceRoot: string;
  picassoHome: string;
}): Promise<string[]> {
  const mounted = mountOffline(options);
  try {
    return mounted.extensions
      .filter((extension) => extension !== mounted.mcp)
      .flatMap((extension) => extension.registerTools?.() ?? [])
      .map((t) => t.spec.name);
  } finally {
    await mounted.close();
  }
}
