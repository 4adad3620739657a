/**
 * The `watch` extension: background work that wakes the session — monitors (a pattern in a
 * workspace file, a background job's or a terminal's output) and scheduled prompts — as the
 * deferred `watch` tool family (watch-tools.ts), plus what the user sees of them:
 * - `start(ctx)`: the session's `wake` and `record` (before it, and offline, nothing can be armed);
 * - `panel()`: the running monitors and pending schedules in `/context` (none while nothing is armed);
 * - the `watch` operation: the same list, or `watch stop <id>` to end one;
 * - `close()`: every monitor and schedule ends with the session (`watch_stop`, reason `closed`).
 * Its tools are registered whatever runs, so Tier 1 is the same with or without armed watches.
 */
import type { ContextPanel, OperationResult, PanelRow, PicassoExtension } from "@picasso/protocol";
import type { ToolRuntime } from "@picasso/tools";
import { MonitorBoard } from "./monitors.js";
import { ScheduleBoard } from "./schedules.js";
import { watchFamily } from "./watch-family.js";
import type { WatchHost } from "./watch-host.js";
import { monitorLine, watchTools } from "./watch-tools.js";

export interface WatchOptions {
  /** The tools' runtime: its background jobs and terminals may be monitored. */
  processes?: Pick<ToolRuntime, "jobs" | "terminals">;
  now?: () => number;
  pollMs?: number;
  noticeGapMs?: number;
}

export interface WatchExtension {
  extension: PicassoExtension;
  monitors: MonitorBoard;
  schedules: ScheduleBoard;
}

export function createWatchExtension(options: WatchOptions = {}): WatchExtension {
  const host: WatchHost = {
    now: options.now ?? Date.now,
    pollMs: options.pollMs ?? 250,
    noticeGapMs: options.noticeGapMs ?? 10_000,
  };
  const monitors = new MonitorBoard(host);
  const schedules = new ScheduleBoard(host);
  const tools = watchTools({
    monitors,
    schedules,
    now: host.now,
    ...(options.processes ? { processes: options.processes } : {}),
  });
  const list = (): OperationResult => {
    const rows = panelRows(monitors, schedules, host.now());
    if (rows.length === 0)
      return {
        text: "No monitor is running and no prompt is scheduled.",
        data: { monitors: [], schedules: [] },
      };
    return {
      text: rows.map((r) => `${r.level ? "  " : ""}${r.label}: ${r.value}`).join("\n"),
      data: { monitors: monitors.list(), schedules: schedules.list() },
    };
  };
  const extension: PicassoExtension = {
    name: "watch",
    families: [watchFamily],
    registerTools: () => tools,
    start(ctx) {
      if (ctx.wake) host.wake = ctx.wake;
      host.record = (event) => ctx.record(event);
    },
    // Shown while something is armed; an idle session's /context is not lengthened by it.
    panel(): ContextPanel | undefined {
      const rows = panelRows(monitors, schedules, host.now());
      return rows.length > 0 ? { id: "watch", title: "Monitors and schedules", rows } : undefined;
    },
    operations: [
      {
        name: "watch",
        args: "[stop <id>]",
        argChoices: ["stop"],
        summary: "List the running monitors and scheduled prompts, or stop one",
        run(args) {
          const [verb, id] = args.trim().split(/\s+/);
          if (!verb) return list();
          if (verb !== "stop" || !id) return { text: "usage: /watch [stop <mon-N|sch-N>]", tone: "warn" };
          const stopped = id.startsWith("sch-") ? schedules.cancel(id) : monitors.stop(id);
          return stopped
            ? { text: `${id} stopped` }
            : { text: `no running monitor or schedule "${id}"`, tone: "warn" };
        },
      },
    ],
    close() {
      monitors.closeAll();
      schedules.closeAll();
    },
  };
  return { extension, monitors, schedules };
}

function panelRows(monitors: MonitorBoard, schedules: ScheduleBoard, now: number): PanelRow[] {
  const rows: PanelRow[] = [];
  for (const m of monitors.list())
    rows.push({ label: m.id, value: monitorLine(m, now).slice(m.id.length + 1) });
  for (const s of schedules.list())
    rows.push({
      label: s.id,
      value: `${s.name ? `"${s.name}" ` : ""}due in ${Math.max(0, Math.round((s.dueAt - now) / 1000))} s: ${s.prompt.replace(/\s+/g, " ").slice(0, 80)}`,
    });
  return rows;
}
