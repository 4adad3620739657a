/**
 * Mounting the init extension (@picasso/init): the `init` operation on the session's model, with
 * the AGENTS.md limits lean context uses for Tier 1 (`agent-instructions.targetBytes` and
 * `maxBytes` of the composition), so what `/init` proposes is checked against the same numbers
 * the next session's instruction index is built with — and against that index itself: lean
 * context's instruction files of the workspace root (CLAUDE.md, PICASSO.md beside AGENTS.md) with
 * the proposal in AGENTS.md's place, built as Tier 1 builds it. Without a provider (an offline
 * mount that was given none) the operation answers that there is no model.
 */
import { createInitExtension } from "@picasso/init";
import { buildInstructionIndex, loadInstructionFiles } from "@picasso/lean-context";
import type { ExtensionFactory } from "./extension-place.js";

export const initExtension: ExtensionFactory = (place) => {
  const settings = place.composition.settings;
  const limits = {
    targetBytes: settings["agent-instructions.targetBytes"],
    maxBytes: settings["agent-instructions.maxBytes"],
  };
  const root = place.workspaceRoot;
  const indexWith = (agentsMd: string) => {
    const others = loadInstructionFiles(root, root).files.filter(
      (file) => file.path !== "AGENTS.md" && file.text.trim() !== agentsMd.trim(),
    );
    const index = buildInstructionIndex([{ path: "AGENTS.md", text: agentsMd }, ...others], limits);
    return {
      bytes: index.bytesBefore,
      files: index.files,
      ...(index.warning ? { warning: index.warning } : {}),
    };
  };
  return {
    extension: createInitExtension({
      workspaceRoot: root,
      ...(place.provider ? { provider: place.provider } : {}),
      ...(place.providerStandIn ? { providerStandIn: place.providerStandIn } : {}),
      limits,
      indexWith,
    }),
  };
};
