import { render } from "ink-testing-library";
import { describe, expect, it } from "vitest";
import { PLAIN_THEME } from "../components/theme.js";
import { type FakeEvent, FakeSessionEvents } from "../test-support/fake-session.js";
import { standInOperations } from "../test-support/stand-in-operations.js";
import { tick, waitForFrame } from "../test-support/wait-for-frame.js";
import { App, ROWS_BELOW_PANEL } from "./App.js";
import { SessionController } from "./session-controller.js";
import type { SessionHost } from "./session-host.js";

/** A host whose one session replays `turn` for every prompt. */
function hostWith(
  turn: (signal: AbortSignal) => AsyncGenerator<FakeEvent>,
  history: unknown[] = [],
): SessionHost {
  const events = new FakeSessionEvents("s-app");
  const session = {
    id: "s-app",
    resumeNotes: [],
    history,
    replay: history.map((message) => ({ kind: "message", message })),
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
    runTurn: (_input: string, options: { signal: AbortSignal }) => events.replay(turn(options.signal)),
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

async function app(
  turn: (signal: AbortSignal) => AsyncGenerator<FakeEvent> = async function* () {},
  history: unknown[] = [],
) {
  const controller = new SessionController(hostWith(turn, history));
  await controller.start();
  let exited = 0;
  controller.onExit(() => {
    exited++;
  });
  const view = render(<App controller={controller} theme={PLAIN_THEME} workspaceRoot="/tmp" />);
  await tick();
  return { ...view, controller, exits: () => exited };
}

const bigOutput = Array.from({ length: 30 }, (_, i) => `row ${i + 1}`).join("\n");

describe("App", () => {
  it("cycles the mode with Shift+Tab and shows it in the status line", async () => {
    const { stdin, lastFrame } = await app();
    await waitForFrame(lastFrame, (f) => f.includes("│ default │"));
    stdin.write("\x1b[Z");
    await waitForFrame(lastFrame, (f) => f.includes("│ plan │"));
    stdin.write("\x1b[Z");
    await waitForFrame(lastFrame, (f) => f.includes("│ auto │"));
  });

  it("interrupts the running step with Esc", async () => {
    const { stdin, lastFrame } = await app(async function* (signal) {
      yield { type: "text_delta", lane: "main", text: "Working on it" };
      await new Promise<void>((resolve) => signal.addEventListener("abort", () => resolve(), { once: true }));
      yield {
        type: "turn_end",
        lane: "main",
        turn: 1,
        stopReason: "interrupted",
        steps: 1,
        text: "",
        usage: {},
      };
    });
    stdin.write("go\r");
    await waitForFrame(lastFrame, (f) => f.includes("Working on it") && f.includes("Esc to interrupt"));
    stdin.write("\x1b");
    await waitForFrame(lastFrame, (f) => f.includes("interrupted — the session is intact"));
  });

  it("clears the interrupting… line once the interrupted turn has ended", async () => {
    let release: (() => void) | undefined;
    const { stdin, lastFrame } = await app(async function* (signal) {
      yield { type: "text_delta", lane: "main", text: "Working on it" };
      await new Promise<void>((resolve) => signal.addEventListener("abort", () => resolve(), { once: true }));
      // The turn takes a moment to wind down after the abort (a tool's process group dying).
      await new Promise<void>((resolve) => {
        release = resolve;
      });
      yield {
        type: "turn_end",
        lane: "main",
        turn: 1,
        stopReason: "interrupted",
        steps: 1,
        text: "",
        usage: {},
      };
    });
    stdin.write("go\r");
    await waitForFrame(lastFrame, (f) => f.includes("Esc to interrupt"));
    stdin.write("\x1b");
    await waitForFrame(lastFrame, (f) => f.includes("interrupting…"));
    release!();
    await waitForFrame(
      lastFrame,
      (f) => f.includes("interrupted — the session is intact") && !f.includes("interrupting…"),
    );
  });

  it("expands the newest collapsed output with Ctrl+O", async () => {
    const { stdin, lastFrame } = await app(async function* () {
      yield {
        type: "tool_call",
        lane: "main",
        toolUseId: "t",
        name: "bash",
        input: { command: "seq 30" },
      };
      yield {
        type: "tool_result",
        lane: "main",
        toolUseId: "t",
        name: "bash",
        status: "ok",
        content: bigOutput,
        durationMs: 5,
        display: { kind: "command", command: "seq 30", exitCode: 0, output: bigOutput },
      };
      yield {
        type: "turn_end",
        lane: "main",
        turn: 1,
        stopReason: "end_turn",
        steps: 1,
        text: "",
        usage: {},
      };
    });
    stdin.write("go\r");
    await waitForFrame(
      lastFrame,
      (f) => f.includes("more lines (ctrl+o to expand)") && !f.includes("Esc to interrupt"),
    );
    expect(lastFrame()).not.toContain("row 30");
    stdin.write("\x0f");
    await waitForFrame(lastFrame, (f) => f.includes("bash — full output") && f.includes("row 30"));
  });

  it("exits on the second Ctrl+C, not the first", async () => {
    const { stdin, lastFrame, exits } = await app();
    stdin.write("\x03");
    await waitForFrame(lastFrame, (f) => f.includes("press Ctrl+C again to exit"));
    expect(exits()).toBe(0);
    stdin.write("\x03");
    expect(exits()).toBe(1);
  });

  it("offers a resumed session's earlier prompts on ↑", async () => {
    const { stdin, lastFrame } = await app(undefined, [
      { role: "user", content: [{ type: "text", text: "an earlier prompt" }] },
      { role: "assistant", content: [{ type: "text", text: "an earlier reply" }] },
    ]);
    await waitForFrame(lastFrame, (f) => f.includes("an earlier reply"));
    stdin.write("\x1b[A");
    await waitForFrame(lastFrame, (f) => f.includes("│ › an earlier prompt"));
  });

  it("lists the TUI's commands and the session's operations in /help, without raw backticks", async () => {
    const { stdin, lastFrame } = await app();
    stdin.write("/help");
    await waitForFrame(lastFrame, (f) => f.includes("› /help"));
    stdin.write("\r");
    const frame = await waitForFrame(lastFrame, (f) => f.includes("Commands:") && f.includes("/exit"));
    // An operation: its name, argument hint and summary (the stand-in's summary has `code` in it).
    expect(frame).toContain("/context [timeline] — what fills the context window; timeline for its history");
    expect(frame).toContain("/goal <objective> [--max-rounds N]");
    expect(frame).not.toContain("`");
  });

  it("opens /context as a panel that fits the terminal, and closes it with Esc", async () => {
    const { stdin, lastFrame } = await app();
    stdin.write("/context");
    await waitForFrame(lastFrame, (f) => f.includes("› /context"));
    stdin.write("\r");
    const open = await waitForFrame(
      lastFrame,
      (f) => f.includes("Context window:") && f.includes("Esc close"),
    );
    const lines = open.split("\n");
    const top = lines.findIndex((l) => l.startsWith("╭"));
    const bottom = lines.findIndex((l, i) => i > top && l.startsWith("╰"));
    // Without a known size the terminal is taken as 24 rows: the panel leaves exactly the prompt
    // box and the status line, so the frame fills the screen (see panelHeight).
    expect(bottom - top + 1).toBe(24 - ROWS_BELOW_PANEL);
    expect(lines.slice(top).filter((l) => l !== "").length).toBe(24);
    stdin.write("\x1b");
    const closed = await waitForFrame(lastFrame, (f) => !f.includes("Esc close"));
    expect(closed).toMatch(/\/context: [\d.k]+ of 1.0k tokens in use/);
  });
});
