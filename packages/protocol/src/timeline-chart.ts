/**
 * The context timeline as bars: one bar per model step, lanes as separate tracks. Built from a
 * timeline (`timelineChart` in `@picasso/timeline`) and drawn by each surface with its
 * own renderer — the TUI's `/context timeline`, the HTML page of `picasso context timeline --html`.
 * The type lives here so the TUI, which never imports lean-context, can draw it.
 *
 * Figures follow the timeline's rules: token counts are the provider's, a figure it did not report
 * is `null`, never 0.
 */

export interface TimelineChart {
  /** One track per lane, main first, then subagent lanes in the order they appeared. */
  tracks: ChartTrack[];
  /** Steps over all tracks. */
  steps: number;
  /** The largest prompt (cache read + cache write + uncached) of any step: bars scale to it. */
  maxPromptTokens: number;
  totals: ChartTotals;
}

export interface ChartTrack {
  lane: string;
  /** `main`, or `<lane>[ · <label>][ · <group>] · subagent: "<task preview>"`; then ` · cost <n>` (its own, over the session). */
  label: string;
  bars: ChartBar[];
}

export interface ChartBar {
  turn: number;
  lane: string;
  /** The lane's step number, as logged. */
  step: number;
  /** A summarisation request (compaction), not a model step of the conversation. */
  compaction: boolean;
  cacheRead: number | null;
  cacheWrite: number | null;
  uncached: number | null;
  output: number | null;
  /** Where the cached prefix broke at this step, and why; null when it held (or cannot be told). */
  drop: ChartDrop | null;
  /** The compactions whose summary this step's request sent first, and the Tier-2 loads it sent. */
  markers: ChartMarker[];
  /** What this step's request sent first (one label per kind and name): what entered the lane's
   *  history since its previous request, an earlier turn's final answer included. */
  entered: string[];
  /** On the lane's last bar of a turn: what entered in the turn that none of its requests sent —
   *  the final answer, a subagent's report (the lane's next request, in a later turn, sends it). */
  enteredAfter: string[];
}

export interface ChartDrop {
  lostTokens: number;
  /** e.g. `prefix changed at message 12`, `prefix unchanged (expired or evicted)`. */
  reason: string;
  afterCompaction: boolean;
}

export interface ChartMarker {
  kind: "compaction" | "tier2";
  label: string;
}

export interface ChartTotals {
  cacheRead: number | null;
  cacheWrite: number | null;
  uncached: number | null;
  output: number | null;
  drops: number;
  lostTokens: number;
  /** Input-token equivalents actually paid (read 0.1×, write 1.25× or 2×, uncached 1×). */
  cost: number | null;
  /** What the same prompts would cost without a cache: every prompt token at 1×. */
  costWithoutCache: number | null;
  /** costWithoutCache − cost (negative when writes cost more than reads saved). */
  saved: number | null;
}
