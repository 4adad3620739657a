/**
 * Composing a session — the one place a surface turns a provider and a workspace into a running
 * Picasso session. The CLI (headless and TUI), the cache-probe and the ACP server all come
 * through here, so what the probe measures is what users run:
 * - the composition for the surface (`patches/` + $PICASSO_HOME + the project's patch file) is
 *   loaded once; the extensions its `plugins:` rows name are mounted in that order by one loop over
 *   the registry (extension-registry.ts); engine settings (tool output limit, compaction
 *   threshold) come from it, under the caller's;
 * - the session owns the extensions: it starts them once it is open (the tools' process-group
 *   record, MCP's event recording) and closes them in reverse order when it closes — one teardown.
 * Nothing here knows a tool by name: a repeated read becomes a pointer through lean context's
 * `tool/result` hook, and a gateway call is checked as the tool it runs through the gateway's own
 * `callEffect`.
 * Project files that could run programs or loosen the walls (`.mcp.json`, the project patch,
 * Claude Code's project allow rules) are used only once the user approved their content
 * (project-config.ts); those left out are the first lines of `warnings()`, with how to approve.
 * The session's catalog folder (`$PICASSO_HOME/tool-catalog/`) is readable by the file tools.
 */
import { join } from "node:path";
import {
  type Approver,
  createSession,
  type EngineSettings,
  type LogObserver,
  type Session,
  type SessionEventListener,
  type SessionOptions,
} from "@picasso/engine";
import { type LeanContextPlugin, loadComposition } from "@picasso/lean-context";
import type { ElicitationPolicy, McpPlugin, McpServerConfig } from "@picasso/mcp";
import type { MemoryPlugin } from "@picasso/memory";
import {
  type AskUserRequest,
  type ExtensionOperation,
  type ModelProvider,
  markStartup,
  type PermissionMode,
  type PicassoExtension,
  UserError,
} from "@picasso/protocol";
import type { FileAccess, SandboxMode, ToolRuntime } from "@picasso/tools";
import { trustStoreProblem } from "@picasso/workspace";
import { coreOperationClash, type OperationHost, sessionOperations } from "./core-operations.js";
import { mountExtensions } from "./extension-registry.js";
import { withMcpAllowRules } from "./mcp-mount.js";
import { engineSettingsFrom } from "./plugin-mounts.js";
import { pendingProjectConfig, withheldLines } from "./project-config.js";
import { promptImageResolver } from "./prompt-images.js";
import { withResourceMentions } from "./prompt-resources.js";

export interface ComposeSessionOptions {
  provider: ModelProvider;
  workspaceRoot: string;
  cwd?: string;
  picassoHome: string;
  surface: "cli" | "sdk";
  /** Shown in the log's session_start (`headless`, `tui`, `probe`…). */
  surfaceLabel: string;
  version: string;
  approver: Approver;
  mode?: PermissionMode;
  resume?: SessionOptions["resume"];
  settings?: Partial<EngineSettings>;
  observers?: LogObserver[];
  /** Every session event from `session_start` on. */
  onEvent?: SessionEventListener;
  /** Who answers `ask_user` (the TUI); without it the engine's headless answer applies. */
  askUser?: (request: AskUserRequest) => Promise<string>;
  now?: () => Date;
  /** Grace period before leftover tool processes are SIGKILLed. */
  killGraceMs?: number;
  /** Overrides the composition's `sandbox.mode` (the CLI's `--sandbox`). */
  sandbox?: SandboxMode;
  /** Claude Code's user folder whose `skills/` lean context reads (default `$CLAUDE_CONFIG_DIR` or `~/.claude`). */
  claudeHome?: string;
  /** Where the file tools read and write whole files (an ACP editor's buffers); default the disk. */
  files?: FileAccess;
  /** The environment `${VAR}` in MCP configuration expands from (default process.env). */
  env?: NodeJS.ProcessEnv;
  /** MCP servers the client passes (ACP `session/new`), mounted beside the configured ones. */
  mcpServers?: readonly McpServerConfig[];
  /** How MCP servers' elicitations are answered (headless `--elicit`); default: asked through `askUser`. */
  mcpElicitation?: ElicitationPolicy;
  /** Opens an MCP server's OAuth authorization URL for `/mcp:login`; absent: the URL is only shown. */
  mcpOpenUrl?: (url: URL) => void;
  /** Wrap the product's extensions (tests inject regressions this way, never by editing product code). */
  wrapPlugins?: (plugins: PicassoExtension[]) => PicassoExtension[];
  /** What the surface can do for the core operations (`/model <id>`, `/resume <id>`). */
  operationHost?: OperationHost;
  /** Why `provider` is no real model (the no-key mock), for operations that need one (`init`). */
  providerStandIn?: string;
}

export interface ComposedSession {
  session: Session;
  /** The mounted extensions, in mount order (what the session runs with). */
  extensions: readonly PicassoExtension[];
  leanContext: LeanContextPlugin;
  /** Undefined when the composition does not mount memory. */
  memory: MemoryPlugin | undefined;
  /** Undefined when the composition does not mount MCP. */
  mcp: McpPlugin | undefined;
  /** What the user should be told about this session's set-up, one line each (project files left
   *  out, the trust store, then each extension's: lean context's Tier-1 warnings, a memory
   *  database that could not be used, MCP configuration mistakes). */
  warnings(): string[];
  /** The session's tool runtime (its goal, todos, terminals…), for surfaces such as goal rounds. */
  toolRuntime: ToolRuntime;
  /** What a user can ask of the session directly: the core operations, then each extension's (core-operations.ts). */
  operations: readonly ExtensionOperation[];
  /** Ends the session: its extensions close in reverse mount order, MCP servers and tool
   *  processes included, before `session_end`. The provider is the caller's. */
  close(reason?: string): Promise<void>;
}

export async function composeSession(options: ComposeSessionOptions): Promise<ComposedSession> {
  // Project files the user has not approved are left out by their loaders; say which, once.
  const withheld = withheldLines(pendingProjectConfig(options));
  const composition = loadComposition({
    surface: options.surface,
    picassoHome: options.picassoHome,
    workspaceRoot: options.workspaceRoot,
  });
  markStartup("composition-loaded");
  const mounted = mountExtensions({ ...options, composition });
  markStartup("extensions-mounted");
  const { leanContext, toolRuntime, memory, mcp } = mounted;
  if (!leanContext || !toolRuntime) {
    await mounted.close();
    throw new UserError(
      `the composition (${composition.files.join(", ")}) must mount the lean-context and tools plugins`,
    );
  }
  const extensions = options.wrapPlugins ? options.wrapPlugins(mounted.extensions) : mounted.extensions;
  const clash = coreOperationClash(extensions);
  if (clash) {
    await mounted.close();
    throw new Error(clash);
  }
  // From here the session owns the extensions: it starts them once open and closes them when it
  // closes — or at once, when it fails to open.
  const session = await createSession({
    provider: options.provider,
    plugins: extensions,
    workspaceRoot: options.workspaceRoot,
    ...(options.cwd ? { cwd: options.cwd } : {}),
    picassoHome: options.picassoHome,
    ...(options.mode ? { mode: options.mode } : {}),
    approver: mcp ? withMcpAllowRules(options.approver, mcp) : options.approver,
    surface: options.surface,
    surfaceLabel: options.surfaceLabel,
    version: options.version,
    ...(options.resume ? { resume: options.resume } : {}),
    settings: {
      ...engineSettingsFrom(composition),
      ...options.settings,
      // The catalog lean context writes for people and the model to read (docs/catalog.md).
      allowedOutsidePaths: [
        ...(options.settings?.allowedOutsidePaths ?? []),
        join(options.picassoHome, "tool-catalog"),
      ],
    },
    ...(options.observers ? { observers: options.observers } : {}),
    ...(options.onEvent ? { onEvent: options.onEvent } : {}),
    ...(options.askUser ? { askUser: options.askUser } : {}),
    ...(options.now ? { now: options.now } : {}),
    // `@server:uri` mentions read MCP resources into the message (prompt-resources.ts).
    images: withResourceMentions(
      promptImageResolver({
        workspaceRoot: options.workspaceRoot,
        ...(options.cwd ? { cwd: options.cwd } : {}),
        allowedOutsidePaths: options.settings?.allowedOutsidePaths ?? [],
      }),
      mcp,
    ),
  });
  markStartup("session-open");
  return {
    session,
    extensions: mounted.extensions,
    leanContext,
    memory,
    mcp,
    warnings: () => {
      const trust = trustStoreProblem(options.picassoHome);
      return [...withheld, ...(trust ? [trust] : []), ...mounted.warnings()];
    },
    toolRuntime,
    operations: sessionOperations({ session, ...options }, options.operationHost),
    close: (reason = "done") => session.close(reason),
  };
}
