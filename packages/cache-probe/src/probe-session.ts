/**
 * The session a probe drives, composed as the CLI composes it (apps/cli/src/wiring.ts and
 * plugin-mounts.ts, which packages may not import — keep the two in step):
 * - the CLI composition (`patches/` + $PICASSO_HOME + project patch files) loaded once and given
 *   to lean context; the plugins its `plugins:` rows name, in that order (`lean-context`, `tools`);
 *   engine settings from it (tool output limit, compaction threshold), under the scenario's;
 * - a repeated identical `read` result becomes a pointer to the earlier copy (lean-context dedupe);
 * - `tool_call` is checked under its target's effect.
 * Provider, approver, settings and clock come from the scenario. `plugins` lets a test wrap the
 * product's plugins (to inject a regression) without editing product code.
 */
import {
  type Approver,
  createSession,
  type EngineSettings,
  type LogObserver,
  type Session,
} from "@picasso/engine";
import {
  type Composition,
  createLeanContextPlugin,
  type LeanContextPlugin,
  loadComposition,
} from "@picasso/lean-context";
import type { PermissionMode, PicassoPlugin } from "@picasso/protocol";
import type { ModelProvider } from "@picasso/providers";
import { builtinTools, createToolRuntime, type ToolRuntime } from "@picasso/tools";

export interface ProbeSessionOptions {
  provider: ModelProvider;
  workspaceRoot: string;
  picassoHome: string;
  approver: Approver;
  mode?: PermissionMode;
  settings?: Partial<EngineSettings>;
  observers?: LogObserver[];
  resume?: "newest";
  now?: () => Date;
  /** Replace the product plugins (lean context, core tools) by wrapped ones. */
  plugins?: (plugins: PicassoPlugin[]) => PicassoPlugin[];
}

export interface ProbeSession {
  session: Session;
  leanContext: LeanContextPlugin;
  close(reason?: string): Promise<void>;
}

export const PROBE_VERSION = "probe";

function mountPlugins(
  composition: Composition,
  leanContext: LeanContextPlugin,
  tools: ToolRuntime,
): PicassoPlugin[] {
  return composition.plugins.map((row) => {
    if (row.name === "lean-context") return leanContext;
    if (row.name === "tools") return { name: "tools", registerTools: () => builtinTools(tools) };
    throw new Error(`the probe cannot mount plugin "${row.name}" named by ${composition.files.join(", ")}`);
  });
}

export async function openProbeSession(options: ProbeSessionOptions): Promise<ProbeSession> {
  const composition = loadComposition({
    surface: "cli",
    picassoHome: options.picassoHome,
    workspaceRoot: options.workspaceRoot,
  });
  const toolRuntime = createToolRuntime({ killGraceMs: 200 });
  const leanContext = createLeanContextPlugin({ composition });
  const product = mountPlugins(composition, leanContext, toolRuntime);
  let session: Session;
  try {
    session = await createSession({
      provider: options.provider,
      plugins: options.plugins ? options.plugins(product) : product,
      workspaceRoot: options.workspaceRoot,
      picassoHome: options.picassoHome,
      ...(options.mode ? { mode: options.mode } : {}),
      approver: options.approver,
      surface: "cli",
      surfaceLabel: "probe",
      version: PROBE_VERSION,
      ...(options.resume ? { resume: options.resume } : {}),
      settings: {
        toolOutputLimitBytes: composition.settings["tools.outputLimitBytes"],
        compactAt: composition.settings["compaction.threshold"],
        ...options.settings,
      },
      ...(options.observers ? { observers: options.observers } : {}),
      ...(options.now ? { now: options.now } : {}),
      filterToolOutput: ({ lane, messages, name, input, output }) => {
        if (name !== "read" || typeof input.path !== "string") return output;
        const result = leanContext.dedupeAppend(messages, output.content, `file read of ${input.path}`, lane);
        return result.deduped ? { ...output, content: result.content } : output;
      },
      toolEffect: (tool, input) =>
        tool.spec.name === "tool_call" ? (leanContext.toolCallTarget(input)?.effect ?? "read") : undefined,
    });
  } catch (error) {
    await toolRuntime.dispose();
    throw error;
  }
  return {
    session,
    leanContext,
    async close(reason = "probe") {
      await session.close(reason);
      await toolRuntime.dispose();
    },
  };
}
