/**
 * What may wake a session (protocol extension.ts `SessionWake`): notices waiting to join the main
 * lane, and what is armed to send one later (a monitor, a scheduled prompt). `notify` logs a
 * `wake` event (which is how a surface learns an idle session has something to do) and queues the
 * notice; the main lane takes the queue before each of its steps (`take`), so a notice that
 * arrives while a turn runs joins that turn, and one that arrives while idle joins the next turn —
 * the turn a surface runs for it (`Session.runWake`) or the user's next prompt. Nothing is lost.
 */
import type { SessionWake, WakeNotice } from "@picasso/protocol";

export class WakeBoard {
  private readonly queued: WakeNotice[] = [];
  private readonly armedLabels = new Map<number, string>();
  private nextToken = 1;
  private readonly listeners = new Set<() => void>();

  constructor(private readonly record: (notice: WakeNotice) => void) {}

  /** The extensions' handle. */
  readonly handle: SessionWake = {
    notify: (notice) => this.notify(notice),
    arm: (label) => this.arm(label),
  };

  notify(notice: WakeNotice): void {
    this.queued.push({ source: notice.source, text: notice.text });
    this.record(notice);
    this.changed();
  }

  arm(label: string): () => void {
    const token = this.nextToken++;
    this.armedLabels.set(token, label);
    return () => {
      if (this.armedLabels.delete(token)) this.changed();
    };
  }

  /** The notices waiting, oldest first; taking them empties the queue. */
  take(): WakeNotice[] {
    return this.queued.splice(0);
  }

  get pending(): number {
    return this.queued.length;
  }

  /** What is armed to wake the session later, by label. */
  get armed(): string[] {
    return [...this.armedLabels.values()];
  }

  /** Called whenever a notice arrives or something is disarmed; returns the unsubscribe function. */
  onChange(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private changed(): void {
    for (const listener of [...this.listeners]) listener();
  }
}
