/**
 * Session-log throughput (`node scripts/bench.mjs packages/cache-probe`):
 * - probe.log-append-events-per-s / -mb-per-s: `SessionLog.append` of a realistic event mix
 *   (per step: pre_step, model_request, model_response, the assistant message, tool_call,
 *   tool_result, the tool-results message; ~3.5 KB per step), no fsync; median of 5 runs of
 *   2,000 steps (14,000 events).
 * - probe.log-fold-events-per-s: reading that log back (`readLogFileAll`: JSONL decode + schema
 *   validation) and folding it (`foldEvents`: histories, modes, rebuilt requests); median of 5.
 */
import { mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { foldEvents, SessionLog } from "@picasso/engine";
import { readLogFileAll } from "@picasso/protocol";
import { bench, median, round } from "./bench-kit.mjs";

const STEPS = 2_000;
const root = mkdtempSync(join(tmpdir(), "picasso-bench-log-"));
const tool = {
  name: "read",
  description: "Read a file",
  inputSchema: { type: "object", properties: { path: { type: "string" } } },
};

function writeSession(path) {
  const log = new SessionLog({ path, sessionId: "bench" });
  const at = (turn) => ({ lane: "main", turn });
  log.append(
    {
      type: "session_start",
      cwd: "/w",
      projectKey: "k",
      provider: "mock",
      model: "m",
      mode: "default",
      surface: "bench",
      version: "0",
    },
    at(0),
  );
  log.append(
    {
      type: "request_header",
      reason: "initial",
      hash: "h",
      model: "m",
      maxTokens: 8192,
      tools: [tool],
      system: [{ id: "identity", text: "You are Picasso." }],
      bytes: { tools: 100, system: 16 },
    },
    at(0),
  );
  let index = 0;
  log.append(
    {
      type: "message",
      index: index++,
      source: "user",
      message: { role: "user", content: [{ type: "text", text: "Audit the shop." }] },
    },
    at(1),
  );
  let events = 3;
  for (let step = 0; step < STEPS; step++) {
    const id = `toolu_${step}`;
    const result = `${"export const RATE = 0.1; // a line of the file\n".repeat(40)}`;
    log.append({ type: "pre_step", step, reminders: [], dedupe: { drops: 0, bytesSaved: 0 } }, at(1));
    log.append(
      {
        type: "model_request",
        step,
        headerHash: "h",
        messageCount: index,
        bytes: { tools: 100, system: 16, messages: 1000 * step },
        hashes: { tools: "a", system: "b", messages: "c" },
        breakpoints: [
          { segment: "system", index: 0 },
          { segment: "message", index: index - 1 },
        ],
      },
      at(1),
    );
    log.append(
      {
        type: "model_response",
        step,
        stopReason: "tool_use",
        usage: { inputTokens: 10, cacheReadTokens: 1000, cacheWriteTokens: 300, outputTokens: 40 },
        latencyMs: 12,
      },
      at(1),
    );
    log.append(
      {
        type: "message",
        index: index++,
        source: "assistant",
        message: {
          role: "assistant",
          content: [
            { type: "text", text: "Reading the next module." },
            { type: "tool_use", id, name: "read", input: { path: `src/m${step}.ts` } },
          ],
        },
      },
      at(1),
    );
    log.append({ type: "tool_call", toolUseId: id, name: "read", inputBytes: 20 }, at(1));
    log.append(
      { type: "tool_result", toolUseId: id, name: "read", status: "ok", bytes: result.length, durationMs: 1 },
      at(1),
    );
    log.append(
      {
        type: "message",
        index: index++,
        source: "tool_results",
        message: { role: "user", content: [{ type: "tool_result", toolUseId: id, content: result }] },
      },
      at(1),
    );
    events += 7;
  }
  log.close();
  return events;
}

try {
  const appendRates = [];
  const mbRates = [];
  let path = "";
  let events = 0;
  for (let run = 0; run < 5; run++) {
    path = join(root, `session-${run}.jsonl`);
    globalThis.gc?.();
    const start = performance.now();
    events = writeSession(path);
    const seconds = (performance.now() - start) / 1000;
    appendRates.push(events / seconds);
    mbRates.push(statSync(path).size / 2 ** 20 / seconds);
  }
  bench(
    "probe.log-append-events-per-s",
    Math.round(median(appendRates)),
    "events/s",
    `SessionLog.append, ${events} events, no fsync; median of 5`,
  );
  bench(
    "probe.log-append-mb-per-s",
    round(median(mbRates), 1),
    "MB/s",
    `${round(statSync(path).size / 2 ** 20, 1)} MB log; median of 5`,
  );

  const foldRates = [];
  for (let run = 0; run < 5; run++) {
    globalThis.gc?.();
    const start = performance.now();
    const { events: read } = await readLogFileAll(path);
    const state = foldEvents(read);
    const seconds = (performance.now() - start) / 1000;
    if (state.requests.length !== STEPS)
      throw new Error(`fold rebuilt ${state.requests.length} requests, expected ${STEPS}`);
    foldRates.push(read.length / seconds);
  }
  bench(
    "probe.log-fold-events-per-s",
    Math.round(median(foldRates)),
    "events/s",
    `readLogFileAll + foldEvents of ${events} events (${STEPS} requests rebuilt); median of 5`,
  );
} finally {
  rmSync(root, { recursive: true, force: true });
}
