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
import type { Composition, LeanContextPlugin } from "@picasso/lean-context";
import type { McpPlugin, McpServerConfig } from "@picasso/mcp";
import type { MemoryPlugin } from "@picasso/memory";
import { type PicassoExtension, UserError } from "@picasso/protocol";
import type { FileAccess, SandboxMode, ToolRuntime } from "@picasso/tools";
import { leanContextExtension } from "./lean-context-mount.js";
import { mcpExtension } from "./mcp-mount.js";
import { memoryExtension } from "./session-memory.js";
import { toolsExtension } from "./tools-mount.js";

/** Where extensions are mounted, and what the surface passes them. */
export interface ExtensionPlace {
  composition: Composition;
  workspaceRoot: string;
  picassoHome: string;
  /** Picasso's version (MCP's client info). */
  version: string;
  /** No live session will run (`picasso context`, an offline operation): no sandbox, no catalog written. */
  offline?: boolean;
  /** Claude Code's user folder (skills, settings allow rules); default `$CLAUDE_CONFIG_DIR` or `~/.claude`. */
  claudeHome?: string;
  /** The environment `${VAR}` in MCP configuration expands from (default process.env). */
  env?: NodeJS.ProcessEnv;
  /** The session's clock (memory's recency). */
  now?: () => Date;
  /** MCP servers a client passes (ACP `session/new`). */
  mcpServers?: readonly McpServerConfig[];
  /** Where the file tools read and write whole files (an ACP editor's buffers). */
  files?: FileAccess;
  /** Grace period before leftover tool processes are SIGKILLed. */
  killGraceMs?: number;
  /** Overrides the composition's `sandbox.mode`. */
  sandbox?: SandboxMode;
}

/** The typed handles of the built-in extensions, for the surfaces that use them directly. */
export interface ExtensionHandles {
  leanContext?: LeanContextPlugin;
  toolRuntime?: ToolRuntime;
  memory?: MemoryPlugin;
  mcp?: McpPlugin;
}

export interface Mounted {
  extension: PicassoExtension;
  handles?: ExtensionHandles;
  /** Lines the user should be told about its set-up (a mistake in its configuration…). */
  warnings?(): string[];
}

/** The extensions mounted before one, and the handles among them. */
export interface MountedBefore extends ExtensionHandles {
  extensions: readonly PicassoExtension[];
}

export type ExtensionFactory = (place: ExtensionPlace, before: MountedBefore) => Mounted;

/** Every extension this Picasso can mount, by the name a composition row gives it. */
export const EXTENSION_REGISTRY: Readonly<Record<string, ExtensionFactory>> = {
  "lean-context": leanContextExtension,
  tools: toolsExtension,
  memory: memoryExtension,
  mcp: mcpExtension,
};

export interface MountedExtensions extends ExtensionHandles {
  /** In mount order: what a session is given. */
  extensions: PicassoExtension[];
  /** Every extension's set-up warnings, in mount order. */
  warnings(): string[];
  /** Close what was mounted, in reverse order (when no session took them over). */
  close(): Promise<void>;
}

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
