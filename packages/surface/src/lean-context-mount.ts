/**
 * The `lean-context` row: Tier 1, the session facts, pre-step reminders, the catalog behind the
 * gateways and ContextStats (`@picasso/lean-context`). Offline (no session will run) it collects
 * no stats and writes no catalog files; its Tier-1 warnings (an instruction file left out…) are
 * the session's set-up warnings.
 */
import { createLeanContextPlugin } from "@picasso/lean-context";
import type { ExtensionPlace, Mounted } from "./extension-place.js";

export function leanContextExtension(place: ExtensionPlace): Mounted {
  const leanContext = createLeanContextPlugin({
    composition: place.composition,
    ...(place.claudeHome ? { claudeHome: place.claudeHome } : {}),
    ...(place.offline ? { stats: false, writeCatalog: false } : {}),
  });
  return { extension: leanContext, handles: { leanContext }, warnings: () => [...leanContext.warnings()] };
}
