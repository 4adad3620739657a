/**
 * Descriptors: every catalog node's `what` (what it is or does) and `when` (when to reach for it
 * rather than its neighbours), one line each (at most `DESCRIPTOR_CHARS` characters).
 *
 * Where they come from, in order:
 * - declared beside the code — a deferred tool's `what`/`when` (`ToolDefinition`), a family's
 *   `what` and `when` (`ToolFamily`), a contributed entry's `what`/`when` (`CatalogEntry`);
 * - else derived: `what` is the description's first sentence; `when` is the description's
 *   when-clause ("Use it to…", "Use when…", "When…") when it has one, else generated —
 *   an MCP tool's from its name's verb, its required fields and its server's instructions
 *   (`mcpToolWhen`), a skill's from its trigger (skill-index.ts `triggerOf`), a doc topic's from
 *   its row in AGENTS.md's routing table, a branch's from its members.
 * Pure: the same inputs give the same text.
 */
import type { CatalogEntry, JsonSchema } from "@picasso/protocol";
import { triggerOf } from "../skills/skill-index.js";
import { COMMANDS_GROUP, DOCS_GROUP, MCP_GROUP, SKILLS_GROUP } from "./catalog-groups.js";
import { cut, firstSentence } from "./catalog-node.js";

/** A descriptor's longest line, in characters. */
export const DESCRIPTOR_CHARS = 160;

export interface Descriptors {
  what: string;
  when: string;
}

const line = (text: string) => cut(text, DESCRIPTOR_CHARS);

/** A sentence of `text` that says when to use it ("Use it to…", "Use when…", "When…"), or undefined. */
export function whenClause(text: string): string | undefined {
  const flat = text.replace(/\s+/g, " ").trim();
  const sentences = flat.split(/(?<=[.!?])\s+(?=\p{Lu})/u);
  const found = sentences.find((s) =>
    /^(?:Use (?:this (?:tool |skill |server )?|it )?(?:when|for|to|if|whenever)\b|When(?:ever)?\b|Reach for it\b)/i.test(
      s,
    ),
  );
  return found ? line(found.replace(/[.]$/, "")) : undefined;
}

/** A leaf's descriptors from its declared ones, else its description, else `generated`. */
export function leafDescriptors(
  description: string,
  declared: { what?: string | undefined; when?: string | undefined },
  generated: () => string,
): Descriptors {
  return {
    what: line(declared.what?.trim() || firstSentence(description, DESCRIPTOR_CHARS)),
    when: line(declared.when?.trim() || whenClause(description) || generated()),
  };
}

/** The words of an identifier: `create_issue`, `createIssue`, `list-tables` → create issue… */
export function identifierWords(name: string): string[] {
  return name
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((w) => w.toLowerCase());
}

/** Verbs a tool name may start with, and how a "when" line says them. */
const VERBS: Record<string, string> = {
  get: "get",
  read: "read",
  fetch: "fetch",
  list: "list",
  search: "search",
  find: "find",
  query: "query",
  run: "run",
  exec: "run",
  execute: "run",
  create: "create",
  add: "add",
  new: "create",
  update: "update",
  edit: "edit",
  set: "set",
  put: "put",
  write: "write",
  delete: "delete",
  remove: "remove",
  close: "close",
  open: "open",
  merge: "merge",
  push: "push",
  send: "send",
  post: "post",
  describe: "describe",
  explain: "explain",
  navigate: "navigate",
  click: "click",
  take: "take",
  upload: "upload",
  download: "download",
  start: "start",
  stop: "stop",
  cancel: "cancel",
};

/** The required input fields of a schema, in its order. */
function requiredFields(schema: JsonSchema | undefined): string[] {
  const required = (schema as { required?: unknown } | undefined)?.required;
  return Array.isArray(required) ? required.filter((r): r is string => typeof r === "string") : [];
}

/** A list in words: `a`, `a and b`, `a, b and c`. */
function inWords(items: readonly string[]): string {
  return items.length <= 1 ? (items[0] ?? "") : `${items.slice(0, -1).join(", ")} and ${items.at(-1)}`;
}

/**
 * The `when` of an MCP tool, generated: the description's when-clause if it has one, else the
 * name's verb and object ("To create issue"), the required fields it needs ("given owner, repo
 * and title"), then the sentence of the server's instructions that names the tool, else their
 * first sentence, as far as the line has room.
 */
export function mcpToolWhen(
  tool: { name: string; description: string; inputSchema?: JsonSchema | undefined },
  server: { name: string; instructions?: string | undefined },
): string {
  const own = whenClause(tool.description);
  const words = identifierWords(tool.name);
  const verb = words[0] ? VERBS[words[0]] : undefined;
  const object = (verb ? words.slice(1) : words).join(" ");
  const needs = requiredFields(tool.inputSchema).slice(0, 4);
  const head =
    own ??
    [
      verb
        ? `To ${verb}${object ? ` ${object}` : ""} on ${server.name}`
        : `To use ${object || tool.name} on ${server.name}`,
      needs.length > 0 ? `given ${inWords(needs)}` : "",
    ]
      .filter(Boolean)
      .join(", ");
  const hint = instructionHint(tool.name, server.instructions);
  const joined = hint ? `${head}; ${hint}` : head;
  return line(Array.from(joined).length <= DESCRIPTOR_CHARS ? joined : head);
}

/** An MCP tool's descriptors: declared, else `what` from its description and a generated `when`. */
export function mcpToolDescriptors(
  tool: CatalogEntry,
  server: { name: string; instructions?: string | undefined },
): Descriptors {
  return {
    what: leafDescriptors(tool.description, tool, () => "").what,
    when: tool.when?.trim() ? line(tool.when) : mcpToolWhen(tool, server),
  };
}

/** The sentence of a server's instructions that names the tool, else their first sentence. */
function instructionHint(toolName: string, instructions: string | undefined): string | undefined {
  const flat = instructions?.replace(/\s+/g, " ").trim();
  if (!flat) return undefined;
  const sentences = flat.split(/(?<=[.!?])\s+/);
  const named = sentences.find((s) => new RegExp(`\\b${escapeRegExp(toolName)}\\b`).test(s));
  return (named ?? sentences[0])?.replace(/[.]$/, "");
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** An MCP server's descriptors: declared, else its description; `when` from its instructions, else its tools. */
export function mcpServerDescriptors(server: CatalogEntry, toolNames: readonly string[]): Descriptors {
  return leafDescriptors(server.description, server, () => {
    const hint = server.instructions ? whenClause(server.instructions) : undefined;
    if (hint) return hint;
    const first = server.instructions ? firstSentence(server.instructions, DESCRIPTOR_CHARS) : undefined;
    if (first) return first;
    const names = toolNames.slice(0, 5);
    return names.length > 0
      ? `To reach ${server.name}'s tools (${names.join(", ")}${toolNames.length > names.length ? ", …" : ""})`
      : `To reach the MCP server ${server.name}`;
  });
}

/** A skill's descriptors: what from its description, when from its trigger. */
export function skillDescriptors(skill: CatalogEntry): Descriptors {
  return leafDescriptors(
    skill.description,
    { what: skill.what, when: skill.when ?? triggerOf(skill.description) },
    () => `A task about ${skill.name.replace(/[-_]+/g, " ")}`,
  );
}

/** A doc topic's descriptors: what its heading says, when its AGENTS.md row says. */
export function docDescriptors(doc: CatalogEntry): Descriptors {
  return leafDescriptors(doc.description, doc, () => `Working on what ${doc.name} covers`);
}

/** An agent definition's descriptors: what its description says, when its trigger does. */
export function agentDescriptors(agent: CatalogEntry): Descriptors {
  return leafDescriptors(
    agent.description,
    { what: agent.what, when: agent.when ?? triggerOf(agent.description) },
    () => `A subagent task for a ${agent.name.replace(/[-_]+/g, " ")}`,
  );
}

/** A deferred tool's generated `when`, from its name and required fields. */
export function toolWhen(name: string, inputSchema: JsonSchema | undefined): string {
  const words = identifierWords(name);
  const needs = requiredFields(inputSchema).slice(0, 4);
  return `To ${words.join(" ")}${needs.length > 0 ? `, given ${inWords(needs)}` : ""}`;
}

/** A family's descriptors: declared, else the first sentence of its rules, else its tools. */
export function familyDescriptors(
  family: { name: string; what?: string | undefined; when?: string | undefined; rules?: string | undefined },
  toolNames: readonly string[],
): Descriptors {
  const members = toolNames.length > 0 ? ` (${toolNames.join(", ")})` : "";
  return {
    what: line(
      family.what?.trim() ||
        (family.rules
          ? firstSentence(family.rules, DESCRIPTOR_CHARS)
          : `Tools of the ${family.name} family${members}.`),
    ),
    when: line(family.when?.trim() || `Tasks for the ${family.name} tools${members}`),
  };
}

/** lean context's own groups: what is in them is their title; when to open them, said here. */
const OWN_GROUP_WHEN: Record<string, string> = {
  [SKILLS_GROUP]: "A recurring task may have written instructions: a skill whose trigger matches it",
  [MCP_GROUP]:
    "The task needs an outside service an MCP server connects (an issue tracker, a database, a browser)",
  [DOCS_GROUP]: "You need the project's own documentation on a topic before changing it",
  [COMMANDS_GROUP]: "The user asks which commands they have, or a task matches a saved prompt they can run",
};

/** A group's descriptors: its title, and when its members' `when`s say (lean context's own: fixed). */
export function groupDescriptors(group: string, title: string, memberWhens: readonly string[]): Descriptors {
  const own = OWN_GROUP_WHEN[group];
  return {
    what: line(title),
    when: line(own ?? (memberWhens.length > 0 ? `For: ${memberWhens.join("; ")}` : `Tasks for ${group}`)),
  };
}
