/**
 * The /context view of a live session: Tier 1 and history from the session, its
 * `settings/describe` data, and the Tier-2 bytes its log recorded for the main lane (read from
 * the JSONL log; no log yet means none). Token estimates use the o200k estimator, loaded lazily.
 */
import type { Session } from "@picasso/engine";
import { readLogFile } from "@picasso/protocol";
import { buildContextView, type ContextView } from "./context-view.js";

export async function liveContextView(
  session: Session,
  window: number,
  reportedPromptTokens: number | undefined,
): Promise<ContextView> {
  const { estimateTokens } = await import("@picasso/protocol");
  let tier2Bytes = 0;
  try {
    for await (const line of readLogFile(session.logPath))
      if (line.kind === "event" && line.event.type === "tier2_load" && line.event.lane === "main")
        tier2Bytes += line.event.bytes;
  } catch {
    // No log yet: nothing loaded.
  }
  return buildContextView({
    tier1: session.tier1,
    history: session.history,
    window,
    describe: session.describeSettings(),
    tier2Bytes,
    ...(reportedPromptTokens !== undefined ? { reportedPromptTokens } : {}),
    estimate: estimateTokens,
  });
}
