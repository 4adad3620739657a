/**
 * TUI benchmark (`node scripts/bench.mjs apps/cli`; the first frame is in startup.bench.mjs):
 * - tui.keystroke-echo-ms: the App rendered in-process (Ink, a fake 100-column TTY) on a session
 *   whose history holds 1,000 messages; time from writing one character to stdin until the
 *   frame that shows it is written to stdout; median of 100 keystrokes (p95 reported too).
 */
import { EventEmitter } from "node:events";
import { tmpdir } from "node:os";
import { PassThrough } from "node:stream";
import { App, SessionController } from "@picasso/tui";
import { render } from "ink";
import { createElement } from "react";

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const p95 = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length * 0.95)];
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

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

function longHistory(n) {
  const messages = [];
  for (let i = 0; i < n / 2; i++) {
    messages.push({
      role: "user",
      content: [{ type: "text", text: `question ${i}: what does module ${i} do?` }],
    });
    messages.push({
      role: "assistant",
      content: [
        { type: "text", text: `Module ${i} **parses** input and calls \`step${i}()\`.\n\n- one\n- two` },
      ],
    });
  }
  return messages;
}

async function keystrokeEcho() {
  const session = {
    id: "bench-session",
    resumeNotes: [],
    history: longHistory(1000),
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
    subscribe: () => () => {},
    describeSettings: () => ({}),
  };
  const host = {
    workspaceRoot: tmpdir(),
    mockFallback: false,
    open: async () => ({
      session,
      provider: { name: "mock", model: "demo", contextWindow: 200_000 },
      close: async () => {},
    }),
    listSessions: () => [],
  };
  const controller = new SessionController(host);
  await controller.start({});
  const stdin = new FakeStdin();
  const stdout = Object.assign(new PassThrough(), { columns: 100, rows: 30, isTTY: true });
  let written = "";
  stdout.on("data", (chunk) => {
    written += chunk.toString();
  });
  const app = render(createElement(App, { controller, workspaceRoot: tmpdir() }), {
    stdin,
    stdout,
    exitOnCtrlC: false,
    patchConsole: false,
  });
  for (;;) {
    if (written.includes("question 499")) break;
    await sleep(5);
  }
  await sleep(100);
  const times = [];
  const letters = "abcdefghijklmnopqrstuvwxyz";
  for (let i = 0; i < 100; i++) {
    const typed = letters[i % 26];
    written = "";
    const started = performance.now();
    stdin.write(typed);
    for (;;) {
      if (written.includes(typed)) break;
      if (performance.now() - started > 5000) throw new Error("keystroke never echoed");
      await new Promise((r) => setImmediate(r));
    }
    times.push(performance.now() - started);
    await sleep(40);
  }
  app.unmount();
  return times;
}

const echo = await keystrokeEcho();
console.log(
  `BENCH ${JSON.stringify({ name: "tui.keystroke-echo-ms", value: Number(median(echo).toFixed(2)), unit: "ms", note: `median of ${echo.length} keystrokes with 1,000 history messages; p95 ${p95(echo).toFixed(2)} ms` })}`,
);
process.exit(0);
