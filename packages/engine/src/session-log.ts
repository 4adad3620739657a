/**
 * SessionLog: the append-only JSONL writer of one session.
 *
 * Each event is stamped with the envelope (`v`, `seq`, `ts`, `session`, `lane`, `turn`), encoded
 * as one line and appended with a single write on a file opened for appending, so a line is
 * always written whole unless the process dies inside that write (the reader then reports a torn
 * final line). `flush()` fsyncs; the engine calls it at step boundaries. Observers see each event
 * right after it is written; an observer that throws is isolated (reported to `onObserverError`).
 */
import { closeSync, fsyncSync, mkdirSync, openSync, writeSync } from "node:fs";
import { dirname } from "node:path";
import { encodeLogEvent, LOG_SCHEMA_VERSION, type LogEvent, type LogEventBody } from "@picasso/protocol";

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

  addObserver(observer: LogObserver): void {
    this.observers.push(observer);
  }

  append(body: LogEventBody, where: { lane: string; turn: number }): LogEvent {
    if (this.fd === undefined) throw new Error(`session log ${this.path} is closed`);
    const event = {
      v: LOG_SCHEMA_VERSION,
      seq: this.seq++,
      ts: this.clock().toISOString(),
      session: this.sessionId,
      lane: where.lane,
      turn: where.turn,
      ...body,
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
