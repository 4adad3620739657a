/**
 * One step of harness work, as the engine does it around every model call, for the benchmarks
 * that time it (step-overhead.bench.mjs, marathon.bench.mjs): the agent/pre-step hook and its
 * `pre_step` log event, building the request (Tier 1 + history + breakpoints) and its
 * fingerprint, appending `model_request` and one `message` event to the session log, and — when
 * asked — the fsync of the step boundary. `harnessStepper` returns that step as a function; each
 * call is the lane's next step on the same history.
 */
import { buildRequest, fingerprintRequest } from "@picasso/engine";

export function harnessStepper({ host, tier1, messages, log, turn }) {
  const where = { lane: "main", turn };
  let step = 0;
  return async (fsync = false) => {
    const { append, stats } = await host.preStep(
      { sessionId: "bench", lane: "main", turn, step, mode: "default", messages, compactions: 0 },
      () => {},
    );
    log.append(
      {
        type: "pre_step",
        step,
        reminders: append.map((a) => ({ source: a.source, bytes: 0 })),
        dedupe: { drops: 0, bytesSaved: 0 },
        stats,
      },
      where,
    );
    const request = buildRequest({
      tier1,
      messages,
      model: "bench-model",
      maxTokens: 8192,
      previousEnd: messages.length - 2,
    });
    const fp = fingerprintRequest(request);
    log.append(
      {
        type: "model_request",
        step,
        headerHash: "h",
        messageCount: messages.length,
        bytes: fp.bytes,
        hashes: fp.hashes,
        breakpoints: request.cacheBreakpoints,
      },
      where,
    );
    log.append(
      { type: "message", index: messages.length, source: "assistant", message: messages.at(-1) },
      where,
    );
    if (fsync) log.flush();
    step += 1;
  };
}
