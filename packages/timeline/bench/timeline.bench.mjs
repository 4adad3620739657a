/**
 * Benchmark: folding a 1,000,000-event session log into its context timeline.
 *
 * Generates a synthetic but schema-valid log in a temp file (turns of 100 tool-using steps: per
 * step pre_step, model_request, model_response, an assistant message with a tool call, tool_call,
 * tool_result and the tool-results message; a subagent lane every 10 turns; a compaction every 25),
 * then folds it twice with `foldTimelineFile` from the built dist:
 * - keeping every turn (what `picasso context timeline` does): the summaries grow with the number
 *   of steps, never with the bytes of the messages;
 * - streaming (`keepTurns: false`, each turn handed to `onTurn` and dropped): constant memory.
 * Each mode runs three times. Prints events per second (median; per CPU second in the note), peak RSS (sampled every 20 ms,
 * highest of the runs) and heap used after a forced GC with the result still referenced (median). Run with --expose-gc (the bench runner does).
 * Environment: TIMELINE_BENCH_EVENTS (default 1,000,000), TIMELINE_BENCH_KEEP_LOG=1 keeps the log.
 */
import { once } from "node:events";
import { createWriteStream, mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { foldTimelineFile } from "../dist/index.js";

const TARGET_EVENTS = Number(process.env.TIMELINE_BENCH_EVENTS ?? 1_000_000);
const STEPS_PER_TURN = 100;

function bench(name, value, unit, note) {
  console.log(`BENCH ${JSON.stringify({ name, value, unit, ...(note ? { note } : {}) })}`);
}

async function writeLog(path) {
  const out = createWriteStream(path);
  let seq = 0;
  let buffer = "";
  const session = "20260101T000000-bench0";
  const emit = async (lane, turn, body) => {
    buffer += `${JSON.stringify({ v: 2, seq: seq++, ts: "2026-01-01T00:00:00.000Z", session, lane, turn, ...body })}\n`;
    if (buffer.length > 1 << 20) {
      if (!out.write(buffer)) await once(out, "drain");
      buffer = "";
    }
  };
  const tools = [{ name: "read", description: "Read a file.", inputSchema: { type: "object" } }];
  const system = [{ id: "harness:identity", text: "You are Picasso. ".repeat(50) }];
  await emit("main", 0, {
    type: "session_start",
    cwd: "/bench",
    projectKey: "bench-00000000",
    provider: "mock",
    model: "m",
    mode: "default",
    surface: "bench",
    version: "0",
  });
  await emit("main", 0, {
    type: "request_header",
    reason: "initial",
    hash: "H",
    model: "m",
    maxTokens: 4096,
    tools,
    system,
    bytes: { tools: 100, system: 900 },
  });
  const result = "line of a file that was read by the tool\n".repeat(12);
  const counts = new Map();
  const lane = async (id, turn, first) => {
    let index = counts.get(id) ?? 0;
    let read = counts.get(`${id}:read`) ?? 0;
    const step0 = counts.get(`${id}:steps`) ?? 0;
    await emit(id, turn, first);
    await emit(id, turn, {
      type: "message",
      index: index++,
      source: first.type === "subagent_start" ? "subagent_task" : "user",
      message: { role: "user", content: [{ type: "text", text: "do the next thing" }] },
    });
    const steps = id === "main" ? STEPS_PER_TURN : 10;
    for (let k = 0; k < steps; k += 1) {
      const step = step0 + k;
      await emit(id, turn, { type: "pre_step", step, reminders: [], dedupe: { drops: 0, bytesSaved: 0 } });
      await emit(id, turn, {
        type: "model_request",
        step,
        headerHash: "H",
        messageCount: index,
        bytes: { tools: 100, system: 900, messages: index * 600 },
        hashes: { tools: "T", system: "S", messages: `M${step}` },
        breakpoints: [
          { segment: "system", index: 0 },
          { segment: "message", index: index - 1 },
        ],
      });
      const write = 150;
      await emit(id, turn, {
        type: "model_response",
        step,
        stopReason: "tool_use",
        usage: {
          inputTokens: 3,
          cacheReadTokens: read,
          cacheWriteTokens: write,
          cacheWrite5mTokens: write,
          cacheWrite1hTokens: 0,
          outputTokens: 40,
        },
        latencyMs: 900,
      });
      read += write;
      const id2 = `toolu_${turn}_${k}`;
      await emit(id, turn, {
        type: "message",
        index: index++,
        source: "assistant",
        message: {
          role: "assistant",
          content: [
            { type: "text", text: "Reading the next file." },
            { type: "tool_use", id: id2, name: "read", input: { path: `src/file${k}.ts` } },
          ],
        },
      });
      await emit(id, turn, { type: "tool_call", toolUseId: id2, name: "read", inputBytes: 24 });
      await emit(id, turn, {
        type: "tool_result",
        toolUseId: id2,
        name: "read",
        status: "ok",
        bytes: result.length,
        durationMs: 2,
      });
      await emit(id, turn, {
        type: "message",
        index: index++,
        source: "tool_results",
        message: { role: "user", content: [{ type: "tool_result", toolUseId: id2, content: result }] },
      });
    }
    counts.set(id, index);
    counts.set(`${id}:steps`, step0 + steps);
    counts.set(`${id}:read`, read);
  };
  let turn = 0;
  while (seq < TARGET_EVENTS) {
    turn += 1;
    await lane("main", turn, { type: "turn_start", input: "do the next thing" });
    if (turn % 10 === 0)
      await lane(`agent-${turn / 10}`, turn, {
        type: "subagent_start",
        lane: `agent-${turn / 10}`,
        task: "look into it",
      });
    if (turn % 25 === 0) {
      const before = counts.get("main");
      await emit("main", turn, {
        type: "compaction",
        trigger: "auto",
        removedMessages: before - 3,
        summarisedMessages: before - 3,
        bytesBefore: before * 600,
        bytesAfter: 3 * 600 + 200,
        keptFrom: before - 3,
        summary: { role: "user", content: [{ type: "text", text: "Summary of the work so far." }] },
      });
      counts.set("main", 4);
      counts.set("main:read", 0);
    }
    await emit("main", turn, { type: "turn_end", stopReason: "end_turn", steps: STEPS_PER_TURN });
  }
  out.end(buffer);
  await once(out, "finish");
  return seq;
}

async function measure(path, options) {
  globalThis.gc?.();
  let peak = process.memoryUsage().rss;
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 20);
  const started = performance.now();
  const cpuStarted = process.cpuUsage();
  const timeline = await foldTimelineFile(path, options);
  const seconds = (performance.now() - started) / 1000;
  const cpu = process.cpuUsage(cpuStarted);
  const cpuSeconds = (cpu.user + cpu.system) / 1e6;
  clearInterval(timer);
  peak = Math.max(peak, process.memoryUsage().rss);
  globalThis.gc?.();
  const heap = process.memoryUsage().heapUsed;
  // Only figures leave: the next run must not measure this run's timeline.
  return {
    turns: timeline.turns.length,
    steps: timeline.totals.steps,
    drops: timeline.totals.cacheDrops,
    seconds,
    cpuSeconds,
    peak,
    heap,
  };
}

const dir = mkdtempSync(join(tmpdir(), "picasso-timeline-bench-"));
try {
  const path = join(dir, "session.jsonl");
  const events = await writeLog(path);
  const mb = (bytes) => Math.round(bytes / 2 ** 20);
  console.log(`log: ${events} events, ${mb(statSync(path).size)} MiB`);

  // Each mode three times: speed is the median; peak RSS the highest seen; heap the median.
  const median = (xs) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)];
  const repeat = async (options) => {
    const runs = [];
    for (let i = 0; i < 3; i += 1) runs.push(await measure(path, options()));
    return {
      ...runs.at(-1),
      rate: median(runs.map((r) => events / r.seconds)),
      cpuRate: median(runs.map((r) => events / r.cpuSeconds)),
      peak: Math.max(...runs.map((r) => r.peak)),
      heap: median(runs.map((r) => r.heap)),
    };
  };
  let handed = 0;
  const streaming = await repeat(() => ({ keepTurns: false, onTurn: () => (handed += 1) }));
  const kept = await repeat(() => ({}));
  const steps = kept.steps;
  console.log(`turns: ${kept.turns} (streamed ${handed / 3} per run), steps: ${steps}, drops: ${kept.drops}`);
  const log = `${events} events, ${mb(statSync(path).size)} MiB log, ${steps} steps`;
  const kept3 = `all turns kept; ${log}`;
  const stream3 = `keepTurns: false; ${log}`;
  // Per CPU second too: on a shared machine the wall-clock rate says as much about the neighbours.
  const perCpu = (r) => `${Math.round(r.cpuRate)} events per CPU second`;
  bench(
    "timeline.fold-events-per-second",
    Math.round(kept.rate),
    "events/s",
    `${kept3}; median of 3 runs; ${perCpu(kept)}`,
  );
  bench("timeline.fold-peak-rss", mb(kept.peak), "MiB", `${kept3}; highest of 3 runs`);
  bench("timeline.fold-heap-after-gc", mb(kept.heap), "MiB", `${kept3}; timeline held; median of 3 runs`);
  bench(
    "timeline.stream-events-per-second",
    Math.round(streaming.rate),
    "events/s",
    `${stream3}; median of 3 runs; ${perCpu(streaming)}`,
  );
  bench("timeline.stream-peak-rss", mb(streaming.peak), "MiB", `${stream3}; highest of 3 runs`);
  bench(
    "timeline.stream-heap-after-gc",
    mb(streaming.heap),
    "MiB",
    `${stream3}; only totals held; median of 3 runs`,
  );
} finally {
  if (process.env.TIMELINE_BENCH_KEEP_LOG) console.log(`kept ${join(dir, "session.jsonl")}`);
  else rmSync(dir, { recursive: true, force: true });
}
