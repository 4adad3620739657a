/**
 * Tier 1 — the byte-stable request prefix `tools → system` — and its one sealer.
 *
 * `sealTier1(tools, system, roles)` is the only place Tier 1's hash and sizes are computed: the
 * fresh assembly (lean context), a resumed session (Tier 1 taken from the logged header) and a
 * session without lean context all go through it, so their figures agree.
 *
 * Sizes, one definition each:
 * - tools bytes: UTF-8 bytes of the canonical JSON of the tool specs (what a provider is sent);
 * - system bytes: UTF-8 bytes of the system blocks' texts, summed (`systemBytes`) — the text the
 *   model reads; block ids are labels and are never sent. `model_request.bytes.system` uses the
 *   same function.
 * The hash is the SHA-256 of canonical `{tools, system}`.
 */
import { byteLength, canonicalJson, sha256 } from "./canonical.js";
import type { SystemBlock, ToolSpec } from "./content.js";
import type { Tier1SectionRole, Tier1ToolRole } from "./session-events.js";

export interface Tier1 {
  tools: ToolSpec[];
  system: SystemBlock[];
  /** SHA-256 of the canonical JSON of `{tools, system}`. */
  hash: string;
  bytes: { tools: number; system: number; total: number };
  sections: { id: string; bytes: number; hash: string; role?: Tier1SectionRole }[];
  toolSizes: { name: string; bytes: number; role?: Tier1ToolRole }[];
}

/** What each section and tool of Tier 1 is, as its assembler knows it. */
export interface Tier1Roles {
  sections?: Record<string, Tier1SectionRole>;
  tools?: Record<string, Tier1ToolRole>;
}

/** UTF-8 bytes of the system blocks' texts. */
export function systemBytes(system: readonly SystemBlock[]): number {
  let bytes = 0;
  for (const block of system) bytes += byteLength(block.text);
  return bytes;
}

export function sealTier1(tools: ToolSpec[], system: SystemBlock[], roles: Tier1Roles = {}): Tier1 {
  const toolsBytes = byteLength(canonicalJson(tools));
  const system_ = systemBytes(system);
  return {
    tools,
    system,
    hash: sha256(canonicalJson({ tools, system })),
    bytes: { tools: toolsBytes, system: system_, total: toolsBytes + system_ },
    sections: system.map((b) => {
      const role = roles.sections?.[b.id];
      return { id: b.id, bytes: byteLength(b.text), hash: sha256(b.text), ...(role ? { role } : {}) };
    }),
    toolSizes: tools.map((t) => {
      const role = roles.tools?.[t.name];
      return { name: t.name, bytes: byteLength(canonicalJson(t)), ...(role ? { role } : {}) };
    }),
  };
}

/** The roles a sealed Tier 1 carries, to seal another Tier 1 (e.g. a resumed one) alike. */
export function tier1Roles(tier1: Tier1): Tier1Roles {
  const sections: Record<string, Tier1SectionRole> = {};
  const tools: Record<string, Tier1ToolRole> = {};
  for (const s of tier1.sections) if (s.role) sections[s.id] = s.role;
  for (const t of tier1.toolSizes) if (t.role) tools[t.name] = t.role;
  return { sections, tools };
}
