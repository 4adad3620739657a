/**
 * Pinning a saved session offline (`picasso context pin` / `unpin`): the change is one
 * `context_pin` event appended to the session's log, so its next resume (and every offline fold)
 * sees it. The log is written only under the session's lock (session-lock.ts): while a live
 * picasso holds the session the change is refused with a line saying to pin it there (`/pin`),
 * and nothing is written. The event continues the log's `seq` and `turn`; a torn last line gets
 * its newline first (as a resume does), so the new line stands on its own. Reading the pins
 * (`savedPins`) needs no lock.
 */
import { readLogFileAll } from "@picasso/protocol";
import { foldEvents } from "./log-fold.js";
import { loadSessionForResume } from "./resume.js";
import { SessionLock } from "./session-lock.js";
import { SessionLog } from "./session-log.js";
import { applyPin, pinChange, unpinChange } from "./user-pins.js";

/** The pins a saved session's log holds, in pinning order. */
export async function savedPins(logPath: string): Promise<string[]> {
  return foldEvents((await readLogFileAll(logPath)).events).pins;
}

export type SavedPinChange = { pin: string } | { unpin: string };

/** Pin or unpin in a saved session's log; returns its pins after the change. */
export async function changeSavedPins(
  logPath: string,
  sessionId: string,
  wanted: SavedPinChange,
): Promise<string[]> {
  const lock = SessionLock.acquire(
    logPath.replace(/\.jsonl$/, ".lock"),
    sessionId,
    (pid) =>
      `session ${sessionId} is open in a running picasso (pid ${pid}); pin there with /pin or /unpin, or close it first — its log was not changed`,
  );
  try {
    const { fold } = await loadSessionForResume(logPath);
    const change = "pin" in wanted ? pinChange(fold.pins, wanted.pin) : unpinChange(fold.pins, wanted.unpin);
    const log = new SessionLog({ path: logPath, sessionId, nextSeq: fold.lastSeq + 1 });
    try {
      log.append(change, { lane: "main", turn: fold.lastTurn });
      if (log.failure) throw new Error(log.failure);
    } finally {
      log.close();
    }
    return applyPin(fold.pins, change);
  } finally {
    lock.release();
  }
}
