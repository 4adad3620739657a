/**
 * The extension registry: every extension this Picasso can mount, one line each, and the one loop
 * that mounts the rows of a composition (`plugins:` in `patches/*.patch.yml`) in their order.
 * A session (`composeSession`) and every offline reader of a workspace (`picasso context`, `picasso
 * tools`, an offline operation) mount through `mountExtensions`, so they see the same extensions.
 *
 * Each factory gets the place (the composition, the workspace, `$PICASSO_HOME`, the surface's
 * options) and the extensions mounted before it (the `mcp` row reads their tool names: no server
 * may take one). A row naming an extension not in the registry is a user mistake naming the
 * composition's files and the known names. Nothing starts here: the session starts its extensions
 * once it is open and closes them, in reverse order, when it closes; an offline reader calls
 * `close()` on what it mounted.
 */
import { createChangesExtension } from "@picasso/changes";
import { type PicassoExtension, UserError } from "@picasso/protocol";
import { agentsMount } from "./agents-mount.js";
import { commandsExtension } from "./commands-mount.js";
import type {
  ExtensionFactory,
  ExtensionHandles,
  ExtensionPlace,
  Mounted,
  MountedExtensions,
} from "./extension-place.js";
import { hooksExtension } from "./hooks-mount.js";
import { initExtension } from "./init-mount.js";
import { leanContextExtension } from "./lean-context-mount.js";
import { loopsExtension } from "./loops-mount.js";
import { mcpExtension } from "./mcp-mount.js";
import { memoryExtension } from "./session-memory.js";
import { teamsMount } from "./teams-mount.js";
import { toolsExtension } from "./tools-mount.js";
import { watchExtension } from "./watch-mount.js";
import { workflowsMount } from "./workflows-mount.js";

/** Every extension this Picasso can mount, by the name a composition row gives it. */
export const EXTENSION_REGISTRY: Readonly<Record<string, ExtensionFactory>> = {
  "lean-context": leanContextExtension,
  tools: toolsExtension,
  memory: memoryExtension,
  mcp: mcpExtension,
  changes: (place) => ({ extension: createChangesExtension(place) }),
  init: initExtension,
  hooks: hooksExtension,
  agents: agentsMount,
  workflows: workflowsMount,
  watch: watchExtension,
  loops: loopsExtension,
  teams: teamsMount,
  commands: commandsExtension,
};

export function mountExtensions(
  place: ExtensionPlace,
  registry: Readonly<Record<string, ExtensionFactory>> = EXTENSION_REGISTRY,
): MountedExtensions {
  const mounted: Mounted[] = [];
  const extensions: PicassoExtension[] = [];
  const handles = (): ExtensionHandles => Object.assign({}, ...mounted.map((m) => m.handles ?? {}));
  const close = async () => {
    for (const { extension } of [...mounted].reverse()) await extension.close?.();
  };
  try {
    for (const row of place.composition.plugins) {
      const factory = Object.hasOwn(registry, row.name) ? registry[row.name] : undefined;
      if (!factory)
        throw new UserError(
          `plugin "${row.name}" in the composition (${place.composition.files.join(", ")}) is not one this picasso knows; known: ${Object.keys(registry).join(", ")}`,
        );
      const one = factory(place, { ...handles(), extensions: [...extensions] });
      mounted.push(one);
      extensions.push(one.extension);
    }
  } catch (error) {
    void close();
    throw error;
  }
  return {
    ...handles(),
    extensions,
    warnings: () => mounted.flatMap((m) => m.warnings?.() ?? []),
    close,
  };
}
