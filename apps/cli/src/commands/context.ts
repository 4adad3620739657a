/**
 * `picasso context [--json] [--mode default|plan|auto]`: the context map of a new session of the
 * current workspace (the `/context` model, `buildContextView`, over its Tier 1 and no history, in
 * the configured provider's window), then the Tier-1 composition — each section and tool with
 * bytes and estimated tokens, totals, caps hit, the Tier-1 hash and the eager baseline it is
 * compared with. `--json` has the report with the map's model under `map`. No engine, no provider, no model call:
 * it assembles Tier 1 from the same composition, instruction files and tools a session uses — the
 * configured MCP servers' gateways included (their cached tools count on the eager side).
 */
import { buildContextView, defaultPicassoHome } from "@picasso/engine";
import {
  createLeanContextPlugin,
  inspectWorkspace,
  loadComposition,
  renderContextReport,
} from "@picasso/lean-context";
import { canonicalJson, estimateTokens, withHeldProviderSecrets } from "@picasso/protocol";
import { contextWindowFor, resolveProviderSelection } from "@picasso/providers";
import { composedFamilies, composedTools, createSessionMemory, mcpPluginFor } from "@picasso/surface";
import { createToolRuntime } from "@picasso/tools";
import { contextMapText } from "@picasso/tui/context-map";
import { findWorkspaceRoot } from "@picasso/workspace";
import type { Command } from "commander";
import { parseMode } from "../wiring.js";
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
  const runtime = createToolRuntime();
  let closeMemory = () => {};
  try {
    // The tools a session of this workspace registers and the families they declare: the
    // composition's plugins, mounted alike.
    const composition = loadComposition({
      surface: "cli",
      picassoHome,
      workspaceRoot: findWorkspaceRoot(cwd),
    });
    const leanContext = createLeanContextPlugin({ composition, stats: false });
    const memory = createSessionMemory({ picassoHome, workspaceRoot: findWorkspaceRoot(cwd), composition });
    closeMemory = () => memory.close();
    const mcp = mcpPluginFor({
      workspaceRoot: findWorkspaceRoot(cwd),
      picassoHome,
      reservedNames: composedTools(composition, { leanContext, toolRuntime: runtime, memory }).map(
        (t) => t.spec.name,
      ),
      version: "context",
      ...(options.env ? { env: options.env } : {}),
    });
    const mounted = { leanContext, toolRuntime: runtime, memory, mcp };
    const { report, assembly } = inspectWorkspace({
      cwd,
      picassoHome,
      surface: "cli",
      mode,
      tools: composedTools(composition, mounted),
      ...composedFamilies(composition, mounted),
      entries: mcp.catalogEntries(),
    });
    const env = withHeldProviderSecrets(options.env ?? process.env);
    const selection = resolveProviderSelection({ env, picassoHome });
    const map = buildContextView({
      tier1: assembly.tier1,
      history: [],
      window: selection.contextWindow ?? contextWindowFor(selection.provider),
      describe: {},
      tier2: {},
      estimate: estimateTokens,
    });
    return flags.json
      ? `${JSON.stringify({ ...JSON.parse(canonicalJson(report)), map }, null, 2)}\n`
      : `${contextMapText(map, 100)}\n${renderContextReport(report)}\n`;
  } finally {
    closeMemory();
    await runtime.dispose();
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
}
