/**
 * A lane's replay: its conversation as the user saw it, for a resumed session's screen (TUI,
 * ACP `session/load`). A compaction replaces older messages by a summary in the history the model
 * sees, but the log still holds the messages it summarised: the fold (log-fold.ts) keeps them in
 * `earlier`, followed by a marker per compaction, and the summary itself is never replayed (it is
 * the model's context, not something anyone said).
 */
import type { Message } from "@picasso/protocol";

export type ReplayEntry =
  | { kind: "message"; message: Message }
  | { kind: "compaction"; trigger: "auto" | "manual"; summarisedMessages: number };

/** The part of a folded lane the replay needs. */
export interface ReplayableLane {
  messages: readonly Message[];
  /** What compactions took out of `messages`, and their markers, in order. */
  earlier: readonly ReplayEntry[];
  /** The summary the last compaction left at `messages[0]`, while it is still there. */
  summary: Message | undefined;
}

export function laneReplay(lane: ReplayableLane): ReplayEntry[] {
  const current =
    lane.summary !== undefined && lane.messages[0] === lane.summary ? lane.messages.slice(1) : lane.messages;
  return [...lane.earlier, ...current.map((message): ReplayEntry => ({ kind: "message", message }))];
}

/** The messages a compaction takes out (before `keptFrom`, the previous summary left out) as replay entries. */
export function compactedEntries(lane: ReplayableLane, keptFrom: number): ReplayEntry[] {
  const removed = lane.messages.slice(0, keptFrom).filter((message) => message !== lane.summary);
  return removed.map((message): ReplayEntry => ({ kind: "message", message }));
}
