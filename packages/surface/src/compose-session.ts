/**
 * Composing a session — the one place a surface turns a provider and a workspace into a running
 * Picasso session. The CLI (headless and TUI), the cache-probe and later the SDK server all come
 * through here, so what the probe measures is what users run:
 * - the composition for the surface (`patches/` + $PICASSO_HOME + the project's patch file) is
 *   loaded once and given to lean context;
 * - the plugins its `plugins:` rows name are mounted in that order (plugin-mounts.ts); engine
 *   settings (tool output limit, compaction threshold) come from it, under the caller's;
 * Nothing here knows a tool by name: a repeated read becomes a pointer through lean context's
 * `tool/result` hook, and a gateway call is checked as the tool it runs through the gateway's own
 * `callEffect`.
 * Memory (`$PICASSO_HOME/memory.db`, session-memory.ts) feeds lean context's session facts its
 * pinned memories and preferences; a database it cannot use is one line in `warnings()`, and the
 * session runs without memory.
 * Project files that could run programs or loosen the walls (`.mcp.json`, the project patch,
 * Claude Code's project allow rules) are used only once the user approved their content
 * (project-config.ts); those left out are the first lines of `warnings()`, with how to approve.
 * The session's catalog folder (`$PICASSO_HOME/tool-catalog/`) is readable by the file tools.
 * Tool process groups are recorded beside the session's log; opening a session (a resumed one)
 * first kills the groups an earlier run recorded and left alive.
 * `close()` ends the session and kills leftover tool processes; the provider is the caller's.
 */
import { rmSync } from "node:fs";
import { join } from "node:path";
import {
  type Approver,
  createSession,
  type EngineSettings,
  type LogObserver,
  projectSessionsDir,
  type Session,
  type SessionEventListener,
  type SessionOptions,
  sessionProcessGroupsPath,
} from "@picasso/engine";
import { createLeanContextPlugin, type LeanContextPlugin, loadComposition } from "@picasso/lean-context";
import type { McpPlugin, McpServerConfig } from "@picasso/mcp";
import type { MemoryPlugin } from "@picasso/memory";
import type { AskUserRequest, ModelProvider, PermissionMode, PicassoPlugin } from "@picasso/protocol";
import {
  createSandboxTemp,
  createToolRuntime,
  type FileAccess,
  hiddenPaths,
  type SandboxMode,
  sweepStaleSandboxTemps,
  type ToolRuntime,
} from "@picasso/tools";
import { trustStoreProblem } from "@picasso/workspace";
import { mcpPluginFor, withMcpAllowRules } from "./mcp-mount.js";
import { composedTools, engineSettingsFrom, mountPlugins } from "./plugin-mounts.js";
import { pendingProjectConfig, withheldLines } from "./project-config.js";
import { createSessionMemory } from "./session-memory.js";

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
  /** Wrap the product's plugins (tests inject regressions this way, never by editing product code). */
  wrapPlugins?: (plugins: PicassoPlugin[]) => PicassoPlugin[];
}

export interface ComposedSession {
  session: Session;
  leanContext: LeanContextPlugin;
  memory: MemoryPlugin;
  mcp: McpPlugin;
  /** What the user should be told about this session's set-up, one line each (lean context's
   *  Tier-1 warnings, a memory database that could not be used, MCP configuration mistakes). */
  warnings(): string[];
  /** The session's tool runtime (its goal, todos, terminals…), for surfaces such as goal rounds. */
  toolRuntime: ToolRuntime;
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
  sweepStaleSandboxTemps();
  const sandboxTmp = createSandboxTemp();
  const toolRuntime = createToolRuntime({
    ...(options.killGraceMs ? { killGraceMs: options.killGraceMs } : {}),
    ...(options.files ? { files: options.files } : {}),
    sandbox: {
      settings: {
        mode: options.sandbox ?? composition.settings["sandbox.mode"],
        network: composition.settings["sandbox.network"],
      },
      place: {
        workspaceRoot: options.workspaceRoot,
        tempDir: sandboxTmp,
        hidden: hiddenPaths(options.picassoHome),
      },
    },
    web: {
      allowPrivateNetwork: composition.settings["web.allowPrivateNetwork"],
      searchUrl: composition.settings["web.searchUrl"],
    },
  });
  const memory = createSessionMemory({
    picassoHome: options.picassoHome,
    workspaceRoot: options.workspaceRoot,
    composition,
    ...(options.now ? { now: options.now } : {}),
  });
  const mountsMemory = composition.plugins.some((row) => row.name === "memory");
  const leanContext = createLeanContextPlugin({
    composition,
    // Only when the composition mounts memory: otherwise memory.db is never opened.
    ...(mountsMemory ? { pinnedMemories: () => memory.pinnedLines() } : {}),
    ...(options.claudeHome ? { claudeHome: options.claudeHome } : {}),
  });
  const mcp = mcpPluginFor({
    workspaceRoot: options.workspaceRoot,
    picassoHome: options.picassoHome,
    reservedNames: composedTools(composition, { leanContext, toolRuntime, memory }).map((t) => t.spec.name),
    version: options.version,
    ...(options.env ? { env: options.env } : {}),
    ...(options.claudeHome ? { claudeHome: options.claudeHome } : {}),
    ...(options.mcpServers ? { extraServers: options.mcpServers } : {}),
    ...(toolRuntime.sandbox?.isolation ? { isolate: toolRuntime.sandbox.isolation } : {}),
  });
  const product = mountPlugins(composition, { leanContext, toolRuntime, memory, mcp });
  let session: Session;
  try {
    session = await createSession({
      provider: options.provider,
      plugins: options.wrapPlugins ? options.wrapPlugins(product) : product,
      workspaceRoot: options.workspaceRoot,
      ...(options.cwd ? { cwd: options.cwd } : {}),
      picassoHome: options.picassoHome,
      ...(options.mode ? { mode: options.mode } : {}),
      approver: withMcpAllowRules(options.approver, mcp),
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
    });
    toolRuntime.sessionsDir = projectSessionsDir(options.picassoHome, session.rt.workspaceRoot);
    const recorded = session;
    mcp.setEventSink((event, lane) => recorded.rt.record(event, lane));
    await toolRuntime.recordProcessGroupsIn(
      sessionProcessGroupsPath(options.picassoHome, session.rt.workspaceRoot, session.id),
    );
  } catch (error) {
    memory.close();
    await mcp.close();
    await toolRuntime.dispose();
    rmSync(sandboxTmp, { recursive: true, force: true });
    throw error;
  }
  return {
    session,
    leanContext,
    memory,
    mcp,
    warnings: () => {
      const problem = mountsMemory ? memory.problem() : undefined;
      const trust = trustStoreProblem(options.picassoHome);
      return [
        ...withheld,
        ...(trust ? [trust] : []),
        ...leanContext.warnings(),
        ...(problem ? [problem] : []),
        ...mcp.problems,
      ];
    },
    toolRuntime,
    async close(reason = "done") {
      // Servers stop first, so their exits are in the log before session_end.
      await mcp.close();
      await session.close(reason);
      memory.close();
      await toolRuntime.dispose();
      rmSync(sandboxTmp, { recursive: true, force: true });
    },
  };
}
