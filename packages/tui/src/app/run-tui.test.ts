/**
 * The TUI on a terminal (a fake TTY, Ink's real renderer): what one key costs must not grow with
 * the history. Measured as bytes written to the terminal per key — the work Ink does for a frame
 * and the work the terminal does to show it — on a session with a short and with a long history.
 */
import { EventEmitter } from "node:events";
import { PassThrough } from "node:stream";
import { describe, expect, it } from "vitest";
import { FakeSessionEvents } from "../test-support/fake-session.js";
import { standInOperations } from "../test-support/stand-in-operations.js";
import type { SessionHost } from "./session-host.js";

// Ink decides once, as it loads, whether it runs "in CI" (then it draws no live frames): the TUI
// runs on a person's terminal (apps/cli interactive-loader.ts hides the variables the same way).
delete process.env.CI;
delete process.env.CONTINUOUS_INTEGRATION;
const { runTui } = await import("./run-tui.js");

class FakeStdin extends EventEmitter {
  isTTY = true;
  private data: string | null = null;
  write(data: string) {
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

function history(messages: number): unknown[] {
  return Array.from({ length: messages }, (_, i) =>
    i % 2 === 0
      ? {
          role: "user",
          content: [{ type: "text", text: `question ${i / 2}: what does module ${i / 2} do?` }],
        }
      : {
          role: "assistant",
          content: [{ type: "text", text: `Module ${(i - 1) / 2} **parses** its input.\n\n- one\n- two` }],
        },
  );
}

function host(messages: unknown[]): SessionHost {
  const events = new FakeSessionEvents("s-run");
  const session = {
    id: "s-run",
    resumeNotes: [],
    history: messages,
    replay: messages.map((message) => ({ kind: "message", message })),
    logPath: "/nonexistent",
    tier1: {
      tools: [],
      system: [],
      hash: "h",
      bytes: { tools: 0, system: 0, total: 400 },
      sections: [],
      toolSizes: [],
    },
    get currentMode() {
      return events.mode;
    },
    setMode: (m: FakeSessionEvents["mode"]) => events.setMode(m),
    subscribe: (listener: Parameters<FakeSessionEvents["subscribe"]>[0]) => events.subscribe(listener),
    panels: () => [],
    pendingWakes: 0,
    onWakeChange: (listener: () => void) => events.onWakeChange(listener),
    prepareFirstPrompt: () => {},
    runTurn: async () => ({ stopReason: "end_turn" }),
    compact: async () => ({ compacted: false, reason: "too short" }),
  };
  return {
    workspaceRoot: "/tmp",
    open: async (request) => ({
      session: session as never,
      provider: { name: "mock", model: "demo", contextWindow: 1000 },
      operations: standInOperations(session, request.controls, { window: 1000 }),
      close: async () => {},
    }),
  };
}

async function until(check: () => boolean, what: string): Promise<void> {
  const started = Date.now();
  while (!check()) {
    // A condition, not a timing: generous, for a loaded machine (the whole suite runs at once in CI).
    if (Date.now() - started > 30_000) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 5));
  }
}

/**
 * Run the TUI on a 100×14 terminal over `messages`; type `ab`, open /context, scroll it 6 keys,
 * close it and leave. Returns what was written for each typed key, each panel key, and on closing.
 */
async function session(messages: number) {
  const stdin = new FakeStdin();
  const stdout = Object.assign(new PassThrough(), { columns: 100, rows: 14, isTTY: true });
  let written = "";
  stdout.on("data", (chunk: Buffer) => {
    written += chunk.toString();
  });
  const done = runTui({
    host: host(history(messages)),
    stdin: stdin as unknown as NodeJS.ReadStream,
    stdout: stdout as unknown as NodeJS.WriteStream,
  });
  const last = messages / 2 - 1;
  await until(() => written.includes(`question ${last}:`) && written.includes("│ default │"), "the history");
  // One key at a time: each is written once its frame is (Ink draws at most 30 frames a second).
  const key = async (data: string, shows: (frame: string) => boolean, what: string) => {
    await new Promise((r) => setTimeout(r, 40));
    written = "";
    stdin.write(data);
    await until(() => shows(written), what);
    await new Promise((r) => setTimeout(r, 40));
    return written;
  };
  const typed = [
    await key("a", (w) => w.includes("› a"), "a"),
    await key("b", (w) => w.includes("› ab"), "b"),
  ];
  await key("\x15", (w) => w !== "", "the prompt cleared");
  await key("/context", (w) => w.includes("/context"), "/context typed");
  await key("\r", (w) => w.includes("Esc close"), "the panel");
  const panel: string[] = [];
  for (let i = 0; i < 6; i++)
    panel.push(await key(i % 2 === 0 ? "j" : "k", (w) => w.includes("Esc close"), "a scroll"));
  const closing = await key("q", (w) => w.includes("tokens in use"), "the panel closed");
  stdin.write("\x04");
  expect(await done).toBe(0);
  return { typed, panel, closing };
}

const bytes = (chunks: string[]) => Math.max(...chunks.map((c) => Buffer.byteLength(c)));

describe("runTui on a long history", { timeout: 120_000 }, () => {
  it("writes no more per key — typed, or scrolling /context — with 200 entries on screen than with 10", async () => {
    const short = await session(20);
    const long = await session(400);
    // The long history's prompts are on the terminal once, not again with every key.
    for (const chunk of [...long.typed, ...long.panel]) expect(chunk).not.toContain("question 100:");
    expect(bytes(long.typed)).toBeLessThanOrEqual(bytes(short.typed) + 64);
    expect(bytes(long.panel)).toBeLessThanOrEqual(bytes(short.panel) + 64);
    // Closing the panel puts the whole conversation back (above the prompt, in the scrollback).
    expect(long.closing).toContain("question 100:");
    expect(long.closing).toContain("question 199:");
    expect(short.closing).toContain("question 0:");
  }, 30_000);
});
