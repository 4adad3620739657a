/**
 * A catalog node: one line of the tree behind `tool_search`.
 *
 *   group ─ family ─ tool                (deferred tools, by family)
 *   skills ─ skill                       (every known skill)
 *   mcp ─ MCP server ─ MCP tool          (contributed by an MCP plugin)
 *   docs ─ doc topic                     (the docs/*.md routing table of AGENTS.md)
 *   commands ─ command                   (custom slash commands the user can run)
 *
 * Every node has a one-line `title` and a `summary` (at most 200 characters), and its descriptors
 * (descriptors.ts): `what` it is or does and `when` to reach for it, one line each; a leaf also has its
 * full `text` — description, input schema, how to call it — and branch nodes may carry `rules`
 * (a family's or server's usage rules), which an answer adds once beside their leaves' text.
 * `id` is the path from the top (`web/web/web_fetch`, `skills/pdf-forms`, `mcp/github/create_issue`,
 * `docs/docs/tools.md`); `name` is what the model types (a tool, skill or server name, a doc path).
 */

export type CatalogNodeKind =
  | "group"
  | "family"
  | "tool"
  | "skill"
  | "mcp_server"
  | "mcp_tool"
  | "doc"
  | "command"
  | "agent";

export interface CatalogNode {
  id: string;
  kind: CatalogNodeKind;
  name: string;
  /** The id of the node above; none for a group. */
  parent?: string;
  group: string;
  title: string;
  summary: string;
  /** What it is or does, one line (declared beside the code, else derived: descriptors.ts). */
  what: string;
  /** When to reach for it rather than its neighbours, one line. */
  when: string;
  /** Leaves: the full text an expanded answer shows. */
  text?: string;
  /** Families and MCP servers: usage rules shown once beside their leaves. */
  rules?: string;
  /** Leaves with a schema: the names of its input fields (searched). */
  fields?: string[];
  /**
   * A short sha256 of what the node is made of (node-hash.ts): its declaration, description,
   * schema, rules and descriptors; a branch's also covers its children's hashes.
   */
  hash: string;
  /** Branches: their leaf count and what showing every leaf in full costs (subtree-cost.ts). */
  subtree?: { leaves: number; bytes: number };
}

/** The rules line an answer shows once after the first leaf of a family or server. */
export function rulesLine(parent: CatalogNode): string {
  return `Rules (${parent.kind === "mcp_server" ? "server" : "family"} ${parent.name}): ${parent.rules}`;
}

export const LEAF_KINDS: ReadonlySet<CatalogNodeKind> = new Set([
  "tool",
  "skill",
  "mcp_tool",
  "doc",
  "command",
  "agent",
]);

export const isLeaf = (node: CatalogNode): boolean => LEAF_KINDS.has(node.kind);

/** What makes a leaf: where it sits, its description, and the lines of its text. */
export interface LeafParts {
  kind: CatalogNodeKind;
  /** Its id below `parent`: the id is `<parent>/<key>`. */
  key: string;
  name: string;
  parent: string;
  group: string;
  description: string;
  what: string;
  when: string;
  /** Its text's heading, e.g. `web_fetch — deferred tool (web)`. */
  heading: string;
  /** The lines after the description: the input schema, how to call, load or read it. */
  use: readonly string[];
  fields?: string[];
}

/** A leaf: its title the description's first sentence, its summary the description in 200 characters, its text the heading, the description, then how to use it. */
export function leafNode(leaf: LeafParts): CatalogNode {
  return {
    hash: "",
    id: `${leaf.parent}/${leaf.key}`,
    kind: leaf.kind,
    name: leaf.name,
    parent: leaf.parent,
    group: leaf.group,
    title: firstSentence(leaf.description),
    summary: cut(leaf.description, 200),
    what: leaf.what,
    when: leaf.when,
    ...(leaf.fields ? { fields: leaf.fields } : {}),
    text: [`## ${leaf.heading}`, leaf.description.trim(), ...leaf.use].join("\n"),
  };
}

/** The first sentence of a text, on one line, at most `max` characters. */
export function firstSentence(text: string, max = 120): string {
  const flat = text.replace(/\s+/g, " ").trim();
  // A sentence ends at . ! or ? before a space, but not at an abbreviation such as "e.g." or "i.e.".
  const sentence =
    flat.split(/(?<!(?:^|[\s(])\p{L}\.\p{L}\.|\b(?:etc|vs|cf|approx)\.)(?<=[.!?])\s/u)[0] ?? flat;
  return cut(sentence, max);
}

/** A text on one line, cut to `max` characters (code points) with an ellipsis. */
export function cut(text: string, max: number): string {
  const flat = text.replace(/\s+/g, " ").trim();
  const chars = Array.from(flat);
  return chars.length <= max
    ? flat
    : `${chars
        .slice(0, max - 1)
        .join("")
        .trimEnd()}…`;
}
