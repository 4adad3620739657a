/**
 * `StepAttribution`: which request of a lane first carried each item that entered the lane's
 * history — the step the item entered at. One per lane; it keeps no message, only the items not
 * sent yet.
 *
 * Every item (a message's entries, a tool result, a Tier-2 load, a compaction summary) is bound to
 * the index in the lane's history of the message that holds it:
 * - a message: its `index`;
 * - a `tool_result`, and a Tier-2 load inside one: the next index (their `tool_results` message
 *   follows them in the log);
 * - a Tier-2 load right after a reminder message: that reminder's index;
 * - a compaction summary: 0 (it replaces the start of the history).
 * An item waits until a request of the lane holds its message (`messageCount` > index) — a step
 * or a compaction request, in this turn or a later one. That request's step lists it: in `entries`
 * when the item entered in the request's turn, in `carriedOver` when it entered in an earlier turn
 * (the previous turn's final answer, a summary logged after it); the compactions whose summary it
 * sent in `compactions`. A step's lists are final once its request is folded.
 * Waiting items follow the history: a message written below the history's length replaces it from
 * there (items bound at or past that index were never sent and are dropped); a compaction drops the
 * items it summarised before a request sent them and shifts the kept ones to index − keptFrom + 1;
 * after a history repair every waiting item goes with the next request.
 * An item no request of its own turn sent stays in that turn's `notSentInTurn` (the lane's turn
 * account), whether a later turn sends it or nothing ever does: a turn's account never depends on
 * events after it, so a turn handed over early (`keepTurns: false`) equals the whole fold's.
 */
import { EntryGroups, type EntryInput, entryKey } from "./entry-groups.js";
import type { TimelineCompaction, TimelineEntry } from "./timeline-types.js";
import type { LaneTurn } from "./turn-summary.js";

/** An item that entered the lane's history and the message index that holds it. */
export interface Arrival {
  index: number;
  entry: EntryInput;
  /** `entryKey(entry)`, made once for the turn's groups and the step's. */
  key: string;
  /** For a compaction summary: its compaction. */
  compaction: TimelineCompaction | null;
  /** The lane's turn it entered in. */
  laneTurn: LaneTurn;
}

/** What one request sent for the first time. */
export interface StepArrivals {
  entries: TimelineEntry[];
  carriedOver: TimelineEntry[];
  compactions: TimelineCompaction[];
}

export class StepAttribution {
  private waiting: Arrival[] = [];

  /** An item entered `laneTurn` inside the message at `index`: counted in the turn, waits for a request. */
  enter(
    laneTurn: LaneTurn,
    entry: EntryInput,
    index: number,
    compaction: TimelineCompaction | null = null,
  ): void {
    const key = entryKey(entry);
    laneTurn.addEntry(entry, key);
    const arrival: Arrival = { index, entry, key, compaction, laneTurn };
    laneTurn.notSent.add(arrival);
    this.waiting.push(arrival);
  }

  /** A message is written at `index` of a history of `length` messages (before its own items enter). */
  onMessage(index: number, length: number): void {
    if (index < length) this.waiting = this.waiting.filter((a) => a.index < index);
  }

  onCompaction(keptFrom: number): void {
    this.waiting = this.waiting.filter((a) => a.index >= keptFrom);
    // In place: the same arrivals are in their turn's `notSent`.
    for (const a of this.waiting) a.index = a.index - keptFrom + 1;
  }

  /** The history was replaced by a repaired one: what waits goes with the next request. */
  onRepair(): void {
    for (const a of this.waiting) a.index = 0;
  }

  /** A request of `laneTurn` holding the first `messageCount` messages: what it sent first. */
  onRequest(laneTurn: LaneTurn, messageCount: number): StepArrivals {
    const entries = new EntryGroups();
    const carriedOver = new EntryGroups();
    const compactions: TimelineCompaction[] = [];
    const unsent: Arrival[] = [];
    for (const a of this.waiting) {
      if (a.index >= messageCount) unsent.push(a);
      else if (a.laneTurn === laneTurn) {
        entries.add(a.entry, a.key);
        laneTurn.notSent.delete(a);
      } else carriedOver.add(a.entry, a.key);
      if (a.compaction && a.index < messageCount) compactions.push({ ...a.compaction });
    }
    this.waiting = unsent;
    return { entries: entries.final(), carriedOver: carriedOver.final(), compactions };
  }
}
