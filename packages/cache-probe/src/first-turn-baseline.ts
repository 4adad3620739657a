/**
 * The first-turn prefix of a workspace, lean against eager, per category.
 *
 * Both are assembled by lean-context from the same inputs (`inspectWorkspace`: the CLI
 * composition, the core tools and the gateways' registered tools, the instruction files): the
 * lean Tier 1 the product sends, and the eager baseline that loads everything up front (every
 * deferred and MCP tool schema in `tools`, instruction files, every skill body and memory body
 * in full). Skills are those of the workspace and of the probe's PICASSO_HOME and Claude folder;
 * memories those of the probe's `memory.db` this workspace reads (the user's and the project's):
 * lean carries none in Tier 1 (their index lines and pinned ones are session facts, Tier 2).
 * and MCP servers those of its `.mcp.json`, with the tools their cached catalogs list (the servers'
 * real schemas: the eager side sends each of them, the lean side one `<server>_call` each).
 * Bytes are what the lean-context report counts (tools as canonical JSON, system block texts);
 * tokens are o200k estimates.
 */
import { existsSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import {
  assembleEagerBaseline,
  type Catalog,
  inspectWorkspace,
  loadComposition,
  loadInstructionFiles,
  loadSkills,
  mcpServersWithTools,
  TOOL_CALL,
  TOOL_SEARCH,
} from "@picasso/lean-context";
import { MemoryService, MemoryStore, openMemoryDb } from "@picasso/memory";
import {
  type CatalogEntry,
  canonicalJson,
  estimateTokens,
  type Tier1,
  type ToolDefinition,
  type ToolFamily,
} from "@picasso/protocol";
import {
  memoryDbPath,
  mountedFamilies,
  mountedTools,
  mountOffline,
  workspaceMemoryScope,
} from "@picasso/surface";
import { findWorkspaceRoot } from "@picasso/workspace";
import { probeClaudeHome } from "./probe-session.js";

export interface CategoryRow {
  category: string;
  leanBytes: number;
  eagerBytes: number;
  leanTokens: number;
  eagerTokens: number;
}

/** The skill index of a baseline's Tier 1, beside what it would cost without triggers. */
export interface SkillIndexFigures {
  skills: number;
  /** Its bytes in Tier 1: every skill with a trigger while they fit. */
  bytes: number;
  /** The same skills listed by name only, without a trigger. */
  namesOnlyBytes: number;
  withTrigger: number;
  /** The characters every trigger was cut to, and how many were longer than that. */
  triggerChars: number;
  cut: number;
  budgetBytes: number;
}

export interface FirstTurnBaseline {
  lean: Tier1;
  eager: Tier1;
  skillIndex: SkillIndexFigures;
  /** What `tool_search` and `skill_search` search in a session of this workspace. */
  catalog: Catalog;
  rows: CategoryRow[];
  reduction: number;
}

function toolBytes(tier1: Tier1, pick: (name: string) => boolean): { bytes: number; tokens: number } {
  const specs = tier1.tools.filter((t) => pick(t.name));
  const bytes = tier1.toolSizes.filter((t) => pick(t.name)).reduce((n, t) => n + t.bytes, 0);
  return { bytes, tokens: specs.reduce((n, s) => n + estimateTokens(canonicalJson(s)), 0) };
}

function systemBytes(tier1: Tier1, pick: (id: string) => boolean): { bytes: number; tokens: number } {
  const blocks = tier1.system.filter((b) => pick(b.id));
  return {
    bytes: blocks.reduce((n, b) => n + Buffer.byteLength(b.text), 0),
    tokens: blocks.reduce((n, b) => n + estimateTokens(b.text), 0),
  };
}

export function firstTurnBaseline(workspaceRoot: string, picassoHome: string): FirstTurnBaseline {
  mkdirSync(join(workspaceRoot, ".picasso"), { recursive: true });
  // The extensions a session here mounts (the composition through the registry, as a session
  // does): their tools and the families they declare, MCP servers with their cached catalogs.
  const mounted = mountOffline({
    workspaceRoot: findWorkspaceRoot(workspaceRoot),
    picassoHome,
    claudeHome: probeClaudeHome(picassoHome),
    // The probe's homes only: the user's own command folders never enter the baseline.
    env: { HOME: picassoHome },
  });
  try {
    return baselineOf(workspaceRoot, picassoHome, mounted);
  } finally {
    void mounted.close();
  }
}

function baselineOf(
  workspaceRoot: string,
  picassoHome: string,
  mounted: ReturnType<typeof mountOffline>,
): FirstTurnBaseline {
  const tools = mountedTools(mounted);
  const { families, groups } = mountedFamilies(mounted);
  const entries = mounted.mcp?.catalogEntries() ?? [];
  const claudeHome = probeClaudeHome(picassoHome);
  const { assembly, catalog } = inspectWorkspace({
    cwd: workspaceRoot,
    picassoHome,
    claudeHome,
    tools,
    families,
    groups,
    entries,
  });
  const lean = assembly.tier1;
  const eager = eagerFrom(workspaceRoot, picassoHome, claudeHome, tools, entries, families);
  const core = new Set(assembly.split.core.map((t) => t.spec.name));
  const deferred = new Set(assembly.split.deferred.map((t) => t.spec.name));
  const gateway = (n: string) => n === TOOL_SEARCH || n === TOOL_CALL;
  const isMcp = (n: string) => !core.has(n) && !deferred.has(n) && !gateway(n);
  const sectionIds = assembly.tier1.system.map((b) => b.id).filter((id) => !id.includes(":index"));
  const rows: CategoryRow[] = [];
  const row = (
    category: string,
    l: { bytes: number; tokens: number },
    e: { bytes: number; tokens: number },
  ) =>
    rows.push({
      category,
      leanBytes: l.bytes,
      eagerBytes: e.bytes,
      leanTokens: l.tokens,
      eagerTokens: e.tokens,
    });
  row(
    "tools: core",
    toolBytes(lean, (n) => core.has(n)),
    toolBytes(eager, (n) => core.has(n)),
  );
  row("tools: gateways (tool_search, tool_call)", toolBytes(lean, gateway), toolBytes(eager, gateway));
  row(
    `tools: deferred (${[...deferred].join(", ") || "none"})`,
    toolBytes(lean, (n) => deferred.has(n)),
    toolBytes(eager, (n) => deferred.has(n)),
  );
  row(
    "tools: MCP (lean: one `<server>_call` each; eager: every tool)",
    toolBytes(lean, isMcp),
    toolBytes(eager, isMcp),
  );
  const framing = (t: Tier1) => ({ bytes: t.bytes.tools - toolBytes(t, () => true).bytes, tokens: 0 });
  row("tools: JSON array framing (brackets, commas)", framing(lean), framing(eager));
  for (const id of sectionIds)
    row(
      `system: ${id}`,
      systemBytes(lean, (i) => i === id),
      systemBytes(eager, (i) => i === id),
    );
  row(
    "system: instructions",
    systemBytes(lean, (i) => i === "instructions:index"),
    systemBytes(eager, (i) => i.startsWith("instructions:")),
  );
  row(
    "system: skills",
    systemBytes(lean, (i) => i === "skills:index"),
    systemBytes(eager, (i) => i.startsWith("skill:")),
  );
  row(
    "system: memories",
    { bytes: 0, tokens: 0 },
    systemBytes(eager, (i) => i.startsWith("memory:")),
  );
  const si = assembly.skillIndex;
  const skillIndex: SkillIndexFigures = {
    skills: si.skillsKnown,
    bytes: si.bytesAfter,
    namesOnlyBytes: si.namesOnlyBytes,
    withTrigger: si.withTrigger,
    triggerChars: si.triggerChars,
    cut: si.cut,
    budgetBytes: loadComposition({
      surface: "cli",
      picassoHome,
      workspaceRoot: findWorkspaceRoot(workspaceRoot),
    }).settings["skills.indexBudgetBytes"],
  };
  return {
    lean,
    eager,
    skillIndex,
    catalog,
    rows,
    reduction: eager.bytes.total > 0 ? 1 - lean.bytes.total / eager.bytes.total : 0,
  };
}

function eagerFrom(
  workspaceRoot: string,
  picassoHome: string,
  claudeHome: string,
  tools: ToolDefinition[],
  entries: CatalogEntry[],
  families: readonly ToolFamily[],
): Tier1 {
  // inspectWorkspace builds the eager baseline too but returns only its totals; rebuild it from
  // the same loaders and inputs to split it by category.
  const root = findWorkspaceRoot(workspaceRoot);
  return assembleEagerBaseline({
    composition: loadComposition({ surface: "cli", picassoHome, workspaceRoot: root }),
    tools,
    mcpServers: mcpServersWithTools(
      entries.filter((e) => e.kind === "mcp_server").map((e) => e.name),
      entries,
    ),
    instructions: loadInstructionFiles(root, workspaceRoot).files,
    skills: loadSkills({ workspaceRoot: root, picassoHome, claudeHome }).skills,
    memories: workspaceMemories(picassoHome, root),
    families,
  });
}

/** Every memory a session of the workspace may read (user and project scope), by id. */
function workspaceMemories(picassoHome: string, workspaceRoot: string): { id: string; body: string }[] {
  const path = memoryDbPath(picassoHome);
  if (!existsSync(path)) return [];
  const opened = openMemoryDb(path);
  if (!opened.db) throw new Error(opened.problem);
  const store = new MemoryStore(opened.db, path);
  try {
    const service = new MemoryService(store, { projectScope: workspaceMemoryScope(workspaceRoot) });
    return store
      .list({ scopes: service.scopes() })
      .sort((a, b) => a.id - b.id)
      .map((m) => ({ id: `m${m.id}`, body: `${m.title}\n${m.body}` }));
  } finally {
    store.close();
  }
}
