/**
 * The session a probe drives, composed exactly as the CLI composes it (`composeSession` from
 * @picasso/surface). Provider, approver, settings and clock come from the scenario. `plugins`
 * lets a test wrap the product's extensions (to inject a regression) without editing product code.
 */
import { join } from "node:path";
import type { Approver, EngineSettings, LogObserver, Session } from "@picasso/engine";
import type { LeanContextPlugin } from "@picasso/lean-context";
import type { McpPlugin } from "@picasso/mcp";
import type { ModelProvider, PermissionMode, PicassoExtension } from "@picasso/protocol";
import { composeSession } from "@picasso/surface";

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
  plugins?: (plugins: PicassoExtension[]) => PicassoExtension[];
}

export interface ProbeSession {
  session: Session;
  leanContext: LeanContextPlugin;
  mcp: McpPlugin | undefined;
  close(reason?: string): Promise<void>;
}

export const PROBE_VERSION = "probe";

/** The probe's Claude Code folder: inside its own PICASSO_HOME, never the user's ~/.claude. */
export const probeClaudeHome = (picassoHome: string): string => join(picassoHome, ".claude");

export function openProbeSession(options: ProbeSessionOptions): Promise<ProbeSession> {
  return composeSession({
    claudeHome: probeClaudeHome(options.picassoHome),
    provider: options.provider,
    workspaceRoot: options.workspaceRoot,
    picassoHome: options.picassoHome,
    surface: "cli",
    surfaceLabel: "probe",
    version: PROBE_VERSION,
    approver: options.approver,
    killGraceMs: 200,
    ...(options.mode ? { mode: options.mode } : {}),
    ...(options.resume ? { resume: options.resume } : {}),
    ...(options.settings ? { settings: options.settings } : {}),
    ...(options.observers ? { observers: options.observers } : {}),
    ...(options.now ? { now: options.now } : {}),
    ...(options.plugins ? { wrapPlugins: options.plugins } : {}),
  });
}
