/**
 * What a session's catalog and skill index are made of, loaded once per session: the skills
 * lean context finds (skill-discovery.ts), the skills other plugins contribute (`skill` entries,
 * each a folder holding a SKILL.md), the doc topics of AGENTS.md, and the other contributed
 * entries (MCP servers and tools, docs). `sessionCatalog` then puts them with the deferred tools
 * into one `Catalog`, grouped as the extensions' declared families say. Warnings (a bad SKILL.md, a contributed skill folder without one) are one
 * line each, for the surfaces to show.
 */
import { join } from "node:path";
import type { CatalogEntry, CatalogGroupTitle, ToolDefinition, ToolFamily } from "@picasso/protocol";
import { displayPath, loadSkills, type Skill, type SkillSources } from "../skills/skill-discovery.js";
import { buildCatalog, type Catalog } from "./build-catalog.js";
import { type DescriptorOverlay, loadDescriptorOverlay } from "./descriptor-overlay.js";
import { loadDocTopics } from "./doc-topics.js";

export interface CatalogSources {
  skills: Skill[];
  /** Contributed entries other than skills, then the doc topics of AGENTS.md. */
  entries: CatalogEntry[];
  /** MCP servers named by `mcp_server` entries (each gets a `<server>_call` gateway). */
  mcpServers: string[];
  /** The workspace's committed member descriptors (`catalog/descriptors/*.yml`). */
  descriptors: DescriptorOverlay;
  warnings: string[];
}

export function loadCatalogSources(
  sources: SkillSources & { contributed?: readonly CatalogEntry[] },
): CatalogSources {
  const loaded = loadSkills(sources);
  const skills = [...loaded.skills];
  const warnings = [...loaded.warnings];
  const contributed = sources.contributed ?? [];
  for (const entry of contributed.filter((e) => e.kind === "skill")) {
    if (skills.some((s) => s.name === entry.name)) continue;
    if (!entry.location) {
      warnings.push(`skill "${entry.name}": contributed without a folder (location); left out`);
      continue;
    }
    skills.push({
      name: entry.name,
      description: entry.description,
      scope: entry.scope ?? "user",
      dir: entry.location,
      path: displayPath(join(entry.location, "SKILL.md"), sources.workspaceRoot),
      body: "",
    });
  }
  const entries = [...contributed.filter((e) => e.kind !== "skill"), ...loadDocTopics(sources.workspaceRoot)];
  const mcpServers = [...new Set(contributed.filter((e) => e.kind === "mcp_server").map((e) => e.name))];
  const descriptors = loadDescriptorOverlay(sources.workspaceRoot, undefined, sources.picassoHome);
  return { skills, entries, mcpServers, descriptors, warnings: [...warnings, ...descriptors.notes] };
}

/** The extensions' declared families and group titles, in mount order. */
export interface DeclaredFamilies {
  families: readonly ToolFamily[];
  groups: readonly CatalogGroupTitle[];
}

export function sessionCatalog(
  deferred: readonly ToolDefinition[],
  sources: CatalogSources,
  declared: DeclaredFamilies,
): Catalog {
  return buildCatalog({
    deferred,
    skills: sources.skills,
    entries: sources.entries,
    families: declared.families,
    groups: declared.groups,
    descriptors: sources.descriptors,
  });
}
