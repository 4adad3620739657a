/**
 * `picasso -p` after its prompt: while anything may still wake the session (a monitor, a
 * scheduled prompt — `Session.armedWakes`) or a notice waits (`pendingWakes`), it waits and runs a
 * turn for each notice that arrives (`Session.runWake`), so `picasso -p "watch the log and tell me
 * when it says READY"` ends after the turn the match woke, not before. One stderr line says what
 * it waits for (again when that changes). The signal (Ctrl-C, SIGTERM) stops the waiting at once;
 * a wake turn that fails ends it too. Nothing armed and nothing pending: it returns at once.
 */
import type { Session, TurnOptions } from "@picasso/engine";

type WakeSession = Pick<Session, "pendingWakes" | "armedWakes" | "onWakeChange" | "runWake">;

export async function runWakeTurns(
  session: WakeSession,
  options: Omit<TurnOptions, "signal"> & { signal: AbortSignal },
  say: (line: string) => void,
  ended: () => boolean = () => false,
): Promise<void> {
  const { signal } = options;
  let told = "";
  while (!signal.aborted && !ended()) {
    if (session.pendingWakes > 0) {
      const result = await session.runWake(options);
      if (result?.stopReason === "error") return;
      if (result) {
        told = "";
        continue;
      }
    }
    const armed = session.armedWakes;
    if (armed.length === 0 && session.pendingWakes === 0) return;
    const line = `waiting for ${armed.join(", ") || "the session to be free"} (Ctrl-C stops waiting)`;
    if (line !== told) say(line);
    told = line;
    await changeOrAbort(session, signal);
  }
}

/** Resolves when a notice arrives, something is disarmed, or the signal aborts. */
function changeOrAbort(session: WakeSession, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      off();
      signal.removeEventListener("abort", done);
      resolve();
    };
    const off = session.onWakeChange(done);
    signal.addEventListener("abort", done, { once: true });
  });
}
