/**
 * Working tool definitions for the gateways: `tool_search`, `tool_call` and `skill_search`.
 *
 * `tool_search` navigates the catalog (catalog-search.ts) and renders the answer under the
 * composition's `catalog.answerBudgetBytes` (catalog-answer.ts), at the `level` asked (`title`,
 * `brief`, `full`; absent: as the navigation decides); each expanded entry is one Tier-2 entry
 * with its bytes. `close` names loaded entries the model is done with: nothing is loaded, and the
 * Tier-2 budget (budget/) stops counting them. `tool_call` finds the named
 * deferred tool, validates the arguments against its schema (`@picasso/protocol/tool-arguments`,
 * ajv) and, when they are wrong,
 * returns an error carrying the tool's full text (description, schema, family rules) so the model
 * can correct itself; otherwise it runs the tool. A core tool named through `tool_call` is refused
 * with a hint to call it directly, so every call of a core tool is seen (and permission-checked)
 * under its own name; a skill gets a hint to load it, and an MCP tool — named as the catalog
 * names it, bare, or as another agent would (`server__tool`, `mcp__server__tool`) — the exact
 * `<server>_call` to make (mcp-redirect.ts).
 * `skill_search` is `tool_search` over the skills alone. Sources are read through getters
 * because they are known only once the session's Tier 1 is assembled.
 */
import {
  byteLength,
  type CallEffect,
  type Tier2Entry,
  type Tier2Kind,
  type ToolDefinition,
  type ToolOutput,
} from "@picasso/protocol";
import { argumentProblems } from "@picasso/protocol/tool-arguments";
import type { Catalog } from "../catalog/build-catalog.js";
import { type AnswerLevel, answerQuery, type CatalogAnswer } from "../catalog/catalog-answer.js";
import type { CatalogNodeKind } from "../catalog/catalog-node.js";
import { navigate } from "../catalog/catalog-search.js";
import { skillSearchSpec, toolCallSpec, toolSearchSpec } from "./gateway-specs.js";
import { mcpRedirect } from "./mcp-redirect.js";

export interface GatewaySources {
  catalog(): Catalog;
  coreNames(): readonly string[];
  /** Bytes one `tool_search` / `skill_search` answer may take. */
  answerBudget(): number;
}

/** The Tier-2 kind of each catalog leaf kind an answer may expand. */
export const TIER2_KIND: Partial<Record<CatalogNodeKind, Tier2Kind>> = {
  tool: "deferred_schema",
  mcp_tool: "mcp_catalog",
  skill: "skill_body",
  doc: "doc_topic",
};

/** One Tier-2 entry per leaf an answer expanded (in full or cut), with the bytes of its block. */
export function tier2Of(catalog: Catalog, shown: CatalogAnswer["shown"]): Tier2Entry[] {
  const entries: Tier2Entry[] = [];
  for (const s of shown) {
    const node = s.bytes === undefined ? undefined : catalog.node(s.id);
    const kind = node ? TIER2_KIND[node.kind] : undefined;
    if (node && kind) entries.push({ kind, name: node.name, bytes: s.bytes! });
  }
  return entries;
}

const LEVELS: readonly AnswerLevel[] = ["title", "brief", "full"];

export function toolSearchTool(sources: GatewaySources): ToolDefinition {
  return {
    spec: toolSearchSpec,
    effect: "read",
    family: "gateway",
    async run(input): Promise<ToolOutput> {
      const query = typeof input.query === "string" ? input.query : "";
      const close = Array.isArray(input.close) ? input.close.filter((n) => typeof n === "string") : [];
      const level = LEVELS.find((l) => l === input.level);
      if (input.level !== undefined && !level)
        return { content: `tool_search: level must be one of ${LEVELS.join(", ")}.`, isError: true };
      if (query.trim() === "" && close.length === 0)
        return { content: "tool_search needs a non-empty query, or names to close.", isError: true };
      // Closing loads nothing: the Tier-2 budget reads the call from history (budget/tier2-ledger.ts).
      const closed = close.length
        ? `Closed ${close.join(", ")}: their text above no longer applies; search an exact name to re-open.`
        : undefined;
      if (query.trim() === "") return { content: closed! };
      const catalog = sources.catalog();
      const answer = answerQuery(catalog, query, sources.answerBudget(), level);
      const content = closed ? `${closed}\n${answer.text}` : answer.text;
      const tier2 = tier2Of(catalog, answer.shown);
      return tier2.length > 0 ? { content, tier2 } : { content };
    },
  };
}

/**
 * The full text of a deferred tool with its family's rules (as its extension declares them, on
 * the catalog's family node): what `tool_call` errors repeat.
 */
export function describeTool(catalog: Catalog, name: string): string {
  const node = catalog.leaves.find((l) => l.kind === "tool" && l.name === name);
  const family = node?.parent ? catalog.node(node.parent) : undefined;
  const rules = family?.kind === "family" ? family.rules : undefined;
  return [node?.text ?? name, ...(rules ? [`Rules (family ${family!.name}): ${rules}`] : [])].join("\n");
}

function misdirected(catalog: Catalog, name: string, args: unknown): string | undefined {
  if (catalog.leaves.some((l) => l.kind === "skill" && l.name === name))
    return `"${name}" is a skill, not a tool: load it with skill({name: "${name}"}).`;
  return mcpRedirect(catalog, name, args);
}

export function toolCallTool(sources: GatewaySources): ToolDefinition {
  return {
    spec: toolCallSpec,
    // Every call reports its real effect (`callEffect`); this is the default for a surface that asks none.
    effect: "exec",
    family: "gateway",
    async run(input, ctx): Promise<ToolOutput> {
      const name = typeof input.name === "string" ? input.name : "";
      const catalog = sources.catalog();
      if (sources.coreNames().includes(name))
        return { content: `${name} is a core tool: call it directly, not through tool_call.`, isError: true };
      const tool = catalog.tool(name);
      if (!tool) {
        const hint = misdirected(catalog, name, input.arguments);
        if (hint) return { content: hint, isError: true };
        const names = catalog.toolNames;
        const known = names.length
          ? `Deferred tools: ${names.join(", ")}.`
          : "No deferred tools are installed yet.";
        return { content: `Unknown tool "${name}". ${known} Use tool_search to find tools.`, isError: true };
      }
      const problems = argumentProblems(tool.spec.inputSchema, input.arguments ?? {}, "picasso");
      if (problems.length > 0) {
        const schema = describeTool(catalog, name);
        return {
          content: `Invalid arguments for ${name}: ${problems.join("; ")}.\n\n${schema}`,
          isError: true,
          // The schema it repeats is a Tier-2 load, logged although the call failed.
          tier2: [{ kind: "deferred_schema", name, bytes: byteLength(schema) }],
        };
      }
      return tool.run((input.arguments ?? {}) as Record<string, unknown>, ctx);
    },
    // A call is checked as the deferred tool it runs (its effect, its arguments); a call naming no
    // deferred tool only answers with an error, so it reads.
    callEffect(input): CallEffect {
      const target = typeof input.name === "string" ? sources.catalog().tool(input.name) : undefined;
      if (!target) return { effect: "read" };
      const args = asRecord(input.arguments);
      // The target's own verdict for this input, including whether it runs in the command sandbox.
      const own = target.callEffect?.(args);
      return {
        effect: own?.effect ?? target.effect,
        ...(own?.sandboxed !== undefined ? { sandboxed: own.sandboxed } : {}),
        // A target that names what it runs (ralph_start's check command) has that input read by
        // the deny-list, through the gateway as directly.
        target: { name: target.spec.name, input: own?.target?.input ?? args },
      };
    },
  };
}

const asRecord = (value: unknown): Record<string, unknown> =>
  value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : {};

export function skillSearchTool(sources: GatewaySources): ToolDefinition {
  return {
    spec: skillSearchSpec,
    effect: "read",
    family: "skills",
    what: "Finds skills by name or trigger words, including those the skill index leaves out.",
    when: "No skill in the index fits the task, or the index says more skills are not listed; a known name: skill.",
    async run(input): Promise<ToolOutput> {
      const query = String(input.query ?? "").trim();
      const catalog = sources.catalog();
      const skills = catalog.leaves.filter((n) => n.kind === "skill");
      if (skills.length === 0) return { content: "No skills are installed." };
      const hits = query === "" ? skills : navigate(catalog, query).nodes.filter((n) => n.kind === "skill");
      if (hits.length === 0) return { content: `No skill matches "${query}".` };
      const lines = [`${hits.length} skills match "${query}"; load one with skill({name}):`];
      let bytes = byteLength(lines[0]!);
      for (const hit of hits.slice(0, 20)) {
        const line = `- ${hit.name}: ${hit.summary}`;
        bytes += byteLength(line) + 1;
        if (bytes > sources.answerBudget()) break;
        lines.push(line);
      }
      return { content: lines.join("\n") };
    },
  };
}
