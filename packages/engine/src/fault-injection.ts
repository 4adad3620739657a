/**
 * Fault injection for the reliability matrix (docs/reliability.md) — a test seam, off unless the
 * `PICASSO_FAULT` environment variable asks for it, read once per session log:
 *   `kill-after:N`  the process SIGKILLs itself right after log event N (its `seq`) is written;
 *   `tear-at:N`     event N is written half, then the process SIGKILLs itself (a torn line);
 *   `enospc-at:N`   writing event N fails as if the disk were full (ENOSPC), and so does every
 *                   write after it.
 * Nothing else in the product reads it; a value it does not understand is ignored.
 */
export type LogFault =
  | { kind: "kill-after"; seq: number }
  | { kind: "tear-at"; seq: number }
  | { kind: "enospc-at"; seq: number };

export function logFaultFromEnv(env: NodeJS.ProcessEnv = process.env): LogFault | undefined {
  const match = /^(kill-after|tear-at|enospc-at):(\d+)$/.exec(env.PICASSO_FAULT ?? "");
  return match ? { kind: match[1] as LogFault["kind"], seq: Number(match[2]) } : undefined;
}
