/**
 * The engine settings a composition carries (`tools.outputLimitBytes`, `compaction.threshold`),
 * and the tools, families and catalog groups a workspace's sessions register, for readers that run
 * no session (`picasso mcp list`, `picasso context`): the composition's extensions mounted
 * offline, their declarations collected.
 */
import type { EngineSettings } from "@picasso/engine";
import type { Composition } from "@picasso/lean-context";
import type { CatalogGroupTitle, ToolDefinition, ToolFamily } from "@picasso/protocol";
import type { MountedExtensions } from "./extension-place.js";

export function engineSettingsFrom(composition: Composition): Partial<EngineSettings> {
  return {
    toolOutputLimitBytes: composition.settings["tools.outputLimitBytes"],
    compactAt: composition.settings["compaction.threshold"],
  };
}

/** Every tool the mounted extensions register, in mount order — what a session registers. */
export function mountedTools(mounted: Pick<MountedExtensions, "extensions">): ToolDefinition[] {
  return mounted.extensions.flatMap((extension) => extension.registerTools?.() ?? []);
}

/**
 * The tool families and catalog group titles the mounted extensions declare, in mount order —
 * what a session's host hands lean context; for assembling Tier 1 and the catalog without one.
 */
export function mountedFamilies(mounted: Pick<MountedExtensions, "extensions">): {
  families: ToolFamily[];
  groups: CatalogGroupTitle[];
} {
  return {
    families: mounted.extensions.flatMap((extension) => extension.families ?? []),
    groups: mounted.extensions.flatMap((extension) => extension.groups ?? []),
  };
}
