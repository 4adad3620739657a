/**
 * How a `message` event becomes entries of its lane's turn, by source:
 * - `user`: a `user` entry; `factsBytes` (the session-facts block at the start of the first user
 *   message) is split off as a `session_facts` entry;
 * - `tool_results`: none — the `tool_result` events give the same content by tool name;
 * - `reminder`: a `reminder` entry named by the event's `reminder` (its named source);
 * - any other source: an entry of that kind.
 * Sizes are canonical-JSON bytes of the message, the engine's measure of history size.
 */
import { byteLength } from "@picasso/protocol";
import type { EntryInput } from "./entry-groups.js";
import type { MessageEnvelope } from "./message-size.js";

/**
 * Canonical-JSON byte size of a value. Sorting keys never changes the length, so plain JSON gives
 * the same number without the copy.
 */
export function jsonBytes(value: unknown): number {
  return byteLength(JSON.stringify(value));
}

/** Hand the message's entries to `enter`; returns whether it was a reminder (a Tier-2 load may follow it). */
export function addMessageEntries(
  enter: (entry: EntryInput) => void,
  event: MessageEnvelope,
  bytes: number,
): boolean {
  switch (event.source) {
    case "user": {
      const facts = Math.min(event.factsBytes ?? 0, bytes);
      if (facts > 0) enter({ kind: "session_facts", bytes: facts });
      enter({ kind: "user", bytes: bytes - facts });
      return false;
    }
    case "tool_results":
      return false;
    case "reminder":
    case "notice": // a wake notice (monitor, schedule…) is a reminder of its source
      enter({
        kind: "reminder",
        name: event.reminder ?? null,
        bytes,
      });
      return true;
    default:
      enter({ kind: event.source, bytes });
      return false;
  }
}
