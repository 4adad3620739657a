/**
 * The names of the tools a session of a workspace registers before its MCP gateways: the
 * composition's plugins mounted as `composeSession` mounts them, without an engine or a
 * provider. No MCP server may take one of these names, nor make its `<name>_call` one
 * (`@picasso/mcp` load-config.ts holds that rule); a command that reports the servers
 * (`picasso mcp list`) passes these names so it warns exactly as a session does.
 * Nothing is started, and memory.db is not opened (the memory plugin opens it on first use).
 */
import { createLeanContextPlugin, loadComposition } from "@picasso/lean-context";
import { createToolRuntime } from "@picasso/tools";
import { composedTools } from "./plugin-mounts.js";
import { createSessionMemory } from "./session-memory.js";

export async function sessionToolNames(options: {
  workspaceRoot: string;
  picassoHome: string;
}): Promise<string[]> {
  const runtime = createToolRuntime();
  const composition = loadComposition({
    surface: "cli",
    picassoHome: options.picassoHome,
    workspaceRoot: options.workspaceRoot,
  });
  const memory = createSessionMemory({ ...options, composition });
  try {
    const leanContext = createLeanContextPlugin({ composition, stats: false, writeCatalog: false });
    return composedTools(composition, { leanContext, toolRuntime: runtime, memory }).map((t) => t.spec.name);
  } finally {
    memory.close();
    await runtime.dispose();
  }
}
