/**
 * `@picasso/timeline`: the context timeline of a session log — a pure fold of its events (it
 * imports only `@picasso/protocol`), so `picasso context timeline` works offline on saved logs.
 *
 * - `TimelineFolder` — the streaming fold: `add(event)`, `skip(line)`, `snapshot()`, `finish()`;
 *   feed it a live session's log events (an observer) for `/context timeline`.
 * - `foldTimelineEvents(events)` — a whole array of events at once.
 * - `foldTimelineFile(path)` — a log file, streamed; bad files are `UserError`s.
 * - `feedTimelineFile(folder, path)` — a log file into a folder that goes on (a resumed session).
 * - `renderTimeline(timeline)` — the per-turn text table.
 * - `timelineChart(timeline)` — the per-step bars (`TimelineChart`) the TUI and the HTML page draw.
 * - `renderTimelineHtml(timeline)` — one self-contained HTML page of the timeline.
 * The JSON shape (`Timeline`, version 1) is documented in docs/timeline.md.
 */
export { type FoldFileOptions, feedTimelineFile, foldTimelineEvents, foldTimelineFile } from "./fold-file.js";
export { type RenderOptions, renderTimeline } from "./render-timeline.js";
export { renderTimelineHtml } from "./render-timeline-html.js";
export { timelineChart } from "./timeline-chart.js";
export { TimelineFolder, type TimelineFoldOptions } from "./timeline-fold.js";
export * from "./timeline-types.js";
export { COST_WEIGHTS } from "./usage-figures.js";
