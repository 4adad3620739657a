/**
 * The `tier2_load` events of one tool result: one per Tier-2 entry the output carried.
 *
 * An entry's bytes are its own (`Tier2Entry.bytes`, the entry's text inside the output) or, when
 * absent, the whole output's; over all entries at most the output's bytes are counted, in order,
 * so a cut (spilled) or deduped output never reports more than it holds. Logged for error outputs
 * too: a `tool_call` validation error carries the target tool's schema, which the model reads.
 */
import type { SessionEventBody, Tier2Entry } from "@picasso/protocol";

export function tier2LoadEvents(
  entries: readonly Tier2Entry[] | undefined,
  toolUseId: string,
  outputBytes: number,
  deduped: boolean,
): SessionEventBody[] {
  let left = outputBytes;
  return (entries ?? []).map((entry) => {
    const bytes = Math.min(entry.bytes ?? outputBytes, left);
    left -= bytes;
    return {
      type: "tier2_load",
      kind: entry.kind,
      name: entry.name,
      bytes,
      toolUseId,
      ...(deduped ? { deduped: true } : {}),
    };
  });
}
