/**
 * The session a probe drives: composed exactly as the CLI composes it (apps/cli/src/wiring.ts) —
 * the core tools, then lean context (Tier 1 from the repository's `patches/` composition,
 * pre-step reminders), with `tool_call` checked under its target's effect — but with the
 * provider, approver, settings and clock given by the scenario. `plugins` lets a test wrap the
 * product's plugins (to inject a regression) without editing product code.
 * The CLI's wiring lives in apps/cli, which packages may not import; this mirrors its plugin list.
 */
import {
  type Approver,
  createSession,
  type EngineSettings,
  type LogObserver,
  type Session,
} from "@picasso/engine";
import { createLeanContextPlugin, type LeanContextPlugin } from "@picasso/lean-context";
import type { PermissionMode, PicassoPlugin } from "@picasso/protocol";
import type { ModelProvider } from "@picasso/providers";
import { builtinTools, createToolRuntime } from "@picasso/tools";

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
  /** Replace the product plugins (core tools, lean context) by wrapped ones. */
  plugins?: (plugins: PicassoPlugin[]) => PicassoPlugin[];
}

export interface ProbeSession {
  session: Session;
  leanContext: LeanContextPlugin;
  close(reason?: string): Promise<void>;
}

export const PROBE_VERSION = "probe";

export async function openProbeSession(options: ProbeSessionOptions): Promise<ProbeSession> {
  const toolRuntime = createToolRuntime({ killGraceMs: 200 });
  const leanContext = createLeanContextPlugin();
  const product: PicassoPlugin[] = [
    { name: "core-tools", registerTools: () => builtinTools(toolRuntime) },
    leanContext,
  ];
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
      ...(options.settings ? { settings: options.settings } : {}),
      ...(options.observers ? { observers: options.observers } : {}),
      ...(options.now ? { now: options.now } : {}),
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
      session.close(reason);
      await toolRuntime.dispose();
    },
  };
}
