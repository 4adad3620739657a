/**
 * The profile a subagent runs with: the session's own, or an agent definition's
 * (`subagent {agent: "<name>"}`, protocol agent-definition.ts, docs/agents.md).
 *
 * A definition changes only the child's lane:
 * - its `prompt` is sent in the child's first message (`agentInstructions`), never in Tier 1;
 * - its `tools` limit what the child may call: a call of any other tool is refused, and so is a
 *   gateway call (`tool_call`, `<server>_call`) whose target the list does not name (`refusal`).
 *   The child still sends the session's Tier 1 — the same tools array, so its first request reads
 *   the parent's cached prefix — and its first message names the tools it may use. A list never
 *   adds a tool or loosens a permission: allowed calls still pass the session's mode and approvals;
 * - its `disallowedTools` are refused whatever `tools` says (so is a gateway call naming one);
 * - its `model` picks the child's model on the session's provider (`childModel`).
 * When the model differs from the session's, the child's requests carry their own header
 * (`header`: same Tier 1, another model, so another cache), which the caller logs as a
 * `request_header` with reason `agent` before the child's first request, so the log still
 * rebuilds every request it sent.
 * An unknown name throws an Error naming the defined agents (the tool turns it into its error).
 */
import { type AgentDefinition, formatReminder, type Tier1, tier1Roles } from "@picasso/protocol";
import { headerHash } from "./request-builder.js";
import type { EngineRuntime } from "./runtime.js";

export interface ChildHeader {
  tier1: Tier1;
  model: string;
  /** Its `request_header` hash (the session's when nothing differs). */
  hash: string;
  /** True when it differs from the session's header and must be logged before use. */
  own: boolean;
}

export interface ChildProfile {
  agent?: AgentDefinition;
  header: ChildHeader;
  /** A line for the parent (the model asked for could not be used), or undefined. */
  note?: string;
  /** Why a call is refused in this lane, or undefined when the profile allows it. */
  refusal(name: string, target: string | undefined): string | undefined;
}

/** Aliases Claude Code's agent files use for a model family (`model: sonnet`). */
const MODEL_ALIASES = new Set(["sonnet", "opus", "haiku"]);

/**
 * The child's model: `inherit` or none → the session's; an alias → the session's when its id
 * belongs to that family, else unknown; a word with no `-`, `.`, `:` or `/` → unknown; any other
 * id is sent as the child's model on the session's provider. Unknown → the session's, with a note.
 */
export function childModel(
  requested: string | undefined,
  parent: string,
  agent: string,
): { model: string; note?: string } {
  const wanted = requested?.trim();
  if (!wanted || wanted === "inherit" || wanted === parent) return { model: parent };
  const alias = wanted.toLowerCase();
  const known = MODEL_ALIASES.has(alias) ? parent.toLowerCase().includes(alias) : /[-.:/]/.test(wanted);
  if (MODEL_ALIASES.has(alias) && known) return { model: parent };
  if (known) return { model: wanted };
  return {
    model: parent,
    note: `agent ${agent} asks for model "${wanted}", which is not known here; it ran on the session's model ${parent}`,
  };
}

/** Throws when `name` is not a defined agent (the message names the defined ones). */
export function findAgent(rt: EngineRuntime, name: string): AgentDefinition {
  const agents = rt.host.agentDefinitions();
  const found = agents.find((a) => a.name === name);
  if (found) return found;
  const names = agents.map((a) => a.name);
  throw new Error(
    names.length
      ? `no agent named "${name}"; the defined agents are: ${names.join(", ")}`
      : `no agent named "${name}": no agents are defined (.picasso/agents or .claude/agents, docs/agents.md)`,
  );
}

/** The profile of a child started with `agent` (or without one). Throws on an unknown name. */
export function childProfile(rt: EngineRuntime, agentName: string | undefined): ChildProfile {
  const parentModel = rt.provider.model;
  const session: ChildHeader = { tier1: rt.tier1, model: parentModel, hash: rt.headerHash, own: false };
  if (agentName === undefined) return { header: session, refusal: () => undefined };
  const agent = findAgent(rt, agentName);
  const { model, note } = childModel(agent.model, parentModel, agent.name);
  const header: ChildHeader =
    model === parentModel
      ? session
      : { tier1: rt.tier1, model, hash: headerHash(rt.tier1, model, rt.settings.maxTokens), own: true };
  const listed = agent.tools === undefined ? undefined : new Set(agent.tools);
  const disallowed = new Set(agent.disallowedTools ?? []);
  const roles = tier1Roles(rt.tier1).tools ?? {};
  const isGateway = (name: string) => roles[name] === "gateway";
  // tool_search (a gateway with no target) is kept when the list names a tool reached through it.
  const inTier1 = new Set(rt.tier1.tools.map((t) => t.name));
  const namesDeferred = listed ? [...listed].some((name) => !inTier1.has(name)) : false;
  const allowedText = () => (listed && listed.size > 0 ? [...listed].join(", ") : "no tools");
  return {
    agent,
    header,
    ...(note ? { note } : {}),
    refusal(name, target) {
      const barred = [name, ...(isGateway(name) && target !== undefined ? [target] : [])].find((n) =>
        disallowed.has(n),
      );
      if (barred) return `"${barred}" is among the disallowed tools of agent ${agent.name} (${agent.path}).`;
      if (!listed || listed.has(name)) return undefined;
      if (isGateway(name) && (target === undefined ? namesDeferred : listed.has(target))) return undefined;
      const what = isGateway(name) && target !== undefined ? target : name;
      return `"${what}" is not among the tools of agent ${agent.name} (${agent.path}): it may use ${allowedText()}.`;
    },
  };
}

/** The agent's part of the child's first message: its instructions, scoped to that lane. */
export function agentInstructions(agent: AgentDefinition): string {
  const tools =
    agent.tools === undefined
      ? ""
      : `\n\nTools this agent may use: ${agent.tools.length ? agent.tools.join(", ") : "none"}. A call of any other tool is refused.`;
  const barred = agent.disallowedTools?.length
    ? `\n\nTools this agent may not use: ${agent.disallowedTools.join(", ")}.`
    : "";
  return formatReminder(
    `agent:${agent.name}`,
    `You run as agent "${agent.name}", defined in ${agent.path} (${agent.source} file).${tools}${barred} Its instructions:\n\n${agent.prompt}`,
  );
}
