/**
 * SessionLog: the append-only JSONL writer of one session (schema v2).
 *
 * `append(body)` writes a logged variant: its live-only fields are left out (the persistence
 * table in `@picasso/protocol`), the envelope (`v`, `seq`, `ts`, `session`, `lane`, `turn`) is
 * stamped, and the line is appended with a single write on a file opened for appending, so a
 * line is always written whole unless the process dies inside that write (the reader then
 * reports a torn final line). A secret value the process holds (`redactHeldSecrets`) is redacted
 * from the line before it is written; an image's bytes go to the session's `images/` folder, once
 * by hash, and the line keeps only its description (image-store.ts). `flush()` fsyncs; the engine calls it at step boundaries. Observers
 * see each written event; an observer that throws is isolated (reported to `onObserverError`).
 *
 * Disk trouble never corrupts what is there and never stops the session: when a write fails
 * (ENOSPC, a read-only or vanished folder, EIO) or the file is found deleted at a step boundary,
 * the log stops writing, `failure` says why in one line (the recorder tells the user once), and
 * later events are no longer saved. At worst the last line is torn, which every reader skips.
 * `PICASSO_FAULT` injects such faults for the reliability tests (fault-injection.ts).
 */
import { closeSync, fstatSync, fsyncSync, mkdirSync, openSync, writeSync } from "node:fs";
import { dirname } from "node:path";
import {
  encodeLogEvent,
  type LogEvent,
  loggedFields,
  redactHeldSecrets,
  SESSION_LOG_VERSION,
  type SessionEventBody,
} from "@picasso/protocol";
import { type LogFault, logFaultFromEnv } from "./fault-injection.js";
import { sessionImagesDir, storeEventImages } from "./image-store.js";

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
  private closed = false;
  private seq: number;
  private readonly observers: LogObserver[];
  private readonly clock: () => Date;
  private readonly onObserverError: (error: unknown) => void;
  private readonly fault: LogFault | undefined = logFaultFromEnv();
  /** Why the log stopped writing, once it has (one line for the user). */
  failure: string | undefined;

  constructor(options: SessionLogOptions) {
    this.path = options.path;
    this.sessionId = options.sessionId;
    this.seq = options.nextSeq ?? 0;
    this.observers = [...(options.observers ?? [])];
    this.clock = options.clock ?? (() => new Date());
    this.onObserverError = options.onObserverError ?? (() => {});
    try {
      mkdirSync(dirname(this.path), { recursive: true });
      this.fd = openSync(this.path, "a");
    } catch (error) {
      // A folder that takes no file (read-only, full, no permission): the session runs unsaved.
      this.fail(error);
    }
  }

  get isOpen(): boolean {
    return !this.closed;
  }

  addObserver(observer: LogObserver): void {
    this.observers.push(observer);
  }

  /** Write the logged part of `body`; returns the line (as written, or as it would have been). */
  append(body: SessionEventBody, where: { lane: string; turn: number }): LogEvent {
    if (this.closed) throw new Error(`session log ${this.path} is closed`);
    // Observers see the line as written: an image's bytes are in the images folder, not in it.
    const event = storeEventImages(
      {
        v: SESSION_LOG_VERSION,
        seq: this.seq++,
        ts: this.clock().toISOString(),
        session: this.sessionId,
        lane: where.lane,
        turn: where.turn,
        ...loggedFields(body),
      } as LogEvent,
      sessionImagesDir(this.path),
    );
    if (this.failure === undefined) this.write(event);
    for (const observer of this.observers) {
      try {
        observer(event);
      } catch (error) {
        this.onObserverError(error);
      }
    }
    return event;
  }

  private write(event: LogEvent): void {
    // The last line of defence for the provider keys: a held value never reaches the disk.
    const line = redactHeldSecrets(encodeLogEvent(event));
    try {
      if (this.fault?.seq === event.seq) this.injectFault(this.fault, line);
      writeSync(this.fd!, line);
    } catch (error) {
      this.fail(error);
    }
  }

  private injectFault(fault: LogFault, line: string): void {
    if (fault.kind === "enospc-at")
      throw Object.assign(new Error("no space left on device"), { code: "ENOSPC" });
    if (fault.kind === "tear-at") {
      writeSync(this.fd!, line.slice(0, Math.floor(line.length / 2)));
      process.kill(process.pid, "SIGKILL");
    }
    if (fault.kind === "kill-after") {
      writeSync(this.fd!, line);
      process.kill(process.pid, "SIGKILL");
    }
  }

  private fail(error: unknown): void {
    const code = (error as NodeJS.ErrnoException).code;
    const why =
      code === "ENOSPC"
        ? "the disk is full"
        : code === "EROFS" || code === "EACCES" || code === "EPERM"
          ? "its folder is not writable"
          : `${code ?? "error"}: ${(error as Error).message}`;
    this.failure = `cannot write the session log ${this.path} (${why}); the session goes on, but from here on it is not saved — fix that and start a new session to keep your work resumable`;
  }

  /** Make everything written so far durable (a step boundary); notice a log file deleted meanwhile. */
  flush(): void {
    if (this.fd === undefined || this.failure !== undefined) return;
    try {
      fsyncSync(this.fd);
      if (fstatSync(this.fd).nlink === 0)
        this.failure = `the session log ${this.path} was deleted while the session ran; the session goes on, but from here on it is not saved`;
    } catch (error) {
      this.fail(error);
    }
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    if (this.fd === undefined) return;
    this.flush();
    closeSync(this.fd);
    this.fd = undefined;
  }
}
