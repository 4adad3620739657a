/**
 * Recording a session event — the one road every fact takes. `record(body, lane)` consults the
 * persistence table: a logged variant is written to the session log (its live-only fields left
 * out) and then published with the line's `seq` and `ts`; a live variant (a text or thinking
 * delta) is only published. Either way subscribers receive one `SessionEvent` stamped with the
 * session, lane and current turn.
 */
import { isLogged, type SessionEvent, type SessionEventBody } from "@picasso/protocol";
import type { SessionEventBus } from "./event-bus.js";
import type { SessionLog } from "./session-log.js";

export class SessionRecorder {
  private told = false;

  constructor(
    private readonly log: SessionLog,
    private readonly bus: SessionEventBus,
    private readonly turn: () => number,
    private readonly clock: () => Date = () => new Date(),
  ) {}

  record(body: SessionEventBody, lane: string): void {
    const turn = this.turn();
    if (isLogged(body.type)) {
      const line = this.log.append(body, { lane, turn });
      this.bus.publish({
        ...body,
        session: line.session,
        lane,
        turn,
        ts: line.ts,
        seq: line.seq,
      } as SessionEvent);
      this.tellFailure();
      return;
    }
    this.bus.publish({
      ...body,
      session: this.log.sessionId,
      lane,
      turn,
      ts: this.clock().toISOString(),
    } as SessionEvent);
  }

  flush(): void {
    this.log.flush();
    this.tellFailure();
  }

  /** The log stopped writing: say so once, as an error every surface shows (not logged: it cannot be). */
  private tellFailure(): void {
    const failure = this.log.failure;
    if (failure === undefined || this.told) return;
    this.told = true;
    this.bus.publish({
      type: "error",
      scope: "engine",
      kind: "log_write_failed",
      message: failure,
      session: this.log.sessionId,
      lane: "main",
      turn: this.turn(),
      ts: this.clock().toISOString(),
    });
  }
}
