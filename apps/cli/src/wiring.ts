/**
 * Wiring a session from command-line flags — the one place the CLI composes the engine:
 * - provider: `resolveProviderSelection` (flag > env > $PICASSO_HOME/config.yaml) → `createProvider`;
 * - plugins: those the composition in `patches/` names (plugin-mounts.ts) — lean context, which
 *   assembles Tier 1 and appends pre-step reminders, and the core tools; engine settings (output
 *   limit, compaction threshold) come from the composition too;
 * - the `tool_call` gateway is checked with its target's effect (so plan mode and approvals see
 *   a deferred write as a write); a repeated identical `read` result is deduped by lean context;
 * - workspace: the nearest folder at or above cwd with `.git` or `.picasso`.
 * `close()` ends the session, kills leftover tool processes and stops an in-process mock.
 */
import {
  type Approver,
  createSession,
  defaultPicassoHome,
  type EngineSettings,
  type LogObserver,
  type Session,
} from "@picasso/engine";
import { createLeanContextPlugin, findWorkspaceRoot, loadComposition } from "@picasso/lean-context";
import { type AskUserRequest, type PermissionMode, PermissionModeSchema, UserError } from "@picasso/protocol";
import { createProvider, type ModelProvider, resolveProviderSelection } from "@picasso/providers";
import { createToolRuntime } from "@picasso/tools";
import { engineSettingsFrom, mountPlugins } from "./plugin-mounts.js";
import { VERSION } from "./version.js";

export interface SessionFlags {
  provider?: string;
  model?: string;
  mockScript?: string;
  mode?: string;
  continue?: boolean;
  resume?: string;
}

export interface WiredSession {
  session: Session;
  provider: ModelProvider;
  close(reason?: string): Promise<void>;
}

export function parseMode(value: string | undefined): PermissionMode | undefined {
  if (value === undefined) return undefined;
  const parsed = PermissionModeSchema.safeParse(value);
  if (!parsed.success) throw new UserError(`--mode: expected default, plan or auto, got "${value}"`);
  return parsed.data;
}

export function resumeTarget(flags: SessionFlags): { id: string } | "newest" | undefined {
  if (flags.continue && flags.resume) throw new UserError("use either --continue or --resume <id>, not both");
  if (flags.resume) return { id: flags.resume };
  return flags.continue ? "newest" : undefined;
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
    /** Who answers `ask_user` (the TUI); without it the engine's headless answer applies. */
    askUser?: (request: AskUserRequest) => Promise<string>;
  },
): Promise<WiredSession> {
  const env = options.env ?? process.env;
  const picassoHome = defaultPicassoHome(env);
  const cwd = options.cwd ?? process.cwd();
  const mode = parseMode(flags.mode);
  const resume = resumeTarget(flags);
  const selection = resolveProviderSelection({
    flags: {
      ...(flags.provider ? { provider: flags.provider } : {}),
      ...(flags.model ? { model: flags.model } : {}),
      ...(flags.mockScript ? { mockScript: flags.mockScript } : {}),
    },
    env,
    picassoHome,
  });
  const workspaceRoot = findWorkspaceRoot(cwd);
  const composition = loadComposition({ surface: "cli", picassoHome, workspaceRoot });
  const provider = await createProvider(selection, env);
  const toolRuntime = createToolRuntime();
  const leanContext = createLeanContextPlugin({ composition });
  let session: Session;
  try {
    session = await createSession({
      provider,
      plugins: mountPlugins(composition, { leanContext, toolRuntime }),
      workspaceRoot,
      cwd,
      picassoHome,
      ...(mode ? { mode } : {}),
      approver: options.approver,
      surface: "cli",
      surfaceLabel: options.surfaceLabel,
      version: VERSION,
      ...(resume ? { resume } : {}),
      settings: { ...engineSettingsFrom(composition), ...options.settings },
      ...(options.observers ? { observers: options.observers } : {}),
      ...(options.askUser ? { askUser: options.askUser } : {}),
      // A repeated identical file read becomes a pointer to the earlier copy (lean-context dedupe).
      filterToolOutput: ({ lane, messages, name, input, output }) => {
        if (name !== "read" || typeof input.path !== "string") return output;
        const result = leanContext.dedupeAppend(messages, output.content, `file read of ${input.path}`, lane);
        return result.deduped ? { ...output, content: result.content } : output;
      },
      // tool_call runs a deferred tool: permissions see that tool, its effect and its arguments.
      toolTarget: (tool, input) => {
        if (tool.spec.name !== "tool_call") return undefined;
        const target = leanContext.toolCallTarget(input);
        const args = input.arguments;
        return target
          ? { tool: target, input: args && typeof args === "object" ? (args as Record<string, unknown>) : {} }
          : undefined;
      },
      // A tool_call naming no known tool only answers with an error: no need to ask.
      toolEffect: (tool, input) =>
        tool.spec.name === "tool_call" && !leanContext.toolCallTarget(input) ? "read" : undefined,
    });
  } catch (error) {
    await toolRuntime.dispose();
    await provider.close?.();
    throw error;
  }
  return {
    session,
    provider,
    async close(reason = "done") {
      await session.close(reason);
      await toolRuntime.dispose();
      await provider.close?.();
    },
  };
}
