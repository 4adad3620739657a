/**
 * The one request `picasso tools describe` sends the model, and the strict check of its reply.
 *
 * Request: a system text saying what a descriptor is for and the exact JSON to answer with, and
 * one user text with the family's name, its rules and every member's full catalog text (its
 * name, description, input schema, how to call it) — all siblings at once, so the model can
 * write lines that tell them apart.
 *
 * Reply: JSON only (a single ```json fence around it is tolerated), `{"members": [{"name",
 * "what", "when"}, …]}`. It is refused — a UserError listing every problem, so nothing is
 * written — when it is not that JSON, a member is missing, named twice or not a member, or a
 * `what` / `when` is not one clean line of at most 160 characters (descriptor-text.ts). Pure.
 */
import { UserError } from "@picasso/protocol";
import {
  DESCRIPTOR_FIELDS,
  DESCRIPTOR_MAX_CHARS,
  descriptorLineProblem,
  type MemberDescriptor,
} from "./descriptor-text.js";
import type { FamilyMembers } from "./family-members.js";
import { memberKey } from "./member-names.js";

export const DESCRIBE_SYSTEM = [
  "You write catalog descriptors for the tools of one family in a coding agent's tool catalog.",
  "A navigator chooses one tool from these lines alone, so each member's lines must tell it apart from its siblings.",
  `For every member write "what": one line saying what it does, and "when": one line saying when to reach for it rather than the other members. Each at most ${DESCRIPTOR_MAX_CHARS} characters, plain text, no line breaks.`,
  'Reply with JSON only, exactly {"members": [{"name": "<member name>", "what": "…", "when": "…"}]}, one entry per member, with exactly the names given.',
].join("\n");

export function describeRequestText(family: FamilyMembers): string {
  const lines = [`Family: ${family.family}`];
  if (family.rules) lines.push(`Rules of the family: ${family.rules}`);
  lines.push(`Members (${family.members.length}): ${family.members.map(memberKey).join(", ")}`);
  for (const member of family.members)
    lines.push("", `### member "${memberKey(member)}"`, member.text ?? member.summary);
  return lines.join("\n");
}

/** The reply's descriptors by member key, in the family's member order; a UserError naming every problem otherwise. */
export function parseDescriptorReply(reply: string, family: FamilyMembers): Map<string, MemberDescriptor> {
  const fail = (problems: string[]): never => {
    throw new UserError(
      `tools describe: the model's reply for ${family.family} was refused, nothing written: ${problems.join("; ")}`,
    );
  };
  const body = reply.trim().replace(/^```(?:json)?[ \t]*\n([\s\S]*)\n```$/, "$1");
  let value: unknown;
  try {
    value = JSON.parse(body);
  } catch {
    fail([`it is not JSON (starts ${JSON.stringify(Array.from(reply.trim()).slice(0, 40).join(""))})`]);
  }
  const list = (value as { members?: unknown } | null)?.members;
  if (!value || typeof value !== "object" || !Array.isArray(list))
    fail(['it is not an object with a "members" list']);
  const keys = family.members.map(memberKey);
  const found = new Map<string, MemberDescriptor>();
  const problems: string[] = [];
  for (const [i, item] of (list as unknown[]).entries()) {
    const entry = item as Record<string, unknown> | null;
    const name = entry && typeof entry === "object" ? entry.name : undefined;
    if (typeof name !== "string") {
      problems.push(`members[${i}] has no "name"`);
      continue;
    }
    const label = JSON.stringify(Array.from(name).slice(0, 60).join(""));
    if (!keys.includes(name)) {
      problems.push(`${label} is not a member of ${family.family}`);
      continue;
    }
    if (found.has(name)) {
      problems.push(`${label} is named twice`);
      continue;
    }
    const extra = Object.keys(entry ?? {}).filter(
      (k) => k !== "name" && !(DESCRIPTOR_FIELDS as readonly string[]).includes(k),
    );
    if (extra.length) problems.push(`${label} has unknown field(s) ${extra.join(", ")}`);
    for (const field of DESCRIPTOR_FIELDS) {
      const problem = descriptorLineProblem(entry?.[field]);
      if (problem) problems.push(`${label} ${field} ${problem}`);
    }
    found.set(name, { what: String(entry?.what ?? "").trim(), when: String(entry?.when ?? "").trim() });
  }
  for (const key of keys) if (!found.has(key)) problems.push(`member "${key}" is missing`);
  if (problems.length) fail(problems);
  return new Map(keys.map((k) => [k, found.get(k)!]));
}
