/**
 * Mounting the plugins a composition names (`plugins:` rows of `patches/*.patch.yml`), in the
 * composition's order, and reading the engine's settings from it. Known plugins:
 * - `lean-context` — Tier 1, session facts, pre-step reminders, ContextStats;
 * - `tools` — the core tools of `@picasso/tools` and its deferred families (docs/tools.md), with
 *   the families and catalog group titles it declares;
 * - `memory` — `remember`/`recall`, the memory index in the session facts (`@picasso/memory`);
 * - `mcp` — one `<server>_call` gateway per configured MCP server (docs/mcp.md).
 * A row naming another plugin is a user mistake naming the plugin and the known ones.
 */
import type { EngineSettings } from "@picasso/engine";
import type { Composition, LeanContextPlugin } from "@picasso/lean-context";
import type { McpPlugin } from "@picasso/mcp";
import type { MemoryPlugin } from "@picasso/memory";
import {
  type CatalogGroupTitle,
  type PicassoExtension,
  type ToolDefinition,
  type ToolFamily,
  UserError,
} from "@picasso/protocol";
import { builtinTools, deferredTools, type ToolRuntime, toolFamilies, toolGroups } from "@picasso/tools";

export const KNOWN_PLUGINS = ["lean-context", "tools", "memory", "mcp"] as const;

/** What the composition's rows can mount. */
export interface AvailablePlugins {
  leanContext: LeanContextPlugin;
  toolRuntime: ToolRuntime;
  /** Without it a `memory` row mounts nothing. */
  memory?: MemoryPlugin;
  /** Without it an `mcp` row mounts nothing. */
  mcp?: McpPlugin;
}

export function mountPlugins(composition: Composition, available: AvailablePlugins): PicassoExtension[] {
  return composition.plugins.flatMap((row): PicassoExtension[] => {
    switch (row.name) {
      case "lean-context":
        return [available.leanContext];
      case "tools":
        return [
          {
            name: "tools",
            families: toolFamilies,
            groups: toolGroups,
            registerTools: () => [
              ...builtinTools(available.toolRuntime),
              ...deferredTools(available.toolRuntime),
            ],
            // What commands may do (the sandbox), for the session facts — never Tier 1.
            sessionFacts: () => available.toolRuntime.sandbox?.describe(),
          },
        ];
      case "memory":
        return available.memory ? [available.memory] : [];
      case "mcp":
        return available.mcp ? [available.mcp] : [];
      default:
        throw new UserError(
          `plugin "${row.name}" in the composition (${composition.files.join(", ")}) is not one this picasso knows; known: ${KNOWN_PLUGINS.join(", ")}`,
        );
    }
  });
}

export function engineSettingsFrom(composition: Composition): Partial<EngineSettings> {
  return {
    toolOutputLimitBytes: composition.settings["tools.outputLimitBytes"],
    compactAt: composition.settings["compaction.threshold"],
  };
}

/** Every tool the composition's plugins register, in mount order — what a session registers. */
export function composedTools(composition: Composition, available: AvailablePlugins): ToolDefinition[] {
  return mountPlugins(composition, available).flatMap((plugin) => plugin.registerTools?.() ?? []);
}

/**
 * The tool families and catalog group titles the composition's plugins declare, in mount order —
 * what a session's host hands lean context; for assembling Tier 1 and the catalog without one.
 */
export function composedFamilies(
  composition: Composition,
  available: AvailablePlugins,
): { families: ToolFamily[]; groups: CatalogGroupTitle[] } {
  const plugins = mountPlugins(composition, available);
  return {
    families: plugins.flatMap((plugin) => plugin.families ?? []),
    groups: plugins.flatMap((plugin) => plugin.groups ?? []),
  };
}
