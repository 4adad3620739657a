/**
 * The session's scheduled prompts: each wakes the session once, when due, with its prompt as a
 * notice (`wake.notify({source: "schedule"})`) — a follow-up the model asked for ("check the
 * deploy in 10 minutes"). A pending schedule is armed (`wake.arm`), so headless waits for it;
 * it ends when it fires, when the model cancels it, or with the session (the timers live in this
 * process: a scheduled prompt does not outlive the session). At most 16 pending.
 */
import { quoted, type WatchHost } from "./watch-host.js";

export const MAX_SCHEDULES = 16;
export const MAX_PROMPT_CHARS = 4000;

export interface ScheduleInfo {
  id: string;
  name?: string;
  prompt: string;
  setAt: number;
  dueAt: number;
}

interface Pending extends ScheduleInfo {
  timer: NodeJS.Timeout;
  disarm: () => void;
}

export class ScheduleBoard {
  private readonly pending = new Map<string, Pending>();
  private nextId = 1;

  constructor(private readonly host: WatchHost) {}

  add(prompt: string, dueAt: number, name?: string): ScheduleInfo {
    const wake = this.host.wake;
    if (!wake) throw new Error("schedules need a live session");
    if (this.pending.size >= MAX_SCHEDULES)
      throw new Error(
        `${MAX_SCHEDULES} prompts are already scheduled; cancel one first (schedule_list, schedule_cancel)`,
      );
    const id = `sch-${this.nextId++}`;
    const setAt = this.host.now();
    const entry: Pending = {
      id,
      ...(name ? { name } : {}),
      prompt,
      setAt,
      dueAt,
      timer: setTimeout(() => this.fire(entry), Math.max(0, dueAt - setAt)),
      disarm: wake.arm(`schedule ${id}${name ? ` "${name}"` : ""} due ${new Date(dueAt).toISOString()}`),
    };
    this.pending.set(id, entry);
    this.host.record?.({
      type: "watch_start",
      kind: "schedule",
      id,
      ...(name ? { name } : {}),
      what: `due ${new Date(dueAt).toISOString()}: ${prompt.replace(/\s+/g, " ").slice(0, 80)}`,
    });
    return this.describe(entry);
  }

  list(): ScheduleInfo[] {
    return [...this.pending.values()].map((s) => this.describe(s)).sort((a, b) => a.dueAt - b.dueAt);
  }

  cancel(id: string): boolean {
    const entry = this.pending.get(id);
    if (!entry) return false;
    this.end(entry, "stopped");
    return true;
  }

  closeAll(): void {
    for (const entry of [...this.pending.values()]) this.end(entry, "closed");
  }

  private fire(entry: Pending): void {
    if (!this.pending.has(entry.id)) return;
    const minutes = Math.round((this.host.now() - entry.setAt) / 60_000);
    const label = `Scheduled prompt ${entry.id}${entry.name ? ` "${entry.name}"` : ""}, set ${minutes} min ago`;
    this.host.wake?.notify({ source: "schedule", text: `${label}:\n${quoted(entry.prompt)}` });
    this.end(entry, "fired");
  }

  private end(entry: Pending, reason: "fired" | "stopped" | "closed"): void {
    if (!this.pending.delete(entry.id)) return;
    clearTimeout(entry.timer);
    this.host.record?.({
      type: "watch_stop",
      kind: "schedule",
      id: entry.id,
      reason,
      notices: reason === "fired" ? 1 : 0,
    });
    entry.disarm();
  }

  private describe(entry: Pending): ScheduleInfo {
    const { id, name, prompt, setAt, dueAt } = entry;
    return { id, ...(name ? { name } : {}), prompt, setAt, dueAt };
  }
}
