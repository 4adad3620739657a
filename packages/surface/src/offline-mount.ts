/**
 * A workspace's extensions mounted with no session to run them — for the readers that answer
 * offline (`picasso context`, `picasso tools`, `picasso mcp list`, the navigation eval, an offline
 * operation): the same composition and registry a session of the workspace uses, so what they
 * report is what a session would register. Nothing is started or spawned, there is no sandbox,
 * no catalog file is written, and memory.db opens only if something reads it. The caller closes.
 */
import { loadComposition } from "@picasso/lean-context";
import type { ModelProvider } from "@picasso/protocol";
import type { ExtensionPlace, MountedExtensions } from "./extension-place.js";
import { mountExtensions } from "./extension-registry.js";

export interface OfflinePlace {
  workspaceRoot: string;
  picassoHome: string;
  surface?: "cli" | "sdk";
  claudeHome?: string;
  env?: NodeJS.ProcessEnv;
  /** A model for the operations that ask one (`picasso init`); none by default. */
  provider?: ModelProvider;
  providerStandIn?: string;
}

export function mountOffline(place: OfflinePlace): MountedExtensions & Pick<ExtensionPlace, "composition"> {
  const composition = loadComposition({
    surface: place.surface ?? "cli",
    picassoHome: place.picassoHome,
    workspaceRoot: place.workspaceRoot,
  });
  const mounted = mountExtensions({
    composition,
    workspaceRoot: place.workspaceRoot,
    picassoHome: place.picassoHome,
    version: "offline",
    offline: true,
    ...(place.claudeHome ? { claudeHome: place.claudeHome } : {}),
    ...(place.env ? { env: place.env } : {}),
    ...(place.provider ? { provider: place.provider } : {}),
    ...(place.providerStandIn ? { providerStandIn: place.providerStandIn } : {}),
  });
  return { ...mounted, composition };
}
