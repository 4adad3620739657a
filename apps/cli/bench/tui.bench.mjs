/**
 * TUI benchmark (`node scripts/bench.mjs apps/cli/bench/tui.bench.mjs`; the first frame is in
 * startup.bench.mjs). The App is rendered in-process (Ink, a fake 100×30 TTY) on a stand-in
 * session, once per size, each size in a child process of its own (so one size's memory does not
 * count in the other's):
 * - the TUI is made to hold N messages the way a long session gets them: N/2 turns typed and
 *   answered through the controller (each a prompt and a reply of a few markdown lines; every
 *   tenth reply also runs a tool whose 2.5 KB output is collapsed on screen), every item printed
 *   through `<Static>` as it finished;
 * - tui.keystroke-echo-*: then the time from writing one character to stdin until the frame that
 *   shows it is written to stdout; median and p95 of 100 keystrokes, 40 ms apart; and the CPU time
 *   the process spent meanwhile (on a loaded machine the wall time waits for a core, this does not);
 * - tui.panel-key-*: then /context is opened (it fills the screen) and scrolled a line down and up,
 *   40 keys: the time from the key until its frame is written, and the bytes written per key;
 * - tui.rss-* / tui.heap-*: the process's RSS and V8 heap used after a full GC (run with
 *   `--expose-gc`, as scripts/bench.mjs does), with the TUI holding the N messages; the note
 *   gives the same process's figures before the App was rendered (Ink and the TUI loaded, the
 *   session open, nothing printed), so the TUI's share is the difference.
 * React runs its production build, as in the shipped bundle (the development build, which a bare
 * `import "ink"` gets, is several times slower per frame).
 * N is 1,000 and 10,000. `tui.keystroke-echo-ms` is the 1,000 median (the figure's old name).
 */
import { spawnSync } from "node:child_process";
import { EventEmitter } from "node:events";
import { tmpdir } from "node:os";
import { PassThrough } from "node:stream";
import { fileURLToPath } from "node:url";

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const p95 = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length * 0.95)];
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const mib = (bytes) => Number((bytes / 1024 / 1024).toFixed(1));

class FakeStdin extends EventEmitter {
  isTTY = true;
  data = null;
  write(data) {
    this.data = data;
    this.emit("readable");
  }
  read() {
    const d = this.data;
    this.data = null;
    return d;
  }
  setEncoding() {}
  setRawMode() {}
  resume() {}
  pause() {}
  ref() {}
  unref() {}
}

/** A file read by turn `i`'s tool: 40 lines, ~2.5 KB, a string of its own (as real outputs are). */
const toolOutput = (i) =>
  Array.from(
    { length: 40 },
    (_, n) =>
      `${String(n + 1).padStart(4)}  export function step${i}_${n}(input: string): string { return input; }`,
  ).join("\n");

/** The events of turn `i`: a reply, and every tenth turn a tool call before it. */
function turnEvents(i) {
  const events = [];
  if (i % 10 === 0) {
    events.push({
      type: "tool_call",
      lane: "main",
      toolUseId: `t${i}`,
      name: "read",
      input: { path: `src/m${i}.ts` },
    });
    events.push({
      type: "tool_result",
      lane: "main",
      toolUseId: `t${i}`,
      name: "read",
      status: "ok",
      durationMs: 3,
      content: toolOutput(i),
    });
  }
  events.push({
    type: "text_delta",
    lane: "main",
    text: `Module ${i} **parses** input and calls \`step${i}()\`.\n\n- one\n- two`,
  });
  events.push({ type: "turn_end", lane: "main", stopReason: "end_turn", steps: 1 });
  return events;
}

function fakeHost(history) {
  let listeners = [];
  let turnDone;
  const publish = (event) => {
    const full = { session: "bench-session", turn: 1, ts: "2026-12-01T00:00:00.000Z", ...event };
    for (const listener of listeners) listener(full);
  };
  let turn = 0;
  const session = {
    id: "bench-session",
    resumeNotes: [],
    history,
    replay: [],
    logPath: "/nonexistent",
    tier1: {
      tools: [],
      system: [],
      hash: "h",
      bytes: { tools: 0, system: 0, total: 4000 },
      sections: [],
      toolSizes: [],
    },
    currentMode: "default",
    setMode() {},
    subscribe: (listener) => {
      listeners.push(listener);
      return () => {
        listeners = listeners.filter((l) => l !== listener);
      };
    },
    panels: () => [],
    pendingWakes: 0,
    onWakeChange: () => () => {},
    prepareFirstPrompt: () => {},
    runTurn: async (input) => {
      const i = turn++;
      history.push({ role: "user", content: [{ type: "text", text: input }] });
      for (const event of turnEvents(i)) publish(event);
      history.push({ role: "assistant", content: [{ type: "text", text: `reply ${i}` }] });
      turnDone?.();
      return { stopReason: "end_turn" };
    },
    describeSettings: () => ({}),
  };
  const host = {
    workspaceRoot: tmpdir(),
    mockFallback: false,
    open: async () => ({
      session,
      provider: { name: "mock", model: "demo", contextWindow: 200_000 },
      operations: [],
      close: async () => {},
    }),
    listSessions: () => [],
  };
  return {
    host,
    nextTurnDone: () =>
      new Promise((resolve) => {
        turnDone = resolve;
      }),
  };
}

function measureMemory() {
  for (let i = 0; i < 4; i++) globalThis.gc?.();
  const { rss, heapUsed } = process.memoryUsage();
  return { rss: mib(rss), heap: mib(heapUsed) };
}

/** One size, in this process: prints `RESULT {...}`. */
async function scenario(messages) {
  const tui = await import("@picasso/tui");
  const { App, SessionController } = tui;
  const { render } = await import("ink");
  const { createElement } = await import("react");
  const history = [];
  const { host, nextTurnDone } = fakeHost(history);
  const controller = new SessionController(host);
  await controller.start({});
  const before = measureMemory();
  const stdin = new FakeStdin();
  const stdout = Object.assign(new PassThrough(), { columns: 100, rows: 30, isTTY: true });
  let written = "";
  stdout.on("data", (chunk) => {
    written += chunk.toString();
  });
  // As runTui has it (a build without panelScreen — an older one, compared against — writes straight).
  const screen = tui.panelScreen
    ? tui.panelScreen(stdout, () => tui.panelOpen(controller.store.state))
    : stdout;
  const app = render(createElement(App, { controller, workspaceRoot: tmpdir() }), {
    stdin,
    stdout: screen,
    exitOnCtrlC: false,
    patchConsole: false,
  });
  const filling = performance.now();
  for (let i = 0; i < messages / 2; i++) {
    const done = nextTurnDone();
    controller.submit(`question ${i}: what does module ${i} do?`);
    await done;
    await new Promise((r) => setImmediate(r));
    while (controller.store.state.busy) await new Promise((r) => setImmediate(r));
    if (i % 50 === 0) written = "";
  }
  for (;;) {
    if (written.includes(`question ${messages / 2 - 1}:`) && written.includes(`Module ${messages / 2 - 1} `))
      break;
    await sleep(5);
  }
  const fillMs = performance.now() - filling;
  await sleep(200);
  const held = measureMemory();
  const times = [];
  const cpu = [];
  const letters = "abcdefghijklmnopqrstuvwxyz";
  for (let i = 0; i < 100; i++) {
    const typed = letters[i % 26];
    written = "";
    const cpuBefore = process.cpuUsage();
    const started = performance.now();
    stdin.write(typed);
    for (;;) {
      if (written.includes(typed)) break;
      if (performance.now() - started > 5000) throw new Error("keystroke never echoed");
      await new Promise((r) => setImmediate(r));
    }
    times.push(performance.now() - started);
    const cpuSpent = process.cpuUsage(cpuBefore);
    cpu.push((cpuSpent.user + cpuSpent.system) / 1000);
    await sleep(40);
  }
  const pager = await pagerKeys(
    controller,
    stdin,
    () => written,
    (w) => {
      written = w;
    },
  );
  app.unmount();
  console.log(
    `RESULT ${JSON.stringify({ messages, items: controller.store.state.items.length, fillMs, before, held, times, cpu, pager })}`,
  );
}

/**
 * The /context panel open (it fills the screen): 40 keys scrolling it a line down and up, each
 * timed until its frame is written; with the bytes written per key.
 */
async function pagerKeys(controller, stdin, written, setWritten) {
  const { CONTEXT_CATEGORIES } = await import("@picasso/engine/context");
  setWritten("");
  controller.showContext(contextView(CONTEXT_CATEGORIES));
  for (;;) {
    if (written().includes("Esc close")) break;
    await sleep(5);
  }
  await sleep(100);
  const times = [];
  const bytes = [];
  for (let i = 0; i < 40; i++) {
    setWritten("");
    const started = performance.now();
    stdin.write(i % 2 === 0 ? "j" : "k");
    for (;;) {
      if (written() !== "") break;
      if (performance.now() - started > 5000) throw new Error("the pager never redrew");
      await new Promise((r) => setImmediate(r));
    }
    times.push(performance.now() - started);
    await sleep(40);
    bytes.push(Buffer.byteLength(written()));
  }
  stdin.write("q");
  return { times, bytes };
}

/** A /context view: every category 1,000 tokens, and a panel of 40 rows (so the pager scrolls). */
function contextView(categories) {
  const window = 200_000;
  const names = Object.keys(categories);
  const used = (names.length - 1) * 1000;
  const rows = names.map((category) => {
    const tokens = category === "free space" ? window - used : 1000;
    return {
      category,
      group: categories[category],
      bytes: category === "free space" ? 0 : 4000,
      tokens,
      percent: (tokens / window) * 100,
      share: tokens / (category === "free space" ? window : used),
    };
  });
  return {
    window,
    usedTokens: used,
    estimatedTokens: used,
    estimatedBytes: rows.reduce((a, r) => a + r.bytes, 0),
    imageCount: 0,
    reportedPromptTokens: undefined,
    rows,
    panels: [
      {
        id: "bench",
        title: "bench",
        rows: Array.from({ length: 40 }, (_, i) => ({ label: `row ${i + 1}`, value: String(i) })),
      },
    ],
    tokenNote: "estimates",
  };
}

function runSize(messages) {
  const run = spawnSync(process.execPath, ["--expose-gc", fileURLToPath(import.meta.url), String(messages)], {
    encoding: "utf8",
    maxBuffer: 256 * 1024 * 1024,
    // React as the shipped bundle has it (apps/cli/build.mjs defines NODE_ENV=production).
    env: { ...process.env, NODE_ENV: process.env.NODE_ENV ?? "production" },
  });
  const line = (run.stdout ?? "").split("\n").find((l) => l.startsWith("RESULT "));
  if (run.status !== 0 || !line) {
    process.stderr.write(run.stderr ?? "");
    throw new Error(`the ${messages}-message run failed (exit ${run.status})`);
  }
  return JSON.parse(line.slice(7));
}

function bench(name, value, unit, note) {
  console.log(`BENCH ${JSON.stringify({ name, value: Number(value.toFixed(2)), unit, note })}`);
}

const size = Number(process.argv[2]);
if (size > 0) {
  await scenario(size);
  process.exit(0);
}
for (const messages of [1000, 10_000]) {
  const r = runSize(messages);
  const k = messages === 1000 ? "1k" : "10k";
  const held = `${messages.toLocaleString("en-US")} messages (${r.items} transcript items, printed in ${(r.fillMs / 1000).toFixed(1)} s)`;
  if (messages === 1000)
    bench(
      "tui.keystroke-echo-ms",
      median(r.times),
      "ms",
      `median of ${r.times.length} keystrokes with ${held}; p95 ${p95(r.times).toFixed(2)} ms`,
    );
  bench(
    `tui.keystroke-echo-${k}-ms`,
    median(r.times),
    "ms",
    `median of ${r.times.length} keystrokes, ${held}`,
  );
  bench(`tui.keystroke-echo-${k}-p95-ms`, p95(r.times), "ms", `p95 of ${r.times.length} keystrokes, ${held}`);
  bench(
    `tui.rss-${k}-mib`,
    r.held.rss,
    "MiB",
    `RSS after GC holding ${held}; ${r.before.rss} MiB before the App rendered`,
  );
  bench(
    `tui.keystroke-cpu-${k}-p95-ms`,
    p95(r.cpu),
    "ms",
    `CPU time (user + system) from a keystroke to its frame, p95 of ${r.cpu.length} (a loaded machine stretches the wall time, not this); median ${median(r.cpu).toFixed(2)} ms; ${held}`,
  );
  bench(
    `tui.panel-key-${k}-ms`,
    median(r.pager.times),
    "ms",
    `/context open (fills the screen): median of ${r.pager.times.length} keys scrolling it, until the frame is written; p95 ${p95(r.pager.times).toFixed(2)} ms; ${held}`,
  );
  bench(
    `tui.panel-key-${k}-kib`,
    median(r.pager.bytes) / 1024,
    "KiB",
    `written to the terminal per key with /context open (median), ${held}`,
  );
  bench(
    `tui.heap-${k}-mib`,
    r.held.heap,
    "MiB",
    `V8 heap used after GC holding ${held}; ${r.before.heap} MiB before the App rendered`,
  );
}
process.exit(0);
