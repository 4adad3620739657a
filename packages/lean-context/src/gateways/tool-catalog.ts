/**
 * The catalog of deferred tools behind `tool_search` / `tool_call`, and its search.
 *
 * Search algorithm: an exact (case-insensitive) name returns that tool alone. Otherwise the
 * query is split into words of 2+ characters and each tool scores 3 per word in its name, 2 per
 * word equal to its family and 1 per word in its description; tools scoring above 0 are ranked
 * by score, then name. The answer renders 3 matches or fewer in full (description, canonical
 * input schema, family rules) and more as one line each. Deterministic for a given catalog.
 */
import { canonicalJson, type ToolDefinition } from "@picasso/protocol";
import { familyGuidance } from "../sections/family-guidance.js";

export const FULL_DETAIL_MATCHES = 3;
const LIST_LIMIT = 10;

export interface CatalogSearch {
  matches: ToolDefinition[];
  exact: boolean;
}

export class ToolCatalog {
  readonly tools: ToolDefinition[];
  readonly coreNames: string[];

  constructor(deferred: ToolDefinition[] = [], coreNames: string[] = []) {
    this.tools = [...deferred].sort((a, b) => (a.spec.name < b.spec.name ? -1 : 1));
    this.coreNames = coreNames;
  }

  find(name: string): ToolDefinition | undefined {
    return this.tools.find((t) => t.spec.name === name);
  }

  search(query: string): CatalogSearch {
    const q = query.trim().toLowerCase();
    const exact = this.tools.find((t) => t.spec.name.toLowerCase() === q);
    if (exact) return { matches: [exact], exact: true };
    const words = q.split(/[^a-z0-9_-]+/).filter((w) => w.length >= 2);
    const scored = this.tools
      .map((tool) => {
        const name = tool.spec.name.toLowerCase();
        const description = tool.spec.description.toLowerCase();
        let score = 0;
        for (const w of words) {
          if (name.includes(w)) score += 3;
          if (tool.family.toLowerCase() === w) score += 2;
          if (description.includes(w)) score += 1;
        }
        return { tool, score };
      })
      .filter((s) => s.score > 0)
      .sort((a, b) => b.score - a.score || (a.tool.spec.name < b.tool.spec.name ? -1 : 1));
    return { matches: scored.map((s) => s.tool), exact: false };
  }
}

/** The full Tier-2 description of one tool: what `tool_search` returns and `tool_call` errors repeat. */
export function describeTool(tool: ToolDefinition): string {
  const rules = familyGuidance(tool.family);
  return [
    `## ${tool.spec.name} (family: ${tool.family})`,
    tool.spec.description,
    `Input schema: ${canonicalJson(tool.spec.inputSchema)}`,
    ...(rules ? [`Rules: ${rules}`] : []),
    `Run it with tool_call({name: "${tool.spec.name}", arguments: {…}}).`,
  ].join("\n");
}

const firstSentence = (text: string) => (text.split(/(?<=\.)\s/)[0] ?? text).slice(0, 160);

export function renderSearch(catalog: ToolCatalog, query: string, result: CatalogSearch): string {
  if (catalog.tools.length === 0)
    return "No deferred tools are installed yet: every available tool is already in your tool list.";
  if (result.matches.length === 0)
    return `No tool matches "${query}". Deferred tools: ${catalog.tools.map((t) => t.spec.name).join(", ")}.`;
  if (result.matches.length <= FULL_DETAIL_MATCHES) return result.matches.map(describeTool).join("\n\n");
  const shown = result.matches.slice(0, LIST_LIMIT);
  const more = result.matches.length - shown.length;
  return [
    `${result.matches.length} tools match "${query}"; search an exact name for its schema:`,
    ...shown.map((t) => `- ${t.spec.name} (${t.family}): ${firstSentence(t.spec.description)}`),
    ...(more > 0 ? [`…and ${more} more; narrow the query.`] : []),
  ].join("\n");
}
