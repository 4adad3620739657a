/**
 * The session's event bus: every `SessionEvent` of the session — from `session_start` to
 * `session_end`, during turns and between them (a mode change, a manual compaction) — is
 * published here once, in order. Surfaces subscribe for the session's life; `runTurn` watches for
 * its turn's end. A listener that throws is isolated (reported to `onError`),
 * never fatal to the session.
 */
import type { SessionEvent } from "@picasso/protocol";

export type SessionEventListener = (event: SessionEvent) => void;

export class SessionEventBus {
  private listeners: SessionEventListener[] = [];

  constructor(private readonly onError: (error: unknown) => void = () => {}) {}

  subscribe(listener: SessionEventListener): () => void {
    this.listeners = [...this.listeners, listener];
    return () => {
      this.listeners = this.listeners.filter((l) => l !== listener);
    };
  }

  publish(event: SessionEvent): void {
    for (const listener of this.listeners) {
      try {
        listener(event);
      } catch (error) {
        this.onError(error);
      }
    }
  }
}
