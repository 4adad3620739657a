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
 * The session's catalog folder (`$PICASSO_HOME/tool-catalog/`) is readable by the file tools.
 * Tool process groups are recorded beside the session's log; opening a session (a resumed one)
 * first kills the groups an earlier run recorded and left alive.
 * `close()` ends the session and kills leftover tool processes; the provider is the caller's.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
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
import type { AskUserRequest, ModelProvider, PermissionMode, PicassoPlugin } from "@picasso/protocol";
import { createToolRuntime, hiddenPaths, type SandboxMode, type ToolRuntime } from "@picasso/tools";
import { engineSettingsFrom, mountPlugins } from "./plugin-mounts.js";

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
  /** Wrap the product's plugins (tests inject regressions this way, never by editing product code). */
  wrapPlugins?: (plugins: PicassoPlugin[]) => PicassoPlugin[];
}

export interface ComposedSession {
  session: Session;
  leanContext: LeanContextPlugin;
  /** The session's tool runtime (its goal, todos, terminals…), for surfaces such as goal rounds. */
  toolRuntime: ToolRuntime;
  close(reason?: string): Promise<void>;
}

export async function composeSession(options: ComposeSessionOptions): Promise<ComposedSession> {
  const composition = loadComposition({
    surface: options.surface,
    picassoHome: options.picassoHome,
    workspaceRoot: options.workspaceRoot,
  });
  const sandboxTmp = mkdtempSync(join(tmpdir(), "picasso-sandbox-tmp-"));
  const toolRuntime = createToolRuntime({
    ...(options.killGraceMs ? { killGraceMs: options.killGraceMs } : {}),
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
  const leanContext = createLeanContextPlugin({
    composition,
    ...(options.claudeHome ? { claudeHome: options.claudeHome } : {}),
  });
  const product = mountPlugins(composition, { leanContext, toolRuntime });
  let session: Session;
  try {
    session = await createSession({
      provider: options.provider,
      plugins: options.wrapPlugins ? options.wrapPlugins(product) : product,
      workspaceRoot: options.workspaceRoot,
      ...(options.cwd ? { cwd: options.cwd } : {}),
      picassoHome: options.picassoHome,
      ...(options.mode ? { mode: options.mode } : {}),
      approver: options.approver,
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
    await toolRuntime.recordProcessGroupsIn(
      sessionProcessGroupsPath(options.picassoHome, session.rt.workspaceRoot, session.id),
    );
  } catch (error) {
    await toolRuntime.dispose();
    rmSync(sandboxTmp, { recursive: true, force: true });
    throw error;
  }
  return {
    session,
    leanContext,
    toolRuntime,
    async close(reason = "done") {
      await session.close(reason);
      await toolRuntime.dispose();
      rmSync(sandboxTmp, { recursive: true, force: true });
    },
  };
}
