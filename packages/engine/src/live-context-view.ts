/**
 * The /context view of a live session: Tier 1 and history from the session, its
 * `settings/describe` data, and the Tier-2 bytes its log recorded for the main lane (read from
 * the JSONL log; no log yet means none). Token estimates use the o200k estimator, loaded lazily.
 *
 * Counting never holds the screen: estimates are remembered per block (a block is counted once
 * per process, however often /context is asked), and blocks not counted yet are counted in
 * slices of at most `SLICE_MS`, yielding to the event loop between slices so keys and rendering
 * go on while a large history is counted.
 */

import { blockText, buildContextView, type ContextView } from "./context-view.js";
import type { Session } from "./session.js";

const SLICE_MS = 15;
const tokenCache = new WeakMap<object, number>();

export async function liveContextView(
  session: Session,
  window: number,
  reportedPromptTokens: number | undefined,
): Promise<ContextView> {
  const { estimateTokens, readLogFile } = await import("@picasso/protocol");
  let tier2Bytes = 0;
  try {
    for await (const line of readLogFile(session.logPath))
      if (line.kind === "event" && line.event.type === "tier2_load" && line.event.lane === "main")
        tier2Bytes += line.event.bytes;
  } catch {
    // No log yet: nothing loaded.
  }
  let sliceStart = performance.now();
  for (const message of session.history)
    for (const block of message.content) {
      if (tokenCache.has(block)) continue;
      tokenCache.set(block, estimateTokens(blockText(block)));
      if (performance.now() - sliceStart > SLICE_MS) {
        await new Promise((resolve) => setImmediate(resolve));
        sliceStart = performance.now();
      }
    }
  return buildContextView({
    tier1: session.tier1,
    history: session.history,
    window,
    describe: session.describeSettings(),
    tier2Bytes,
    ...(reportedPromptTokens !== undefined ? { reportedPromptTokens } : {}),
    estimate: estimateTokens,
    cache: tokenCache,
  });
}
