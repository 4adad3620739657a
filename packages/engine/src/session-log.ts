/**
 * SessionLog: the append-only JSONL writer of one session (schema v2).
 *
 * `append(body)` writes a logged variant: its live-only fields are left out (the persistence
 * table in `@picasso/protocol`), the envelope (`v`, `seq`, `ts`, `session`, `lane`, `turn`) is
 * stamped, and the line is appended with a single write on a file opened for appending, so a
 * line is always written whole unless the process dies inside that write (the reader then
 * reports a torn final line). `flush()` fsyncs; the engine calls it at step boundaries. Observers
 * see each written event; an observer that throws is isolated (reported to `onObserverError`).
 */
import { closeSync, fsyncSync, mkdirSync, openSync, writeSync } from "node:fs";
import { dirname } from "node:path";
import {
  encodeLogEvent,
  type LogEvent,
  loggedFields,
  SESSION_LOG_VERSION,
  type SessionEventBody,
} from "@picasso/protocol";

export type LogObserver = (event: LogEvent) => void;

export interface SessionLogOptions {
  path: string;
  sessionId: string;
  /** Continue numbering after a resumed log's last event. */
  nextSeq?: number;
  observers?: LogObserver[];
  onObserverError?: (error: unknown) => void;
  clock?: () => Date;
}

export class SessionLog {
  readonly path: string;
  readonly sessionId: string;
  private fd: number | undefined;
  private seq: number;
  private readonly observers: LogObserver[];
  private readonly clock: () => Date;
  private readonly onObserverError: (error: unknown) => void;

  constructor(options: SessionLogOptions) {
    this.path = options.path;
    this.sessionId = options.sessionId;
    this.seq = options.nextSeq ?? 0;
    this.observers = [...(options.observers ?? [])];
    this.clock = options.clock ?? (() => new Date());
    this.onObserverError = options.onObserverError ?? (() => {});
    mkdirSync(dirname(this.path), { recursive: true });
    this.fd = openSync(this.path, "a");
  }

  get isOpen(): boolean {
    return this.fd !== undefined;
  }

  addObserver(observer: LogObserver): void {
    this.observers.push(observer);
  }

  /** Write the logged part of `body`; returns the line as written. */
  append(body: SessionEventBody, where: { lane: string; turn: number }): LogEvent {
    if (this.fd === undefined) throw new Error(`session log ${this.path} is closed`);
    const event = {
      v: SESSION_LOG_VERSION,
      seq: this.seq++,
      ts: this.clock().toISOString(),
      session: this.sessionId,
      lane: where.lane,
      turn: where.turn,
      ...loggedFields(body),
    } as LogEvent;
    writeSync(this.fd, encodeLogEvent(event));
    for (const observer of this.observers) {
      try {
        observer(event);
      } catch (error) {
        this.onObserverError(error);
      }
    }
    return event;
  }

  /** Make everything written so far durable (a step boundary). */
  flush(): void {
    if (this.fd !== undefined) fsyncSync(this.fd);
  }

  close(): void {
    if (this.fd === undefined) return;
    this.flush();
    closeSync(this.fd);
    this.fd = undefined;
  }
}
