/**
 * `EntryGroups`: content that entered a lane's history, grouped by kind, Tier-2 kind and name in
 * first-seen order — the one grouping rule behind a lane's turn entries and a step's entries. A
 * group counts its items, sums their bytes and counts the failed ones; `includedIn` is the first
 * item's. Its size depends on the distinct kinds and names, never on the bytes.
 */
import type { Tier2Kind } from "@picasso/protocol";
import type { EntryKind, TimelineEntry } from "./timeline-types.js";

/** One item of content that entered a lane's history (a message, a tool result, a Tier-2 load…). */
export interface EntryInput {
  kind: EntryKind;
  name?: string | null;
  tier2Kind?: Tier2Kind | null;
  bytes: number;
  failed?: boolean;
  includedIn?: TimelineEntry["includedIn"];
}

export class EntryGroups {
  // Two parallel arrays, not a Map: a step has a handful of groups, a turn a few dozen at most,
  // and a search of so few keys is cheaper than a Map per step.
  private readonly keys: string[] = [];
  private readonly groups: TimelineEntry[] = [];

  /** Add an item; `key` is `entryKey(input)`, passed when the caller already has it. */
  add(input: EntryInput, key = entryKey(input)): void {
    const at = this.keys.indexOf(key);
    let entry = at < 0 ? undefined : this.groups[at];
    if (!entry) {
      entry = {
        kind: input.kind,
        name: input.name ?? null,
        tier2Kind: input.tier2Kind ?? null,
        count: 0,
        bytes: 0,
        failed: 0,
        includedIn: input.includedIn ?? null,
      };
      this.keys.push(key);
      this.groups.push(entry);
    }
    entry.count += 1;
    entry.bytes += input.bytes;
    if (input.failed) entry.failed += 1;
  }

  /** The groups as JSON entries (copies: adding later changes none of them). */
  snapshot(): TimelineEntry[] {
    return this.groups.map((e) => ({ ...e }));
  }

  /** The groups themselves, for a caller that adds nothing more (a step's, final at its request). */
  final(): TimelineEntry[] {
    return this.groups;
  }
}

/** The group an item belongs to: its kind, Tier-2 kind and name. */
export function entryKey(input: EntryInput): string {
  return `${input.kind}\u0000${input.tier2Kind ?? ""}\u0000${input.name ?? ""}`;
}

/** `inputs` grouped: the entries of a list of items. */
export function groupEntries(inputs: Iterable<EntryInput>): TimelineEntry[] {
  const groups = new EntryGroups();
  for (const input of inputs) groups.add(input);
  return groups.snapshot();
}
