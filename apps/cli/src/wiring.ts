/**
 * Wiring a session from command-line flags:
 * - provider: `resolveProviderSelection` (flags > the resumed session's provider and model > env >
 *   $PICASSO_HOME/config.yaml > anthropic with a key, else the mock) → `createProvider`
 *   (`mock` → open-mock-provider.ts, imported only when chosen); the
 *   selection is returned so a surface can say when the no-key mock stands in;
 * - warnings: what lean context has to tell the user about this workspace's Tier 1 (instruction
 *   files left out or cut at the cap), a memory database it cannot use and MCP configuration
 *   mistakes, one line each, for the surface to show;
 * - workspace: the nearest folder at or above cwd with `.git` or `.picasso`, never `~`;
 * - project files not approved yet (`.mcp.json`, the project patch, allow rules): approved by
 *   `--approve-project-config` or the surface's `confirmProjectConfig`, else left out and named
 *   in `warnings`;
 * - everything else (composition, plugins, settings, dedupe, gateway permissions) is
 *   `composeSession` from @picasso/surface, shared with the cache-probe and the SDK server.
 * `close()` ends the session, kills leftover tool processes and stops an in-process mock.
 */

import {
  type Approver,
  defaultPicassoHome,
  type EngineSettings,
  type LogObserver,
  resumedSessionOrigin,
  type Session,
  type SessionEventListener,
} from "@picasso/engine";
import type { ElicitationPolicy } from "@picasso/mcp";
import {
  type AskUserRequest,
  type ExtensionOperation,
  type ModelProvider,
  markStartup,
  type PicassoExtension,
  withHeldProviderSecrets,
} from "@picasso/protocol";
import {
  createProvider,
  NO_KEY_NOTE,
  type ProviderSelection,
  resolveProviderSelection,
} from "@picasso/providers";
import {
  approveProjectConfig,
  type ComposedSession,
  composeSession,
  type OperationHost,
  type ProjectConfigFile,
  pendingProjectConfig,
} from "@picasso/surface";
import type { ToolRuntime } from "@picasso/tools";
import { findWorkspaceRoot } from "@picasso/workspace";
import { VERSION } from "./version.js";
import { parseMode, resumeTarget, type SessionFlags } from "./wiring-flags.js";

export { parseMode, resumeTarget, type SessionFlags } from "./wiring-flags.js";

export interface WiredSession {
  session: Session;
  /** The session's tool runtime (goal rounds read its goal and todos). */
  toolRuntime: ToolRuntime;
  provider: ModelProvider;
  selection: ProviderSelection;
  /** What the user should be told about the set-up, one line each (asking opens memory.db: a surface may ask once the session is ready). */
  warnings(): readonly string[];
  /** The core operations, then each extension's (the TUI's slash commands). */
  operations: readonly ExtensionOperation[];
  /** The mounted extensions, in mount order (`picasso workflow run` drives the workflows one). */
  extensions: readonly PicassoExtension[];
  close(reason?: string): Promise<void>;
}

export async function wireSession(
  flags: SessionFlags,
  options: {
    approver: Approver;
    surfaceLabel: string;
    cwd?: string;
    env?: NodeJS.ProcessEnv;
    settings?: Partial<EngineSettings>;
    observers?: LogObserver[];
    /** Every session event from `session_start` on (headless `stream-json`). */
    onEvent?: SessionEventListener;
    /** Who answers `ask_user` (the TUI); without it the engine's headless answer applies. */
    askUser?: (request: AskUserRequest) => Promise<string>;
    /** How MCP servers' requests for input are answered (headless `--elicit`); default: through `askUser`. */
    mcpElicitation?: ElicitationPolicy;
    /** Opens an MCP server's OAuth authorization URL for `/mcp:login` (the TUI: the browser). */
    mcpOpenUrl?: (url: URL) => void;
    /**
     * Asks the user whether to use project files not approved yet (the TUI's start dialog);
     * without it they are left out (and named in `warnings`) unless `--approve-project-config`.
     */
    confirmProjectConfig?: (pending: readonly ProjectConfigFile[]) => Promise<boolean>;
    /** What the surface can do for the core operations, knowing which provider was selected and why. */
    operationHost?: (selection: ProviderSelection) => OperationHost;
  },
): Promise<WiredSession> {
  // The provider keys were taken out of process.env at start-up (provider-keys.ts); only provider
  // selection and the adapter get them back.
  const env = withHeldProviderSecrets(options.env ?? process.env);
  const picassoHome = defaultPicassoHome(env);
  const cwd = options.cwd ?? process.cwd();
  const mode = parseMode(flags.mode);
  const resume = resumeTarget(flags);
  const workspaceRoot = findWorkspaceRoot(cwd);
  const resumed = resume ? await resumedSessionOrigin(picassoHome, workspaceRoot, resume) : undefined;
  const selection = selectProvider(flags, env, picassoHome, resumed);
  const pending = pendingProjectConfig({ workspaceRoot, picassoHome });
  if (pending.length > 0 && (flags.approveProjectConfig || (await options.confirmProjectConfig?.(pending))))
    approveProjectConfig({ workspaceRoot, picassoHome }, pending);
  const provider = await openProvider(selection, env, picassoHome);
  markStartup("provider-open");
  let composed: ComposedSession;
  try {
    composed = await composeSession({
      provider,
      workspaceRoot,
      cwd,
      picassoHome,
      surface: "cli",
      surfaceLabel: options.surfaceLabel,
      version: VERSION,
      approver: options.approver,
      ...(mode ? { mode } : {}),
      ...(flags.sandbox ? { sandbox: flags.sandbox } : {}),
      ...(resume ? { resume } : {}),
      ...(options.settings ? { settings: options.settings } : {}),
      ...(options.observers ? { observers: options.observers } : {}),
      ...(options.onEvent ? { onEvent: options.onEvent } : {}),
      ...(options.askUser ? { askUser: options.askUser } : {}),
      ...(options.mcpElicitation ? { mcpElicitation: options.mcpElicitation } : {}),
      ...(options.mcpOpenUrl ? { mcpOpenUrl: options.mcpOpenUrl } : {}),
      ...(options.operationHost ? { operationHost: options.operationHost(selection) } : {}),
      ...(selection.source === "no-key" ? { providerStandIn: NO_KEY_NOTE } : {}),
    });
  } catch (error) {
    await provider.close?.();
    throw error;
  }
  return {
    session: composed.session,
    toolRuntime: composed.toolRuntime,
    provider,
    selection,
    warnings: () => composed.warnings(),
    operations: composed.operations,
    extensions: composed.extensions,
    async close(reason = "done") {
      await composed.close(reason);
      await provider.close?.();
    },
  };
}

/**
 * The provider the flags, env and config.yaml select (no session to resume), opened, and the
 * selection (its `source` says why).
 */
export async function openSelectedProvider(
  flags: ProviderFlags,
  given: NodeJS.ProcessEnv,
): Promise<{ provider: ModelProvider; selection: ProviderSelection }> {
  const env = withHeldProviderSecrets(given);
  const picassoHome = defaultPicassoHome(env);
  const selection = selectProvider(flags, env, picassoHome);
  return { provider: await openProvider(selection, env, picassoHome), selection };
}

type ProviderFlags = Pick<SessionFlags, "provider" | "model" | "mockScript">;

/** The provider selection of the flags (those given), the environment, config.yaml and a resumed session's origin. */
function selectProvider(
  flags: ProviderFlags,
  env: Record<string, string | undefined>,
  picassoHome: string,
  resumed?: { provider: string; model: string },
): ProviderSelection {
  return resolveProviderSelection({
    flags: {
      ...(flags.provider ? { provider: flags.provider } : {}),
      ...(flags.model ? { model: flags.model } : {}),
      ...(flags.mockScript ? { mockScript: flags.mockScript } : {}),
    },
    env,
    picassoHome,
    ...(resumed ? { resumed } : {}),
  });
}

/** The selected provider; the mock server's code loads only when the mock is chosen. */
async function openProvider(
  selection: ProviderSelection,
  env: Record<string, string | undefined>,
  picassoHome: string,
): Promise<ModelProvider> {
  if (selection.provider !== "mock") return createProvider(selection, env);
  const { openMockProvider } = await import("./open-mock-provider.js");
  return openMockProvider(selection, env, picassoHome);
}
