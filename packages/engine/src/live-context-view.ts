/**
 * The /context view of a live session: Tier 1 and history from the session, its extensions'
 * panels (`session.panels()`), and the Tier-2 bytes its log recorded for the main lane, by kind (read from
 * the JSONL log; no log yet means none). Sizes (bytes and token estimates) use the o200k estimator, loaded lazily.
 *
 * Counting never holds the screen: sizes are remembered per block (a block is counted once
 * per process, however often /context is asked), and blocks not counted yet are counted in
 * slices of at most `SLICE_MS`, yielding to the event loop between slices so keys and rendering
 * go on while a large history is counted.
 */

import { estimateTokens, readLogFile, type Tier2Kind } from "@picasso/protocol";
import {
  type BlockSize,
  blockText,
  buildContextView,
  type ContextView,
  measureBlock,
} from "./context-view.js";
import type { Session } from "./session.js";

const SLICE_MS = 15;
const sizeCache = new WeakMap<object, BlockSize>();

export async function liveContextView(
  session: Session,
  window: number,
  reportedPromptTokens: number | undefined,
): Promise<ContextView> {
  const tier2: Partial<Record<Tier2Kind, number>> = {};
  try {
    for await (const line of readLogFile(session.logPath))
      if (line.kind === "event" && line.event.type === "tier2_load" && line.event.lane === "main")
        tier2[line.event.kind] = (tier2[line.event.kind] ?? 0) + line.event.bytes;
  } catch {
    // No log yet: nothing loaded.
  }
  let sliceStart = performance.now();
  for (const message of session.history)
    for (const block of message.content) {
      if (sizeCache.has(block)) continue;
      measureBlock(block, () => blockText(block), estimateTokens, sizeCache);
      if (performance.now() - sliceStart > SLICE_MS) {
        await new Promise((resolve) => setImmediate(resolve));
        sliceStart = performance.now();
      }
    }
  return buildContextView({
    tier1: session.tier1,
    history: session.history,
    window,
    panels: session.panels(),
    tier2,
    ...(reportedPromptTokens !== undefined ? { reportedPromptTokens } : {}),
    estimate: estimateTokens,
    cache: sizeCache,
  });
}
