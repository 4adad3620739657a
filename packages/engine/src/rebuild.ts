/**
 * `rebuildRequests(logPath)`: every model request of a session, re-derived from its log alone,
 * each checked against the sizes and hashes the log recorded when it was sent. A mismatch means
 * the log does not hold everything the model saw — a bug this check exists to catch. Images'
 * bytes are read back from the session's `images/` folder first (image-store.ts).
 */
import { readLogFileAll } from "@picasso/protocol";
import { restoreEventImages, sessionImagesDir } from "./image-store.js";
import { foldEvents, type RebuiltRequest } from "./log-fold.js";
import { fingerprintRequest } from "./request-builder.js";

export interface RebuildReport {
  requests: RebuiltRequest[];
  /** Requests whose rebuilt bytes differ from the recorded hashes, with the segment that differs. */
  mismatches: { seq: number; lane: string; step: number; segments: string[] }[];
  problems: string[];
  skippedLines: { line: number; reason: string; torn: boolean }[];
}

export async function rebuildRequests(logPath: string): Promise<RebuildReport> {
  const { events, skipped } = await readLogFileAll(logPath);
  const images = sessionImagesDir(logPath);
  const state = foldEvents(events.map((event) => restoreEventImages(event, images)));
  const mismatches: RebuildReport["mismatches"] = [];
  for (const request of state.requests) {
    const fp = fingerprintRequest(request);
    const segments = (["tools", "system", "messages"] as const).filter(
      (segment) =>
        fp.hashes[segment] !== request.recorded.hashes[segment] ||
        fp.bytes[segment] !== request.recorded.bytes[segment],
    );
    if (segments.length)
      mismatches.push({ seq: request.seq, lane: request.lane, step: request.step, segments });
  }
  return {
    requests: state.requests,
    mismatches,
    problems: state.problems,
    skippedLines: skipped.map((s) => ({ line: s.line, reason: s.reason, torn: s.torn })),
  };
}
