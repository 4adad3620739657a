/**
 * `picasso context [--json] [--mode default|plan|auto]`: the context map of a new session of the
 * current workspace (the `/context` model, `buildContextView`, over its Tier 1 and no history, in
 * the configured provider's window), the mounted extensions' panels (`panel()`, as a new session
 * has them: nothing recorded yet, MCP servers not spawned), then the Tier-1 composition — each
 * section and tool with bytes and estimated tokens, totals, caps hit, the Tier-1 hash and the
 * eager baseline it is compared with. `--json` has the report with the map's model under `map`
 * (its panels as `map.panels`). No engine, no provider, no model call: it assembles Tier 1 from
 * the same composition, instruction files and tools a session uses — the configured MCP servers'
 * gateways included (their cached tools count on the eager side).
 */
import { buildContextView, defaultPicassoHome, extensionPanels, panelText } from "@picasso/engine";
import { inspectWorkspace, renderContextReport } from "@picasso/lean-context";
import { canonicalJson, estimateTokens, withHeldProviderSecrets } from "@picasso/protocol";
import { contextWindowFor, resolveProviderSelection } from "@picasso/providers";
import { mountedFamilies, mountedTools, mountOffline } from "@picasso/surface";
import { contextMapText } from "@picasso/tui/context-map";
import { findWorkspaceRoot } from "@picasso/workspace";
import type { Command } from "commander";
import { parseMode } from "../wiring.js";
import { registerPins } from "./context-pin.js";
import { registerTimeline } from "./context-timeline.js";

export interface ContextFlags {
  json?: boolean;
  mode?: string;
}

/** The text `picasso context` prints for a cwd. */
export async function contextOutput(
  flags: ContextFlags,
  options: { cwd?: string; env?: NodeJS.ProcessEnv } = {},
): Promise<string> {
  const mode = parseMode(flags.mode) ?? "default";
  const cwd = options.cwd ?? process.cwd();
  const picassoHome = defaultPicassoHome(options.env ?? process.env);
  // The extensions a session of this workspace mounts, offline (the MCP gateways included).
  const mounted = mountOffline({
    workspaceRoot: findWorkspaceRoot(cwd),
    picassoHome,
    ...(options.env ? { env: options.env } : {}),
  });
  try {
    const { report, assembly } = inspectWorkspace({
      cwd,
      picassoHome,
      surface: "cli",
      mode,
      tools: mountedTools(mounted),
      ...mountedFamilies(mounted),
      entries: mounted.mcp?.catalogEntries() ?? [],
    });
    const env = withHeldProviderSecrets(options.env ?? process.env);
    const selection = resolveProviderSelection({ env, picassoHome });
    const map = buildContextView({
      tier1: assembly.tier1,
      history: [],
      window: selection.contextWindow ?? contextWindowFor(selection.provider),
      panels: extensionPanels(mounted.extensions),
      tier2: {},
      estimate: estimateTokens,
    });
    const panels = map.panels.length > 0 ? `\n${panelText(map.panels)}` : "";
    return flags.json
      ? `${JSON.stringify({ ...JSON.parse(canonicalJson(report)), map }, null, 2)}\n`
      : `${contextMapText(map, 100)}${panels}\n${renderContextReport(report)}\n`;
  } finally {
    await mounted.close();
  }
}

export function register(program: Command): void {
  const context = program
    .command("context")
    .description(
      "print the Tier-1 composition of this workspace: sections, tools, bytes, estimated tokens, hash",
    )
    .option("--json", "print the report as JSON")
    .option("--mode <mode>", "permission mode to show: default, plan or auto (Tier 1 is the same in all)")
    .action(async (flags: ContextFlags) => {
      process.stdout.write(await contextOutput(flags));
    });
  registerTimeline(context);
  registerPins(context);
}
