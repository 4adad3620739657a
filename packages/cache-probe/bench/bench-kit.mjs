/**
 * Shared bits of the cache-probe benchmarks: BENCH lines, medians, timing, and a synthetic but
 * realistic history (a user turn, then assistant tool calls and tool results, ~0.5 KB each).
 */
export function bench(name, value, unit, note) {
  console.log(`BENCH ${JSON.stringify({ name, value, unit, ...(note ? { note } : {}) })}`);
}

export const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
export const round = (x, digits = 3) => Number(x.toFixed(digits));

/** Milliseconds per call of `fn`, median over `runs` batches of `batch` calls each. */
export async function timeMs(fn, { runs = 7, batch = 1 } = {}) {
  const samples = [];
  for (let r = 0; r < runs; r++) {
    globalThis.gc?.();
    const start = performance.now();
    for (let i = 0; i < batch; i++) await fn(i);
    samples.push((performance.now() - start) / batch);
  }
  return median(samples);
}

export function syntheticHistory(count) {
  const messages = [];
  for (let i = 0; messages.length < count; i++) {
    if (i % 10 === 0) {
      messages.push({
        role: "user",
        content: [
          { type: "text", text: `Turn ${i}: please look at module ${i % 26} and fix what is wrong.` },
        ],
      });
      continue;
    }
    const id = `toolu_${i}`;
    messages.push({
      role: "assistant",
      content: [
        { type: "text", text: `Reading src/shop/module-${i % 26}.ts.` },
        { type: "tool_use", id, name: "read", input: { path: `src/shop/module-${i % 26}.ts` } },
      ],
    });
    if (messages.length >= count) break;
    messages.push({
      role: "user",
      content: [
        { type: "tool_result", toolUseId: id, content: `${"export const RATE = 0.1; // line\n".repeat(12)}` },
      ],
    });
  }
  return messages.slice(0, count);
}
