/**
 * How an interactive surface may show an operation's answer other than as text: a typed tag,
 * `presentation`, inside `OperationResult.data` (protocol extension.ts). The core operations
 * (@picasso/surface core-operations.ts) set it; the TUI's presenter table reads it (its `/context`
 * panel, timeline pager and picker); ACP and the CLI ignore it and answer with the text, and
 * machine readers (`_picasso/<name>`, `--json`) see it as part of the data. An operation without
 * it is shown as its text everywhere.
 * - `context-panel` — the `/context` model to page through;
 * - `timeline-pager` — the session's context timeline as bars per step;
 * - `pick` — choices; picking one runs the same operation again with the choice's value as its
 *   arguments (`/resume` lists sessions, picking one runs `/resume <id>`); a `preface` is shown
 *   above the choices (`/init`'s diff before "write / discard");
 * - `by-events` — the change shows itself through the session's events or a new session opening
 *   (a mode change, a compaction, a resumed session): nothing more to print;
 * - `prompt` — a custom command expanded: every surface shows the `notes`, then sends `prompt` as
 *   the user's turn with the turn `limit` (TurnOptions.limit) — the TUI and ACP as a prompt typed,
 *   `picasso -p "/name args"` as its one turn.
 */
import type { TimelineChart, TurnToolLimit } from "@picasso/protocol";
import type { ContextView } from "./context-view.js";

export interface PickChoice {
  label: string;
  value: string;
}

export type OperationPresentation =
  | { presentation: "context-panel"; view: ContextView }
  | { presentation: "timeline-pager"; chart: TimelineChart }
  | { presentation: "pick"; title: string; choices: PickChoice[]; preface?: string }
  | { presentation: "by-events" }
  | { presentation: "prompt"; command: string; prompt: string; notes: string[]; limit?: TurnToolLimit };

export type PresentationKind = OperationPresentation["presentation"];

const KINDS: readonly PresentationKind[] = ["context-panel", "timeline-pager", "pick", "by-events", "prompt"];

/** The presentation an operation's `data` carries, if any. */
export function presentationOf(data: unknown): OperationPresentation | undefined {
  if (typeof data !== "object" || data === null) return undefined;
  const kind = (data as { presentation?: unknown }).presentation;
  return KINDS.includes(kind as PresentationKind) ? (data as OperationPresentation) : undefined;
}
