/**
 * The context timeline of a live session, kept up to date instead of re-folding the log each time
 * it is asked for: the TUI's `/context timeline` draws its bars (`chart`), ACP's `_picasso/context/timeline`
 * returns its snapshot (the same `Timeline` as `picasso context timeline --json`). The first request folds the log once (a resumed session's earlier turns are in
 * it), while already listening to the session's events; from then on each logged event is folded
 * as it happens, and asking again renders the fold's current snapshot. Events published while the
 * log was being read are folded after it, skipping those the file already held (by `seq`).
 */
import type { Session } from "@picasso/engine";
import type { LogEvent, SessionEvent, TimelineChart } from "@picasso/protocol";
import type { Timeline } from "@picasso/timeline";

export type { Timeline };

type TimelineModule = typeof import("@picasso/timeline");

export class LiveTimeline {
  private folder: InstanceType<TimelineModule["TimelineFolder"]> | undefined;
  private loading: Promise<void> | undefined;
  private foldedSeq = -1;
  private waiting: SessionEvent[] | undefined = [];

  constructor(
    private readonly session: Session,
    private readonly timeline: TimelineModule,
  ) {}

  /** The timeline so far, as the per-turn text table. */
  async render(): Promise<string> {
    return this.timeline.renderTimeline(await this.snapshot());
  }

  /** The timeline so far, as bars per step (`timelineChart`). */
  async chart(): Promise<TimelineChart> {
    return this.timeline.timelineChart(await this.snapshot());
  }

  /** The timeline so far, as data (schema: docs/timeline.md). */
  async snapshot(): Promise<Timeline> {
    this.loading ??= this.load();
    await this.loading;
    return this.folder!.snapshot();
  }

  private async load(): Promise<void> {
    this.session.subscribe((event) => this.onEvent(event));
    const folder = new this.timeline.TimelineFolder();
    await this.timeline.feedTimelineFile(folder, this.session.logPath, {});
    this.folder = folder;
    this.foldedSeq = folder.lastSeq;
    const waiting = this.waiting ?? [];
    this.waiting = undefined;
    for (const event of waiting) this.onEvent(event);
  }

  private onEvent(event: SessionEvent): void {
    if (event.seq === undefined) return; // live-only: not in the log, not in the timeline
    if (this.waiting) {
      this.waiting.push(event);
      return;
    }
    if (event.seq <= this.foldedSeq) return;
    this.foldedSeq = event.seq;
    this.folder?.add({ ...event, v: 2 } as LogEvent);
  }
}

/** One live timeline per session, folded once and then kept up to date; the fold loads on first use. */
const liveTimelines = new WeakMap<Session, LiveTimeline>();

export async function liveTimeline(session: Session): Promise<LiveTimeline> {
  let live = liveTimelines.get(session);
  if (!live) {
    live = new LiveTimeline(session, await import("@picasso/timeline"));
    liveTimelines.set(session, live);
  }
  return live;
}
