/**
 * Waiting for something with a limit: `waitUntil(done, ms, signal)` resolves when `done` settles
 * (a background lane, a job, a workflow run ends), after `ms`, or when `signal` aborts — whichever
 * comes first — and leaves no timer or listener behind. It never rejects: the caller looks at the
 * state afterwards (still running means the wait ran out).
 */
export async function waitUntil(done: Promise<unknown>, ms: number, signal?: AbortSignal): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  let onAbort: (() => void) | undefined;
  await Promise.race([
    done.then(
      () => undefined,
      () => undefined,
    ),
    new Promise<void>((resolve) => {
      timer = setTimeout(resolve, ms);
      onAbort = () => resolve();
      signal?.addEventListener("abort", onAbort, { once: true });
    }),
  ]);
  clearTimeout(timer);
  if (onAbort) signal?.removeEventListener("abort", onAbort);
}
