import type { ApprovalAnswer } from "@picasso/engine";
import { describe, expect, it } from "vitest";
import { type FakeEvent, FakeSessionEvents } from "../test-support/fake-session.js";
import { timelineChartFixture } from "../test-support/timeline-chart-fixture.js";
import { SessionController } from "./session-controller.js";
import type { OpenedSession, SessionHost } from "./session-host.js";

/** A stand-in session whose turns replay a list of events (and may ask for approval). */
function fakeSession(
  id: string,
  turn: (ctl: SessionController, signal: AbortSignal) => AsyncGenerator<FakeEvent>,
) {
  const events = new FakeSessionEvents(id);
  let ctl: SessionController | undefined;
  return {
    attach(c: SessionController) {
      ctl = c;
    },
    session: {
      id,
      resumeNotes: [],
      history: [],
      replay: [],
      logPath: "/nonexistent/log.jsonl",
      tier1: {
        tools: [],
        system: [],
        hash: "h",
        bytes: { tools: 0, system: 400, total: 400 },
        sections: [],
        toolSizes: [],
      },
      get currentMode() {
        return events.mode;
      },
      setMode: (m: FakeSessionEvents["mode"]) => events.setMode(m),
      subscribe: (listener: Parameters<FakeSessionEvents["subscribe"]>[0]) => events.subscribe(listener),
      panels: () => [{ id: "weather", title: "weather", rows: [{ label: "station", value: "EDDB" }] }],
      runTurn: (_input: string, options: { signal: AbortSignal }) =>
        events.replay(turn(ctl!, options.signal)),
      compact: async () => {
        if (id !== "compacts") return { compacted: false, reason: "too short" };
        events.publish({
          type: "compaction",
          lane: "main",
          trigger: "manual",
          removedMessages: 6,
          summarisedMessages: 6,
          bytesBefore: 9000,
          bytesAfter: 2048,
          keptFrom: 6,
          summary: { role: "user", content: [] },
        });
        return { compacted: true, removedMessages: 6, bytesBefore: 9000, bytesAfter: 2048 };
      },
    },
  };
}

function host(sessions: ReturnType<typeof fakeSession>[]): SessionHost & { closed: string[] } {
  const closed: string[] = [];
  let next = 0;
  return {
    workspaceRoot: "/tmp",
    closed,
    async open(): Promise<OpenedSession> {
      const s = sessions[next++]!;
      return {
        session: s.session as never,
        provider: { name: "mock", model: "demo", contextWindow: 1000 },
        mockFallback: true,
        warnings: ["AGENTS.md: instructions cut at the 8192-byte cap"],
        close: async (reason) => {
          closed.push(`${s.session.id}:${reason}`);
        },
      };
    },
    listSessions: () => [],
  };
}

async function until(check: () => boolean): Promise<void> {
  const started = Date.now();
  while (!check()) {
    if (Date.now() - started > 3000) throw new Error("condition never held");
    await new Promise((r) => setTimeout(r, 2));
  }
}

describe("SessionController", () => {
  it("runs a turn, shows the reply and updates context and cache share from usage", async () => {
    const s = fakeSession("s1", async function* () {
      yield { type: "turn_start", lane: "main", turn: 1, input: "hi" };
      yield { type: "text_delta", lane: "main", text: "Hello!" };
      yield {
        type: "model_response",
        lane: "main",
        step: 1,
        usage: { inputTokens: 100, cacheReadTokens: 300, outputTokens: 10 },
        stopReason: "end_turn",
        latencyMs: 5,
      };
      yield {
        type: "turn_end",
        lane: "main",
        turn: 1,
        stopReason: "end_turn",
        steps: 1,
        text: "Hello!",
        usage: {},
      };
    });
    const c = new SessionController(host([s]));
    s.attach(c);
    await c.start();
    expect(c.store.state.items.some((i) => i.kind === "notice" && i.tone === "hint")).toBe(true);
    expect(c.store.state.items).toContainEqual(
      expect.objectContaining({
        kind: "notice",
        tone: "warn",
        text: "AGENTS.md: instructions cut at the 8192-byte cap",
      }),
    );
    c.submit("hi");
    await until(() => !c.store.state.busy && c.store.state.items.some((i) => i.kind === "assistant"));
    expect(c.store.state.status.contextTokens).toBe(410);
    expect(c.store.state.status.cacheReadShare).toBeCloseTo(0.75);
  });

  it("routes an approval through the dialog state and back to the engine", async () => {
    const answers: ApprovalAnswer[] = [];
    const s = fakeSession("s1", async function* (ctl, signal) {
      answers.push(
        await ctl.approver.approve(
          { lane: "main", toolUseId: "t", name: "edit", effect: "write", input: { path: "a" } },
          signal,
        ),
      );
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
    const c = new SessionController(host([s]));
    s.attach(c);
    await c.start();
    c.submit("edit it");
    await until(() => c.store.state.approval !== undefined);
    expect(c.store.state.approval?.prompt.name).toBe("edit");
    c.decideApproval({ decision: "allow_session" });
    await until(() => !c.store.state.busy);
    expect(answers).toEqual([{ decision: "allow_session" }]);
    expect(c.store.state.approval).toBeUndefined();
  });

  it("interrupts the running turn and denies a pending approval", async () => {
    const answers: ApprovalAnswer[] = [];
    const s = fakeSession("s1", async function* (ctl, signal) {
      answers.push(
        await ctl.approver.approve(
          { lane: "main", toolUseId: "t", name: "bash", effect: "exec", input: {} },
          signal,
        ),
      );
      yield {
        type: "turn_end",
        lane: "main",
        turn: 1,
        stopReason: signal.aborted ? "interrupted" : "end_turn",
        steps: 1,
        text: "",
        usage: {},
      };
    });
    const c = new SessionController(host([s]));
    s.attach(c);
    await c.start();
    c.submit("run it");
    await until(() => c.store.state.approval !== undefined);
    expect(c.interrupt()).toBe(true);
    await until(() => !c.store.state.busy);
    expect(answers[0]?.decision).toBe("deny");
    expect(c.store.state.items.some((i) => i.kind === "notice" && i.text.includes("interrupted"))).toBe(true);
  });

  it("cycles the mode default → plan → auto → default", async () => {
    const s = fakeSession("s1", async function* () {});
    const c = new SessionController(host([s]));
    await c.start();
    const seen: string[] = [];
    for (let i = 0; i < 3; i++) {
      c.cycleMode();
      seen.push(c.store.state.status.mode);
    }
    expect(seen).toEqual(["plan", "auto", "default"]);
  });

  it("shows a compaction between turns from the session's event, once", async () => {
    const c = new SessionController(host([fakeSession("compacts", async function* () {})]));
    await c.start();
    await c.runCommand("compact", "");
    const notices = c.store.state.items.filter((i) => i.kind === "notice" && i.text.includes("compacted"));
    expect(notices).toEqual([
      expect.objectContaining({ text: "compacted 6 messages (manual): 8.8 KB → 2.0 KB of history" }),
    ]);
  });

  it("answers an unknown command with close matches", async () => {
    const c = new SessionController(host([fakeSession("s1", async function* () {})]));
    await c.start();
    await c.runCommand("contxt", "");
    const last = c.store.state.items.at(-1);
    expect(last).toMatchObject({
      kind: "notice",
      text: expect.stringContaining("unknown command /contxt — did you mean /context?"),
    });
  });

  it("/clear opens a new session in a new epoch and closes the old one", async () => {
    const h = host([fakeSession("s1", async function* () {}), fakeSession("s2", async function* () {})]);
    const c = new SessionController(h);
    await c.start();
    await c.runCommand("clear", "");
    expect(c.store.state.status.sessionId).toBe("s2");
    expect(c.store.state.epoch).toBe(1);
    expect(h.closed).toEqual(["s1:cleared"]);
  });

  it("/context's view carries the session's panels, whatever extension they come from", async () => {
    const s = fakeSession("s1", async function* () {});
    const c = new SessionController(host([s]));
    s.attach(c);
    await c.start();
    const view = await c.contextView();
    expect(view.panels).toEqual([
      { id: "weather", title: "weather", rows: [{ label: "station", value: "EDDB" }] },
    ]);
    expect(view.window).toBe(1000);
  });

  it("/context timeline says it is not available without a timeline fold", async () => {
    const c = new SessionController(host([fakeSession("s1", async function* () {})]));
    await c.start();
    await c.runCommand("context", "timeline");
    expect(c.store.state.items.at(-1)).toMatchObject({ text: "the context timeline is not available yet" });
  });

  it("/context timeline opens the bars the surface folds, and closing leaves one line", async () => {
    const chart = timelineChartFixture();
    const c = new SessionController({
      ...host([fakeSession("s1", async function* () {})]),
      timeline: async () => chart,
    });
    await c.start();
    await c.runCommand("context", "timeline");
    expect(c.store.state.timelinePanel).toBe(chart);
    c.closeTimeline();
    expect(c.store.state.timelinePanel).toBeUndefined();
    expect(c.store.state.items.at(-1)).toMatchObject({ text: "/context timeline: 9 steps, 2 prefix drops" });
  });

  it("/sandbox shows the surface's live check, or says it cannot check", async () => {
    const without = new SessionController(host([fakeSession("s1", async function* () {})]));
    await without.start();
    await without.runCommand("sandbox", "");
    expect(without.store.state.items.at(-1)).toMatchObject({
      text: "/sandbox: this surface cannot check the sandbox",
    });
    const h = {
      ...host([fakeSession("s2", async function* () {})]),
      sandboxReport: async () => "ok   writes the workspace  allowed\n",
    };
    const c = new SessionController(h);
    await c.start();
    await c.runCommand("sandbox", "");
    expect(c.store.state.items.at(-1)).toMatchObject({
      kind: "expanded",
      title: "sandbox",
      text: "ok   writes the workspace  allowed",
    });
  });

  it("/memory shows what the surface answers, a mistake as one warning, and says when there is no memory", async () => {
    const asked: string[] = [];
    const h = host([fakeSession("s1", async function* () {})]);
    h.memory = async (args) => {
      asked.push(args);
      if (args.startsWith("rm")) throw new Error("memory id: no memory m9");
      return "m1     preference 3  user  Tabs";
    };
    const c = new SessionController(h);
    await c.start();
    await c.runCommand("memory", "");
    expect(c.store.state.items.at(-1)).toMatchObject({
      kind: "expanded",
      title: "memory list",
      text: "m1     preference 3  user  Tabs",
    });
    await c.runCommand("memory", "rm m9");
    expect(c.store.state.items.at(-1)).toMatchObject({
      tone: "warn",
      text: "/memory: memory id: no memory m9",
    });
    expect(asked).toEqual(["", "rm m9"]);
    const bare = new SessionController(host([fakeSession("s2", async function* () {})]));
    await bare.start();
    await bare.runCommand("memory", "");
    expect(bare.store.state.items.at(-1)).toMatchObject({ text: "memory is not available in this surface" });
  });

  it("/context opens the inspector panel; closing it leaves one line in the history", async () => {
    const c = new SessionController(host([fakeSession("s1", async function* () {})]));
    await c.start();
    await c.runCommand("context", "");
    expect(c.store.state.contextPanel?.window).toBe(1000);
    c.closeContext();
    expect(c.store.state.contextPanel).toBeUndefined();
    const last = c.store.state.items.at(-1);
    expect(last).toMatchObject({ kind: "notice", tone: "info" });
    if (last?.kind === "notice") expect(last.text).toMatch(/^\/context: .* of 1.0k tokens in use/);
  });

  it("keeps what is typed before the session opens, and a mode chosen then, and applies both once open", async () => {
    const seen: string[] = [];
    const s = fakeSession("s1", async function* () {
      seen.push("turn ran");
      yield { type: "turn_end", lane: "main", stopReason: "end_turn", steps: 1, text: "", usage: {} };
    });
    const c = new SessionController(host([s]));
    s.attach(c);
    // The screen is up, the session is not: type a prompt and press Shift+Tab.
    c.submit("typed early");
    c.cycleMode();
    expect(c.isOpen).toBe(false);
    expect(c.store.state.hint).toBe("queued: sent when the session is open (1)");
    expect(c.store.state.status.mode).toBe("plan");
    expect(seen).toEqual([]);
    await c.start();
    await until(() => seen.length === 1 && !c.store.state.busy);
    expect(c.store.state.items.some((i) => i.kind === "user" && i.text === "typed early")).toBe(true);
    expect(s.session.currentMode).toBe("plan");
    expect(c.store.state.status.mode).toBe("plan");
  });

  it("sends nothing typed ahead when it is left (a signal) while the session opens", async () => {
    const seen: string[] = [];
    const s = fakeSession("s1", async function* () {
      seen.push("turn ran");
      yield { type: "turn_end", lane: "main", stopReason: "end_turn", steps: 1, text: "", usage: {} };
    });
    const c = new SessionController(host([s]));
    s.attach(c);
    c.submit("typed early");
    const opening = c.start();
    c.exit();
    await opening;
    expect(c.store.state.exited).toBe(true);
    expect(c.store.state.busy).toBe(false);
    expect(seen).toEqual([]);
  });

  it("/context and the status line show the same figure, estimated or reported", async () => {
    const s = fakeSession("s1", async function* () {
      yield {
        type: "model_response",
        lane: "main",
        step: 0,
        usage: { inputTokens: 100, cacheReadTokens: 300, outputTokens: 10 },
        stopReason: "end_turn",
        latencyMs: 5,
      };
      yield { type: "turn_end", lane: "main", stopReason: "end_turn", steps: 1, text: "", usage: {} };
    });
    const c = new SessionController(host([s]));
    s.attach(c);
    await c.start();
    // Before any request: the status estimate becomes /context's estimate.
    await c.runCommand("context", "");
    expect(c.store.state.status.contextTokens).toBe(c.store.state.contextPanel?.usedTokens);
    c.closeContext();
    // After a request: both show what the provider reported.
    c.submit("hi");
    await until(() => !c.store.state.busy);
    await c.runCommand("context", "");
    expect(c.store.state.status.contextTokens).toBe(410);
    expect(c.store.state.contextPanel?.usedTokens).toBe(410);
  });

  it("asks the user through the question dialog state", async () => {
    const answers: string[] = [];
    let ask: ((r: { question: string; choices?: string[] }) => Promise<string>) | undefined;
    const h = host([
      fakeSession("s1", async function* () {
        answers.push(await ask!({ question: "Which one?", choices: ["a", "b"] }));
        yield {
          type: "turn_end",
          lane: "main",
          turn: 1,
          stopReason: "end_turn",
          steps: 1,
          text: "",
          usage: {},
        };
      }),
    ]);
    const open = h.open.bind(h);
    h.open = async (request) => {
      ask = request.askUser;
      return open(request);
    };
    const c = new SessionController(h);
    await c.start();
    c.submit("go");
    await until(() => c.store.state.question !== undefined);
    expect(c.store.state.question).toMatchObject({ question: "Which one?", choices: ["a", "b"] });
    c.answerQuestion("b");
    await until(() => !c.store.state.busy);
    expect(answers).toEqual(["b"]);
    expect(c.store.state.question).toBeUndefined();
  });

  it("/resume opens a picker of the other sessions and resumes the chosen one", async () => {
    const h = host([fakeSession("s1", async function* () {}), fakeSession("s0", async function* () {})]);
    const requests: unknown[] = [];
    const open = h.open.bind(h);
    h.open = async (request) => {
      requests.push(request.resume);
      return open(request);
    };
    h.listSessions = () => [
      { id: "s1", mtimeMs: 2 },
      { id: "s0", mtimeMs: 1 },
    ];
    const c = new SessionController(h);
    await c.start();
    await c.runCommand("resume", "");
    expect(c.store.state.picker?.options.map((o) => o.value)).toEqual(["s0"]);
    expect(c.store.state.picker?.options[0]?.label).toMatch(
      /^\d{4}-\d\d-\d\d \d\d:\d\d {2}\(no prompt yet\) {2}s0$/,
    );
    c.closePicker("s0");
    await until(() => c.store.state.status.sessionId === "s0");
    expect(requests).toEqual([undefined, { id: "s0" }]);
  });

  it("keeps a model chosen with /model for sessions opened after it", async () => {
    const h = host([
      fakeSession("s1", async function* () {}),
      fakeSession("s2", async function* () {}),
      fakeSession("s3", async function* () {}),
    ]);
    const models: unknown[] = [];
    const open = h.open.bind(h);
    h.open = async (request) => {
      models.push(request.model);
      return open(request);
    };
    const c = new SessionController(h);
    await c.start();
    await c.runCommand("model", "big-model");
    await c.runCommand("clear", "");
    expect(models).toEqual([undefined, "big-model", "big-model"]);
  });
});
