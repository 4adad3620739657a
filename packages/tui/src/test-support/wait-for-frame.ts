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

/**
 * Test support: for each key, open a fresh panel, press the key and wait (at most 2 s: Esc is told
 * apart from an escape sequence after a short wait) for it to close; returns how often each closed.
 */
export async function closesPerKey(
  keys: string[],
  open: () => Promise<{ stdin: { write(data: string): void }; closed: () => number }>,
): Promise<number[]> {
  const counts: number[] = [];
  for (const key of keys) {
    const { stdin, closed } = await open();
    stdin.write(key);
    const started = Date.now();
    while (closed() === 0 && Date.now() - started < 2000) await new Promise((r) => setTimeout(r, 5));
    counts.push(closed());
  }
  return counts;
}

/** Let Ink mount and attach its input listeners. */
export function tick(): Promise<void> {
  return new Promise((r) => setTimeout(r, 0));
}
