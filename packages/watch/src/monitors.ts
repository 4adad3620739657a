/**
 * The session's monitors: each follows one source (monitor-source.ts) for a pattern and wakes the
 * session (`wake.notify({source: "monitor"})`) when a line matches. A monitor is armed
 * (`wake.arm`) from its start to its end, so headless waits for it; it ends when it matched
 * (`once`, the default), at its timeout, when its source ends (the process exited), when the
 * model stops it, or with the session. Every end but `stopped`/`closed` is told to the model (a
 * notice) so it is not left waiting. An every-match monitor sends at most one notice per
 * `noticeGapMs`, with at most 20 matching lines; the rest are counted. At most 8 run at once.
 */
import type { MonitorSource } from "./monitor-source.js";
import { quoted, type WatchHost } from "./watch-host.js";

export const MAX_MONITORS = 8;
export const MAX_NOTICE_LINES = 20;
const NOTICE_LINE_CHARS = 300;

export interface MonitorSpec {
  source: MonitorSource;
  pattern: RegExp;
  once: boolean;
  timeoutMs: number;
  name?: string;
}

export interface MonitorInfo {
  id: string;
  name?: string;
  watching: string;
  pattern: string;
  once: boolean;
  startedAt: number;
  endsAt: number;
  matches: number;
}

type EndReason = "matched" | "timeout" | "source_ended" | "stopped" | "closed";

interface Running extends MonitorInfo {
  spec: MonitorSpec;
  poller: NodeJS.Timeout;
  deadline: NodeJS.Timeout;
  disarm: () => void;
  reading: boolean;
  /** Matching lines not told yet (an every-match monitor between notices). */
  held: string[];
  heldExtra: number;
  lastNoticeAt: number;
  notices: number;
}

export class MonitorBoard {
  private readonly running = new Map<string, Running>();
  private nextId = 1;

  constructor(private readonly host: WatchHost) {}

  start(spec: MonitorSpec): MonitorInfo {
    const wake = this.host.wake;
    if (!wake) throw new Error("monitors need a live session");
    if (this.running.size >= MAX_MONITORS)
      throw new Error(`${MAX_MONITORS} monitors already run; stop one first (monitor_list, monitor_stop)`);
    const id = `mon-${this.nextId++}`;
    const startedAt = this.host.now();
    const monitor: Running = {
      id,
      ...(spec.name ? { name: spec.name } : {}),
      watching: spec.source.describe,
      pattern: String(spec.pattern),
      once: spec.once,
      startedAt,
      endsAt: startedAt + spec.timeoutMs,
      matches: 0,
      spec,
      poller: setInterval(() => void this.poll(monitor), this.host.pollMs),
      deadline: setTimeout(() => this.end(monitor, "timeout"), spec.timeoutMs),
      disarm: wake.arm(`monitor ${id}${spec.name ? ` "${spec.name}"` : ""} on ${spec.source.describe}`),
      reading: false,
      held: [],
      heldExtra: 0,
      lastNoticeAt: 0,
      notices: 0,
    };
    this.running.set(id, monitor);
    this.host.record?.({
      type: "watch_start",
      kind: "monitor",
      id,
      ...(spec.name ? { name: spec.name } : {}),
      what: `${spec.source.describe} for ${monitor.pattern}${spec.once ? "" : " (every match)"}`,
    });
    void this.poll(monitor);
    return this.describe(monitor);
  }

  list(): MonitorInfo[] {
    return [...this.running.values()].map((m) => this.describe(m));
  }

  /** Stop monitor `id` (the model's `monitor_stop`); false when none runs by that id. */
  stop(id: string): boolean {
    const monitor = this.running.get(id);
    if (!monitor) return false;
    this.end(monitor, "stopped");
    return true;
  }

  /** The session ends: every monitor stops, untold. */
  closeAll(): void {
    for (const monitor of [...this.running.values()]) this.end(monitor, "closed");
  }

  private async poll(monitor: Running): Promise<void> {
    if (monitor.reading || !this.running.has(monitor.id)) return;
    monitor.reading = true;
    try {
      const got = await monitor.spec.source.read();
      if (!this.running.has(monitor.id)) return;
      const matching = got.lines.filter((line) => monitor.spec.pattern.test(line));
      monitor.matches += matching.length;
      this.hold(monitor, matching);
      if (monitor.spec.once && monitor.held.length > 0) {
        this.tell(monitor, "The monitor has stopped (it was set to wake you once).");
        return this.end(monitor, "matched");
      }
      if (got.ended) {
        if (monitor.held.length > 0) this.tell(monitor, "");
        this.tell(monitor, `${got.ended}; the monitor has stopped.`, true);
        return this.end(monitor, "source_ended");
      }
      if (monitor.held.length > 0 && this.host.now() - monitor.lastNoticeAt >= this.host.noticeGapMs)
        this.tell(monitor, `Still watching; monitor_stop ${monitor.id} ends it.`);
    } catch (error) {
      if (!this.running.has(monitor.id)) return;
      this.tell(
        monitor,
        `It could not read its source (${(error as Error).message}); the monitor has stopped.`,
        true,
      );
      this.end(monitor, "source_ended");
    } finally {
      monitor.reading = false;
    }
  }

  private hold(monitor: Running, lines: string[]): void {
    for (const line of lines) {
      if (monitor.held.length < MAX_NOTICE_LINES) monitor.held.push(line);
      else monitor.heldExtra += 1;
    }
  }

  /** One notice: the lines held (if any) and a closing sentence; `plain` sends it without lines. */
  private tell(monitor: Running, after: string, plain = false): void {
    const name = `monitor ${monitor.id}${monitor.name ? ` "${monitor.name}"` : ""}`;
    const lines = plain ? [] : monitor.held.splice(0);
    const extra = plain ? 0 : monitor.heldExtra;
    if (!plain) monitor.heldExtra = 0;
    const head =
      lines.length > 0
        ? `${name} on ${monitor.watching} matched ${monitor.pattern}:`
        : `${name} on ${monitor.watching}:`;
    const body = lines.map((line) => `  ${quoted(clip(line))}`);
    if (extra > 0) body.push(`  (+${extra} more matching lines)`);
    const text = [head, ...body, ...(after ? [after] : [])].join("\n");
    monitor.lastNoticeAt = this.host.now();
    monitor.notices += 1;
    this.host.wake?.notify({ source: "monitor", text });
  }

  private end(monitor: Running, reason: EndReason): void {
    if (!this.running.delete(monitor.id)) return;
    clearInterval(monitor.poller);
    clearTimeout(monitor.deadline);
    if (reason === "timeout") {
      const waited = Math.round((this.host.now() - monitor.startedAt) / 1000);
      if (monitor.held.length > 0) this.tell(monitor, "");
      this.tell(monitor, `It timed out after ${waited} s and has stopped.`, true);
    }
    this.host.record?.({
      type: "watch_stop",
      kind: "monitor",
      id: monitor.id,
      reason,
      notices: monitor.notices,
    });
    // Disarm last: a surface waiting for armed wake-ups sees the final notice queued first.
    monitor.disarm();
  }

  private describe(monitor: Running): MonitorInfo {
    const { id, name, watching, pattern, once, startedAt, endsAt, matches } = monitor;
    return { id, ...(name ? { name } : {}), watching, pattern, once, startedAt, endsAt, matches };
  }
}

function clip(line: string): string {
  return line.length > NOTICE_LINE_CHARS ? `${line.slice(0, NOTICE_LINE_CHARS - 1)}…` : line;
}
