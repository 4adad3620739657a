/**
 * Mounting the init extension (@picasso/init): the `init` operation on the session's model, with
 * the AGENTS.md limits lean context uses for Tier 1 (`agent-instructions.targetBytes` and
 * `maxBytes` of the composition), so what `/init` proposes is checked against the same numbers
 * the next session's instruction index is built with. Without a provider (an offline mount that
 * was given none) the operation answers that there is no model.
 */
import { createInitExtension } from "@picasso/init";
import type { ExtensionFactory } from "./extension-place.js";

export const initExtension: ExtensionFactory = (place) => {
  const settings = place.composition.settings;
  return {
    extension: createInitExtension({
      workspaceRoot: place.workspaceRoot,
      ...(place.provider ? { provider: place.provider } : {}),
      ...(place.providerStandIn ? { providerStandIn: place.providerStandIn } : {}),
      limits: {
        targetBytes: settings["agent-instructions.targetBytes"],
        maxBytes: settings["agent-instructions.maxBytes"],
      },
    }),
  };
};
