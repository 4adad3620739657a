/**
 * Building the catalog: deferred tools, skills and contributed entries (MCP servers and tools,
 * doc topics, more skills, agent definitions) into one tree of `CatalogNode`s.
 *
 * A deferred tool joins the group its family declares, and the family node carries the family's
 * rules (family-table.ts: the extensions' declarations, lean context's own last). Order is
 * deterministic whatever order the inputs came in: groups in their declared order (untitled ones
 * after, by name), then inside a group families / servers by name, leaves by name; the node list
 * is that tree depth-first. A name contributed twice keeps its first (deferred tools first, then
 * discovered skills, then entries in plugin order). An `mcp_tool` whose server has no
 * `mcp_server` entry gets a plain server node. Pure.
 */
import {
  type CatalogEntry,
  type CatalogGroupTitle,
  canonicalJson,
  type JsonSchema,
  type SkillInfo,
  type ToolDefinition,
  type ToolFamily,
} from "@picasso/protocol";
import { AGENTS_GROUP, COMMANDS_GROUP, DOCS_GROUP, MCP_GROUP, SKILLS_GROUP } from "./catalog-groups.js";
import { type CatalogNode, cut, firstSentence, isLeaf, leafNode } from "./catalog-node.js";
import { applyDescriptorOverlay, type DescriptorOverlay } from "./descriptor-overlay.js";
import {
  agentDescriptors,
  docDescriptors,
  familyDescriptors,
  groupDescriptors,
  leafDescriptors,
  mcpServerDescriptors,
  mcpToolDescriptors,
  skillDescriptors,
  toolWhen,
} from "./descriptors.js";
import { type FamilyTable, familyTable } from "./family-table.js";
import { addHashes } from "./node-hash.js";
import { addSubtreeCosts } from "./subtree-cost.js";

export interface CatalogInputs {
  /** Registered tools that are not core (the split's `deferred`). */
  deferred?: readonly ToolDefinition[];
  skills?: readonly SkillInfo[];
  /** Contributed through the `catalog/entries` hook (and lean context's own doc topics). */
  entries?: readonly CatalogEntry[];
  /** The families the mounted extensions declare, in mount order (`AssembleContext.families`). */
  families?: readonly ToolFamily[];
  /** The group titles they declare, in mount order (`AssembleContext.groups`). */
  groups?: readonly CatalogGroupTitle[];
  /** The workspace's committed `catalog/descriptors/*.yml`: `what` / `when` over members (descriptor-overlay.ts). */
  descriptors?: DescriptorOverlay;
}

const byName = <T extends { name: string }>(a: T, b: T) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);

export class Catalog {
  readonly nodes: readonly CatalogNode[];
  private readonly byId = new Map<string, CatalogNode>();
  private readonly tools = new Map<string, ToolDefinition>();

  constructor(nodes: CatalogNode[], tools: readonly ToolDefinition[] = []) {
    this.nodes = nodes;
    for (const node of nodes) this.byId.set(node.id, node);
    for (const tool of tools) this.tools.set(tool.spec.name, tool);
  }

  get leaves(): CatalogNode[] {
    return this.nodes.filter(isLeaf);
  }

  node(id: string): CatalogNode | undefined {
    return this.byId.get(id);
  }

  children(id: string): CatalogNode[] {
    return this.nodes.filter((n) => n.parent === id);
  }

  /** Leaves under a node (the node itself when it is a leaf). */
  leavesUnder(id: string): CatalogNode[] {
    const node = this.byId.get(id);
    if (!node) return [];
    if (isLeaf(node)) return [node];
    return this.nodes.filter((n) => isLeaf(n) && (n.id.startsWith(`${id}/`) || n.parent === id));
  }

  /** The deferred tool `tool_call` runs, by exact name. */
  tool(name: string): ToolDefinition | undefined {
    return this.tools.get(name);
  }

  get toolNames(): string[] {
    return [...this.tools.keys()].sort();
  }

  /** Groups in catalog order. */
  get groups(): CatalogNode[] {
    return this.nodes.filter((n) => n.kind === "group");
  }
}

export function buildCatalog(inputs: CatalogInputs): Catalog {
  const table = familyTable(inputs.families, inputs.groups);
  const leaves: CatalogNode[] = [];
  const branches = new Map<string, CatalogNode>();
  const taken = new Set<string>();
  const branch = (node: CatalogNode) => {
    if (!branches.has(node.id)) branches.set(node.id, node);
  };
  const group = (name: string) =>
    branch({
      id: name,
      kind: "group",
      name,
      group: name,
      title: table.groupTitle(name),
      summary: table.groupTitle(name),
      what: "",
      when: "",
      hash: "",
    });

  const tools = [...(inputs.deferred ?? [])].sort((a, b) => byName(a.spec, b.spec));
  const kept: ToolDefinition[] = [];
  for (const tool of tools) {
    const name = tool.spec.name;
    if (taken.has(`tool:${name}`)) continue;
    taken.add(`tool:${name}`);
    kept.push(tool);
    const g = table.groupOf(tool.family);
    group(g);
    const familyId = `${g}/${tool.family}`;
    const rules = table.family(tool.family)?.rules;
    branch({
      id: familyId,
      kind: "family",
      name: tool.family,
      parent: g,
      group: g,
      title: `${tool.family} tools`,
      summary: cut(rules ?? `Tools of the ${tool.family} family.`, 200),
      what: "",
      when: "",
      hash: "",
      ...(rules ? { rules } : {}),
    });
    leaves.push(toolLeaf(tool, familyId, g));
  }

  const entries = inputs.entries ?? [];
  const skills: CatalogEntry[] = [
    ...(inputs.skills ?? []).map(
      (s): CatalogEntry => ({
        kind: "skill",
        name: s.name,
        description: s.description,
        scope: s.scope ?? "project",
      }),
    ),
    ...entries.filter((e) => e.kind === "skill"),
  ];
  for (const skill of skills) {
    if (taken.has(`skill:${skill.name}`)) continue;
    taken.add(`skill:${skill.name}`);
    group(SKILLS_GROUP);
    leaves.push(skillLeaf(skill));
  }

  const servers = new Map<string, CatalogEntry>();
  for (const e of entries) if (e.kind === "mcp_server" && !servers.has(e.name)) servers.set(e.name, e);
  for (const e of entries) {
    if (e.kind !== "mcp_tool" || !e.server) continue;
    if (!servers.has(e.server))
      servers.set(e.server, { kind: "mcp_server", name: e.server, description: `MCP server ${e.server}.` });
    if (taken.has(`mcp:${e.server}/${e.name}`)) continue;
    taken.add(`mcp:${e.server}/${e.name}`);
    leaves.push(mcpToolLeaf(e, servers.get(e.server)!));
  }
  for (const server of servers.values()) {
    group(MCP_GROUP);
    const toolNames = leaves.filter((l) => l.parent === `${MCP_GROUP}/${server.name}`).map((l) => l.name);
    branch({
      id: `${MCP_GROUP}/${server.name}`,
      kind: "mcp_server",
      name: server.name,
      parent: MCP_GROUP,
      group: MCP_GROUP,
      title: firstSentence(server.description),
      summary: cut(server.description, 200),
      ...mcpServerDescriptors(server, toolNames.map((n) => n.slice(server.name.length + 1)).sort()),
      hash: "",
      ...(server.rules ? { rules: server.rules } : {}),
    });
  }

  // Doc topics, custom commands and agent definitions: one leaf each in their group, first name wins.
  const simple: [CatalogEntry["kind"], string, (e: CatalogEntry) => CatalogNode][] = [
    ["doc", DOCS_GROUP, docLeaf],
    ["command", COMMANDS_GROUP, commandLeaf],
    ["agent", AGENTS_GROUP, agentLeaf],
  ];
  for (const [kind, groupName, leaf] of simple)
    for (const e of entries) {
      if (e.kind !== kind || taken.has(`${kind}:${e.name}`)) continue;
      taken.add(`${kind}:${e.name}`);
      group(groupName);
      leaves.push(leaf(e));
    }

  describeBranches([...branches.values()], leaves, table);
  // The committed descriptors first: the hashes and costs cover the descriptors the catalog shows.
  const nodes = applyDescriptorOverlay(ordered([...branches.values()], leaves, table), inputs.descriptors);
  addSubtreeCosts(nodes);
  addHashes(nodes);
  return new Catalog(nodes, kept);
}

/** Families' and groups' descriptors, from their declarations and their members (descriptors.ts). */
function describeBranches(branches: CatalogNode[], leaves: CatalogNode[], table: FamilyTable): void {
  const under = (id: string) => [...branches, ...leaves].filter((n) => n.parent === id);
  for (const node of branches.filter((b) => b.kind === "family")) {
    const declared = table.family(node.name) ?? { name: node.name };
    Object.assign(
      node,
      familyDescriptors(
        declared,
        under(node.id)
          .map((l) => l.name)
          .sort(),
      ),
    );
  }
  for (const node of branches.filter((b) => b.kind === "group")) {
    const whens = under(node.id)
      .filter((n) => n.kind === "family")
      .map((f) => table.family(f.name)?.when)
      .filter((w): w is string => !!w);
    Object.assign(node, groupDescriptors(node.name, node.title, whens));
  }
}

/** The tree depth-first: groups in declared order, then branches and leaves by name. */
function ordered(branches: CatalogNode[], leaves: CatalogNode[], table: FamilyTable): CatalogNode[] {
  const groups = branches
    .filter((b) => b.kind === "group")
    .sort((a, b) => table.groupRank(a.name) - table.groupRank(b.name) || byName(a, b));
  const under = (id: string) =>
    [...branches.filter((b) => b.parent === id), ...leaves.filter((l) => l.parent === id)].sort(
      (a, b) => Number(isLeaf(a)) - Number(isLeaf(b)) || byName(a, b),
    );
  const out: CatalogNode[] = [];
  const visit = (node: CatalogNode) => {
    out.push(node);
    for (const child of under(node.id)) visit(child);
  };
  for (const g of groups) visit(g);
  return out;
}

function schemaFields(schema: JsonSchema | undefined): string[] {
  const properties = (schema?.properties ?? {}) as Record<string, unknown>;
  return Object.keys(properties).sort();
}

function toolLeaf(tool: ToolDefinition, parent: string, group: string): CatalogNode {
  const { name, description, inputSchema } = tool.spec;
  return leafNode({
    kind: "tool",
    key: name,
    name,
    parent,
    group,
    description,
    ...leafDescriptors(description, tool, () => toolWhen(name, inputSchema)),
    fields: schemaFields(inputSchema),
    heading: `${name} — deferred tool (${tool.family})`,
    use: [
      `Input schema: ${canonicalJson(inputSchema)}`,
      `Call: tool_call({name: "${name}", arguments: {…}})`,
    ],
  });
}

function skillLeaf(skill: CatalogEntry): CatalogNode {
  return leafNode({
    kind: "skill",
    key: skill.name,
    name: skill.name,
    parent: SKILLS_GROUP,
    group: SKILLS_GROUP,
    description: skill.description,
    ...skillDescriptors(skill),
    heading: `${skill.name} — skill (${skill.scope ?? "user"})`,
    use: [`Load: skill({name: "${skill.name}"})`],
  });
}

/** The gateway tool that runs a server's tools: `<server>_call`. */
export function mcpGatewayName(server: string): string {
  return `${server.replace(/[^a-zA-Z0-9_-]/g, "_").slice(0, 59)}_call`;
}

function mcpToolLeaf(tool: CatalogEntry, server: CatalogEntry): CatalogNode {
  return leafNode({
    kind: "mcp_tool",
    key: tool.name,
    name: `${server.name}/${tool.name}`,
    parent: `${MCP_GROUP}/${server.name}`,
    group: MCP_GROUP,
    description: tool.description,
    ...mcpToolDescriptors(tool, server),
    fields: schemaFields(tool.inputSchema),
    heading: `${server.name}/${tool.name} — MCP tool of ${server.name}`,
    use: [
      `Input schema: ${canonicalJson(tool.inputSchema ?? { type: "object" })}`,
      `Call: ${mcpGatewayName(server.name)}({tool: "${tool.name}", arguments: {…}})`,
    ],
  });
}

/** A custom command: the user runs it (`/name args`); the model can only find and suggest it. */
function commandLeaf(command: CatalogEntry): CatalogNode {
  return leafNode({
    kind: "command",
    key: command.name,
    name: command.name,
    parent: COMMANDS_GROUP,
    group: COMMANDS_GROUP,
    description: command.description,
    ...leafDescriptors(command.description, command, () => `The user wants what ${command.name} does`),
    heading: `${command.name} — custom command`,
    use: [`The user runs it by typing ${command.name} (and its arguments); it is not a tool: suggest it.`],
  });
}

function docLeaf(doc: CatalogEntry): CatalogNode {
  return leafNode({
    kind: "doc",
    key: doc.name,
    name: doc.name,
    parent: DOCS_GROUP,
    group: DOCS_GROUP,
    description: doc.description,
    ...docDescriptors(doc),
    heading: `${doc.name} — doc`,
    use: [`Read: read({path: "${doc.location ?? doc.name}"})`],
  });
}

function agentLeaf(agent: CatalogEntry): CatalogNode {
  return leafNode({
    kind: "agent",
    key: agent.name,
    name: agent.name,
    parent: AGENTS_GROUP,
    group: AGENTS_GROUP,
    description: agent.description,
    ...agentDescriptors(agent),
    heading: `${agent.name} — agent (${agent.scope ?? "user"}${agent.location ? `, ${agent.location}` : ""})`,
    use: [`Start: subagent({task: "…", agent: "${agent.name}"}) or subagent_fork with the same agent`],
  });
}
