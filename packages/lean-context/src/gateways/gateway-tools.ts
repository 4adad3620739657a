/**
 * Working tool definitions for the gateways: `tool_search`, `tool_call` and `skill_search`.
 *
 * `tool_search` renders a catalog search (see tool-catalog.ts). `tool_call` finds the named
 * deferred tool, checks the arguments and, when they are wrong, returns an error carrying the
 * tool's full description and schema so the model can correct itself; otherwise it runs the
 * tool. A core tool named through `tool_call` is refused with a hint to call it directly, so
 * every call of a core tool is seen (and permission-checked) under its own name.
 * `skill_search` lists skills matching a query. The catalog and skills are read through getters
 * because they are known only once the session's Tier 1 is assembled.
 */
import type { CallEffect, SkillInfo, ToolDefinition, ToolOutput } from "@picasso/protocol";
import { skillSearchSpec, toolCallSpec, toolSearchSpec } from "./gateway-specs.js";
import { describeTool, renderSearch, type ToolCatalog } from "./tool-catalog.js";
import { argumentProblems } from "./validate-arguments.js";

export interface GatewaySources {
  catalog(): ToolCatalog;
  skills(): readonly SkillInfo[];
}

export function toolSearchTool(sources: GatewaySources): ToolDefinition {
  return {
    spec: toolSearchSpec,
    effect: "read",
    family: "gateway",
    async run(input): Promise<ToolOutput> {
      const query = typeof input.query === "string" ? input.query : "";
      if (query.trim() === "") return { content: "tool_search needs a non-empty query.", isError: true };
      const catalog = sources.catalog();
      const result = catalog.search(query);
      const content = renderSearch(catalog, query, result);
      const one = result.matches.length === 1 ? result.matches[0] : undefined;
      return one ? { content, tier2: { kind: "deferred_schema", name: one.spec.name } } : { content };
    },
  };
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
      if (catalog.coreNames.includes(name))
        return { content: `${name} is a core tool: call it directly, not through tool_call.`, isError: true };
      const tool = catalog.find(name);
      if (!tool) {
        const known = catalog.tools.length
          ? `Deferred tools: ${catalog.tools.map((t) => t.spec.name).join(", ")}.`
          : "No deferred tools are installed yet.";
        return { content: `Unknown tool "${name}". ${known} Use tool_search to find tools.`, isError: true };
      }
      const problems = argumentProblems(tool.spec.inputSchema, input.arguments ?? {});
      if (problems.length > 0)
        return {
          content: `Invalid arguments for ${name}: ${problems.join("; ")}.\n\n${describeTool(tool)}`,
          isError: true,
          tier2: { kind: "deferred_schema", name },
        };
      return tool.run((input.arguments ?? {}) as Record<string, unknown>, ctx);
    },
    // A call is checked as the deferred tool it runs (its effect, its arguments); a call naming no
    // deferred tool only answers with an error, so it reads.
    callEffect(input): CallEffect {
      const target = typeof input.name === "string" ? sources.catalog().find(input.name) : undefined;
      if (!target) return { effect: "read" };
      const args = input.arguments;
      return {
        effect: target.callEffect?.(asRecord(args)).effect ?? target.effect,
        target: { name: target.spec.name, input: asRecord(args) },
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
    async run(input): Promise<ToolOutput> {
      const words = String(input.query ?? "")
        .toLowerCase()
        .split(/\s+/)
        .filter(Boolean);
      const skills = [...sources.skills()].sort((a, b) => (a.name < b.name ? -1 : 1));
      if (skills.length === 0) return { content: "No skills are installed." };
      const hits = skills.filter((s) => {
        const hay = `${s.name} ${s.description}`.toLowerCase();
        return words.length === 0 || words.some((w) => hay.includes(w));
      });
      if (hits.length === 0) return { content: `No skill matches "${String(input.query)}".` };
      return {
        content: hits
          .slice(0, 20)
          .map((s) => `- ${s.name}: ${s.description}${s.path ? ` (${s.path})` : ""}`)
          .join("\n"),
      };
    },
  };
}
