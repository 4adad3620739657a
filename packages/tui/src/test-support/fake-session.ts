/**
 * A stand-in for an engine session in TUI tests: its turns replay the events a test yields (the
 * turn resolves when they are done), and every event — a turn's, or a mode change between turns — is published to its subscribers the
 * way the engine's session bus does. Events are written as bodies plus `lane`; the envelope's
 * session, turn and time are filled in.
 */
import type { PermissionMode, SessionEvent, WakeNotice } from "@picasso/protocol";

export type FakeEvent = { type: SessionEvent["type"]; lane: string } & Record<string, unknown>;

export class FakeSessionEvents {
  private listeners: Array<(event: SessionEvent) => void> = [];
  mode: PermissionMode = "default";

  /** Wake notices waiting, as the engine's wake board keeps them; a turn takes them (`takeWakes`). */
  readonly wakes: WakeNotice[] = [];
  private wakeListeners: Array<() => void> = [];

  constructor(readonly id: string) {}

  /** A notice wakes the session: the `wake` event is published and it waits for a turn. */
  wake(notice: WakeNotice): void {
    this.wakes.push(notice);
    this.publish({ type: "wake", lane: "main", ...notice });
    for (const listener of [...this.wakeListeners]) listener();
  }

  onWakeChange(listener: () => void): () => void {
    this.wakeListeners.push(listener);
    return () => {
      this.wakeListeners = this.wakeListeners.filter((l) => l !== listener);
    };
  }

  takeWakes(): WakeNotice[] {
    return this.wakes.splice(0);
  }

  subscribe(listener: (event: SessionEvent) => void): () => void {
    this.listeners.push(listener);
    return () => {
      this.listeners = this.listeners.filter((l) => l !== listener);
    };
  }

  publish(event: FakeEvent): SessionEvent {
    const full = { session: this.id, turn: 1, ts: "2026-12-01T00:00:00.000Z", ...event } as SessionEvent;
    for (const listener of this.listeners) listener(full);
    return full;
  }

  setMode(mode: PermissionMode): void {
    if (mode === this.mode) return;
    const from = this.mode;
    this.mode = mode;
    this.publish({ type: "mode_change", lane: "main", from, to: mode });
  }

  /**
   * A turn, as the engine's `runTurn` runs one: each event the generator yields is published to
   * the subscribers; resolves when the generator is done, with how the turn ended (its last
   * `turn_end`, else `end_turn`).
   */
  async replay(events: AsyncGenerator<FakeEvent>): Promise<{ stopReason: string }> {
    let stopReason = "end_turn";
    for await (const event of events) {
      this.publish(event);
      if (event.type === "turn_end" && typeof event.stopReason === "string") stopReason = event.stopReason;
    }
    return { stopReason };
  }
}
