/**
 * The catalog a session of a workspace would navigate, built offline — no engine, no provider:
 * the composition's extensions are mounted as a session mounts them (their registered tools and
 * the families they declare; the split into core and deferred is the composition's), then lean
 * context's `inspectWorkspace` adds the skills, the doc topics and the entries the extensions
 * contribute (`catalogEntries`: MCP servers and tools, custom commands…).
 * `picasso tools` and `picasso eval navigation` answer from it, so what they print is what the
 * model would see.
 *
 * `builtinCatalogFiles()` renders the repository's `catalog/`: the built-in deferred tools alone,
 * composed in an empty workspace with an empty PICASSO_HOME and HOME (no user or project patch, no
 * skills, no docs, no custom commands), so it depends only on the patch files and the tools' code.
 */
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  type Catalog,
  inspectWorkspace,
  loadEvalFixture,
  PICASSO_REPOSITORY_DIR,
  renderCatalogFiles,
  type WorkspaceContext,
} from "@picasso/lean-context";
import type { CatalogEntry, ToolDefinition, ToolFamily } from "@picasso/protocol";
import { findWorkspaceRoot } from "@picasso/workspace";
import { mountOffline } from "./offline-mount.js";
import { mountedFamilies, mountedTools } from "./plugin-mounts.js";

/** The repository's generated catalog folder, beside its `patches/`. */
export const REPOSITORY_CATALOG_DIR = join(PICASSO_REPOSITORY_DIR, "catalog");
export const CATALOG_COMMAND = "npm run build && node apps/cli/dist/main.js tools --write-catalog";

export interface WorkspaceCatalogOptions {
  cwd: string;
  picassoHome: string;
  claudeHome?: string;
  /** Where the user's folders are (`HOME`: `~/.gemini/commands`, `~/.codex/prompts`); default process.env. */
  env?: NodeJS.ProcessEnv;
  /** Tools beyond the composition's plugins (an eval fixture's), and the families they declare. */
  extraTools?: readonly ToolDefinition[];
  extraFamilies?: readonly ToolFamily[];
  entries?: readonly CatalogEntry[];
}

/**
 * The catalog of a navigation-eval fixture folder (`catalog/eval/fixture`): its workspace, homes,
 * stand-in deferred tools and families, and MCP entries, mounted as a session there would.
 */
export function evalFixtureCatalog(fixturePath: string): Promise<WorkspaceContext> {
  const fixture = loadEvalFixture(fixturePath);
  return workspaceCatalog({
    cwd: fixture.workspace,
    picassoHome: fixture.picassoHome,
    claudeHome: fixture.claudeHome,
    // The fixture's homes only: the user's own command folders never enter the eval.
    env: { HOME: fixture.picassoHome },
    extraTools: fixture.tools,
    extraFamilies: fixture.families,
    entries: fixture.entries,
  });
}

export async function workspaceCatalog(options: WorkspaceCatalogOptions): Promise<WorkspaceContext> {
  // The extensions a session here mounts; MCP servers with the tools their cached catalogs list (no spawn).
  const workspaceRoot = findWorkspaceRoot(options.cwd);
  const mounted = mountOffline({
    workspaceRoot,
    picassoHome: options.picassoHome,
    ...(options.claudeHome ? { claudeHome: options.claudeHome } : {}),
    ...(options.env ? { env: options.env } : {}),
  });
  try {
    const declared = mountedFamilies(mounted);
    const place = {
      surface: "cli" as const,
      workspaceRoot,
      cwd: options.cwd,
      picassoHome: options.picassoHome,
    };
    const contributed: CatalogEntry[] = [];
    for (const extension of mounted.extensions)
      if (extension !== mounted.mcp && extension.catalogEntries)
        contributed.push(...(await extension.catalogEntries(place)));
    const entries = [...(mounted.mcp?.catalogEntries() ?? []), ...contributed, ...(options.entries ?? [])];
    return inspectWorkspace({
      cwd: options.cwd,
      picassoHome: options.picassoHome,
      tools: [...mountedTools(mounted), ...(options.extraTools ?? [])],
      families: [...declared.families, ...(options.extraFamilies ?? [])],
      groups: declared.groups,
      ...(entries.length ? { entries } : {}),
      ...(options.claudeHome ? { claudeHome: options.claudeHome } : {}),
    });
  } finally {
    await mounted.close();
  }
}

/** The built-in deferred tools' catalog, in an empty workspace and PICASSO_HOME. */
export async function builtinCatalog(): Promise<Catalog> {
  const root = mkdtempSync(join(tmpdir(), "picasso-builtin-catalog-"));
  try {
    mkdirSync(join(root, ".picasso"));
    return (await workspaceCatalog({ cwd: root, picassoHome: root, claudeHome: root, env: { HOME: root } }))
      .catalog;
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

export async function builtinCatalogFiles(): Promise<Map<string, string>> {
  return renderCatalogFiles(await builtinCatalog(), "repository");
}
