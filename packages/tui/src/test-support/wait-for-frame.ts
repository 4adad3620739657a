/** Test support: poll a rendered frame until it satisfies a condition (no fixed sleeps). */
export async function waitForFrame(
  lastFrame: () => string | undefined,
  check: (frame: string) => boolean,
  timeoutMs = 3000,
): Promise<string> {
  const started = Date.now();
  for (;;) {
    const frame = lastFrame() ?? "";
    if (check(frame)) return frame;
    if (Date.now() - started > timeoutMs) throw new Error(`frame never matched; last frame:\n${frame}`);
    await new Promise((r) => setTimeout(r, 5));
  }
}

/** Test support: poll until `check()` holds (at most `timeoutMs`), e.g. a callback was called. */
export async function waitUntil(check: () => boolean, timeoutMs = 2000): Promise<void> {
  const started = Date.now();
  while (!check() && Date.now() - started < timeoutMs) await new Promise((r) => setTimeout(r, 5));
}

/** Let Ink mount and attach its input listeners. */
export function tick(): Promise<void> {
  return new Promise((r) => setTimeout(r, 0));
}
