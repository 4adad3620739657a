/**
 * The shapes of mounting: where extensions are mounted and what the surface passes them
 * (`ExtensionPlace`), what a registry factory returns (`Mounted`), and what a mount gives back
 * (`MountedExtensions`). The registry (extension-registry.ts) and every factory share them.
 */
import type { Composition, LeanContextPlugin } from "@picasso/lean-context";
import type { ElicitationPolicy, McpPlugin, McpServerConfig } from "@picasso/mcp";
import type { MemoryPlugin } from "@picasso/memory";
import type { ModelProvider, PicassoExtension } from "@picasso/protocol";
import type { FileAccess, SandboxMode, ToolRuntime } from "@picasso/tools";

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
  /** How MCP servers' elicitations are answered (headless `--elicit`); default: asked through `askUser`. */
  mcpElicitation?: ElicitationPolicy;
  /** Opens an MCP server's OAuth authorization URL for `/mcp:login` (the TUI: the browser); absent: shown only. */
  mcpOpenUrl?: (url: URL) => void;
  /** Where the file tools read and write whole files (an ACP editor's buffers). */
  files?: FileAccess;
  /** Grace period before leftover tool processes are SIGKILLed. */
  killGraceMs?: number;
  /** Overrides the composition's `sandbox.mode`. */
  sandbox?: SandboxMode;
  /** The session's model, for operations that ask it a one-off question (`init`); none offline unless given. */
  provider?: ModelProvider;
  /** Why `provider` is no real model (the offline mock standing in for want of a key), when it is not. */
  providerStandIn?: string;
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

export interface MountedExtensions extends ExtensionHandles {
  /** In mount order: what a session is given. */
  extensions: PicassoExtension[];
  /** Every extension's set-up warnings, in mount order. */
  warnings(): string[];
  /** Close what was mounted, in reverse order (when no session took them over). */
  close(): Promise<void>;
}
