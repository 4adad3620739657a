/**
 * `picasso tools [--json]`, `picasso tools search <query> [--budget BYTES] [--json]` and
 * `picasso tools --write-catalog`: the catalog behind `tool_search`, offline (docs/catalog.md).
 *
 * The catalog is the one a session of this workspace would navigate (@picasso/surface workspace-catalog.ts):
 * the composition's deferred tools, the skills, the doc topics of AGENTS.md. `search` prints
 * exactly what `tool_search` would answer the model, under the composition's answer budget (or
 * `--budget`). `--write-catalog` regenerates the repository's `catalog/` (the built-in deferred
 * tools: `manifest.json`, `tool-catalog/<group>.md`); a test fails when it is stale. `picasso tools`
 * also says what changed since the workspace's last build (`catalog: 49 entries; 2 changed…`).
 */
import { defaultPicassoHome } from "@picasso/engine";
import {
  answerQuery,
  changesLine,
  recordCatalogBuild,
  renderManifest,
  writeCatalogFiles,
} from "@picasso/lean-context";
import { UserError } from "@picasso/protocol";
import { builtinCatalogFiles, REPOSITORY_CATALOG_DIR, workspaceCatalog } from "@picasso/surface";
import type { Command } from "commander";
import { renderCatalogTree } from "../catalog/render-catalog.js";

export interface ToolsFlags {
  json?: boolean;
  budget?: string;
  writeCatalog?: boolean;
}

export function parseBudget(value: string | undefined, flag = "--budget"): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!/^\d+$/.test(value.trim()) || !Number.isSafeInteger(n) || n < 256 || n > 1_000_000)
    throw new UserError(`${flag}: expected a whole number of bytes from 256 to 1000000, got "${value}"`);
  return n;
}

interface Where {
  cwd?: string;
  env?: NodeJS.ProcessEnv;
}

export async function toolsOutput(flags: ToolsFlags, where: Where = {}): Promise<string> {
  if (flags.writeCatalog) {
    writeCatalogFiles(REPOSITORY_CATALOG_DIR, await builtinCatalogFiles());
    return `wrote ${REPOSITORY_CATALOG_DIR}\n`;
  }
  const picassoHome = defaultPicassoHome(where.env ?? process.env);
  const ws = await workspaceCatalog({ cwd: where.cwd ?? process.cwd(), picassoHome });
  // What changed since this workspace's last build (catalog-store.ts); this build is stored in its place.
  const changes = recordCatalogBuild(picassoHome, ws.workspaceRoot, ws.catalog);
  if (flags.json) {
    const manifest = JSON.parse(renderManifest(ws.catalog));
    return `${JSON.stringify({ answerBudgetBytes: ws.answerBudget, warnings: ws.report.warnings, changes, ...manifest }, null, 2)}\n`;
  }
  return renderCatalogTree(ws.catalog, ws.answerBudget, ws.report.warnings, changesLine(changes, ws.catalog));
}

export async function toolsSearchOutput(
  query: string,
  flags: ToolsFlags,
  where: Where = {},
): Promise<string> {
  if (query.trim() === "")
    throw new UserError('tools search: give a query, e.g. picasso tools search "open a pull request"');
  const ws = await workspaceCatalog({
    cwd: where.cwd ?? process.cwd(),
    picassoHome: defaultPicassoHome(where.env ?? process.env),
  });
  const budget = parseBudget(flags.budget) ?? ws.answerBudget;
  const answer = answerQuery(ws.catalog, query, budget);
  if (!flags.json) return `${answer.text}\n`;
  return `${JSON.stringify({ query, budget, mode: answer.mode, bytes: answer.bytes, shown: answer.shown, text: answer.text }, null, 2)}\n`;
}

export function register(program: Command): void {
  const tools = program
    .command("tools")
    .description("the catalog behind tool_search (deferred tools, skills, MCP tools, doc topics), offline")
    .option("--json", "print the catalog as JSON (every node, leaves with their full text)")
    .option("--write-catalog", "regenerate the repository's catalog/ from the patch files and exit")
    .action(async (flags: ToolsFlags) => {
      process.stdout.write(await toolsOutput(flags));
    });
  tools
    .command("search <query...>")
    .description("what tool_search answers the model for a query")
    .option(
      "--budget <bytes>",
      "answer budget in bytes (default: the composition's catalog.answerBudgetBytes)",
    )
    .option("--json", "print the answer as JSON (mode, bytes, nodes shown)")
    .action(async (words: string[], flags: ToolsFlags) => {
      process.stdout.write(await toolsSearchOutput(words.join(" "), flags));
    });
  tools
    .command("describe <family>")
    .description(
      "propose what/when descriptors for a family's members (or mcp:<server>) with the model; grade them",
    )
    .option("--provider <name>", "anthropic, openai or mock (default: as for a session)")
    .option("--model <name>", "the model that writes the proposal")
    .option("--mock-script <file>", "with --provider mock: a mock-provider script")
    .option("--cases <file>", "navigation-eval cases to grade on (default catalog/eval/navigation.cases.yml)")
    .option("--budget <bytes>", "answer budget of the grade (default 1024)")
    .option("--write", "write catalog/descriptors/<family>.yml (reviewed text) instead of a dry run")
    .option("--json", "print the proposal and the grade as JSON")
    .action(async (family: string, flags) => {
      const budgetBytes = parseBudget(flags.budget);
      const { describeAction } = await import("./tools-describe.js");
      await describeAction(family, { ...flags, ...(budgetBytes ? { budgetBytes } : {}) });
    });
}
