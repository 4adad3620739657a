/**
 * How the TUI shows an operation's answer. An answer whose data carries a `presentation` tag
 * (@picasso/engine/context operation-presentation.ts) is shown by the presenter of that tag — one
 * typed entry per tag, so a new tag does not compile until the TUI says how to show it:
 * - `context-panel` — the `/context` panel on the view;
 * - `timeline-pager` — the `/context timeline` bars;
 * - `pick` — the picker (its `preface` first, as an expanded block); the picked value runs the same
 *   command again as its arguments;
 * - `by-events` — nothing: the session's events (a mode change, a compaction) or the new session
 *   on screen show what happened;
 * - `prompt` — a custom command: its notes as warnings, then its prompt sent as the user's turn.
 * Otherwise: a `warn` answer is one warning line `/<name>: <text>`; any other text is an expanded
 * block titled `title` (default `/<name>`).
 */
import { type OperationPresentation, type PresentationKind, presentationOf } from "@picasso/engine/context";
import type { OperationResult } from "@picasso/protocol";
import type { CommandContext } from "./slash-command.js";

type PresentationOf<K extends PresentationKind> = Extract<OperationPresentation, { presentation: K }>;

type Presenters = {
  [K in PresentationKind]: (shown: PresentationOf<K>, ctx: CommandContext, command: string) => void;
};

export const PRESENTERS: Presenters = {
  "context-panel": (shown, ctx) => ctx.showContext(shown.view),
  "timeline-pager": (shown, ctx) => ctx.showTimeline(shown.chart),
  pick: (shown, ctx, command) => {
    if (shown.preface) ctx.print({ kind: "expanded", title: `/${command}`, text: shown.preface.trimEnd() });
    ctx.pick(shown.title, shown.choices, (value) => void ctx.runCommand(command, value));
  },
  "by-events": () => {},
  prompt: (shown, ctx) => {
    for (const note of shown.notes) ctx.print({ kind: "notice", tone: "warn", text: note });
    ctx.sendPrompt(shown.prompt, shown.limit);
  },
};

function presentWith<K extends PresentationKind>(
  shown: PresentationOf<K>,
  ctx: CommandContext,
  command: string,
): void {
  (PRESENTERS[shown.presentation as K] as Presenters[K])(shown, ctx, command);
}

/** Show `result`, the answer of the operation behind `/<command>`. */
export function presentResult(result: OperationResult, ctx: CommandContext, command: string): void {
  if (result.tone === "warn") {
    ctx.print({ kind: "notice", tone: "warn", text: `/${command}: ${result.text}` });
    return;
  }
  const shown = presentationOf(result.data);
  if (shown) {
    presentWith(shown, ctx, command);
    return;
  }
  if (result.text.trim() !== "")
    ctx.print({ kind: "expanded", title: result.title ?? `/${command}`, text: result.text.trimEnd() });
}
