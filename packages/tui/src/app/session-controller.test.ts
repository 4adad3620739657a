import type { ApprovalAnswer } from "@picasso/engine";
import type { ExtensionOperation } from "@picasso/protocol";
import { UserError } from "@picasso/protocol/basics";
import { describe, expect, it } from "vitest";
import { completeSlash } from "../commands/command-registry.js";
import { type FakeEvent, FakeSessionEvents } from "../test-support/fake-session.js";
import { type StandInOptions, standInOperations } from "../test-support/stand-in-operations.js";
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
      events,
      inputs: [] as string[],
      get pendingWakes() {
        return events.wakes.length;
      },
      onWakeChange: (listener: () => void) => events.onWakeChange(listener),
      // As the engine: a turn takes the notices waiting; `runWake` is a turn whose input they are.
      runTurn(input: string, options: { signal: AbortSignal }) {
        this.inputs.push([input, ...events.takeWakes().map((n) => `[${n.source}] ${n.text}`)].join("\n"));
        return events.replay(turn(ctl!, options.signal));
      },
      runWake(options: { signal: AbortSignal }) {
        const notices = events.takeWakes();
        if (notices.length === 0) return Promise.resolve(undefined);
        this.inputs.push(notices.map((n) => `[${n.source}] ${n.text}`).join("\n"));
        return events.replay(turn(ctl!, options.signal));
      },
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

/** Sessions opened in turn, each with the stand-in operations (and `extra`, an extension's). */
const warningsAsked = { count: 0 };

function host(
  sessions: ReturnType<typeof fakeSession>[],
  options: StandInOptions & { extra?: ExtensionOperation[] } = {},
): SessionHost & { closed: string[] } {
  const closed: string[] = [];
  let next = 0;
  return {
    workspaceRoot: "/tmp",
    closed,
    async open(request): Promise<OpenedSession> {
      const s = sessions[next++]!;
      return {
        session: s.session as never,
        provider: { name: "mock", model: "demo", contextWindow: 1000 },
        mockFallback: true,
        warnings: () => {
          warningsAsked.count++;
          return ["AGENTS.md: instructions cut at the 8192-byte cap"];
        },
        operations: [...standInOperations(s.session, request.controls, options), ...(options.extra ?? [])],
        close: async (reason) => {
          closed.push(`${s.session.id}:${reason}`);
        },
      };
    },
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
    const asked = warningsAsked.count;
    await c.start();
    expect(c.store.state.items.some((i) => i.kind === "notice" && i.tone === "hint")).toBe(true);
    // The warnings are asked for once the session is ready, not while it opens.
    expect(warningsAsked.count).toBe(asked);
    expect(c.store.state.items.some((i) => i.kind === "notice" && i.tone === "warn")).toBe(false);
    c.showWarnings();
    expect(warningsAsked.count).toBe(asked + 1);
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

  it("slims items far behind the newest, keeping prompts and, for Ctrl+O, the newest collapsed output", async () => {
    const output = Array.from({ length: 12 }, (_, i) => `row ${i}`).join("\n");
    let turns = 0;
    const turn = async function* (): AsyncGenerator<FakeEvent> {
      if (turns++ === 0) {
        yield { type: "tool_call", lane: "main", toolUseId: "t1", name: "read", input: { path: "a.ts" } };
        yield {
          type: "tool_result",
          lane: "main",
          toolUseId: "t1",
          name: "read",
          status: "ok",
          durationMs: 1,
          content: output,
        };
      }
      yield { type: "text_delta", lane: "main", text: `reply ${turns}` };
      yield {
        type: "turn_end",
        lane: "main",
        turn: turns,
        stopReason: "end_turn",
        steps: 1,
        text: "",
        usage: {},
      };
    };
    const first = fakeSession("s1", turn);
    const second = fakeSession("s2", turn);
    const c = new SessionController(host([first, second]));
    await c.start();
    for (let i = 1; i <= 150; i++) {
      c.submit(`prompt ${i}`);
      await until(() => !c.store.state.busy && c.store.state.items.at(-1)?.kind === "assistant");
    }
    const items = c.store.state.items;
    expect(items.filter((i) => i.kind === "user").map((i) => i.text)).toEqual(
      Array.from({ length: 150 }, (_, i) => `prompt ${i + 1}`),
    );
    const tool = items.find((i) => i.kind === "tool");
    expect(tool).toMatchObject({ name: "read", input: {} });
    expect(tool?.kind === "tool" && tool.content).toBeUndefined();
    expect(items.filter((i) => i.kind === "assistant" && i.text !== "")).toHaveLength(100);
    c.expandLast();
    expect(c.store.state.items.at(-1)).toEqual(
      expect.objectContaining({ kind: "expanded", title: "read — full output", text: output }),
    );
    // A new session's Ctrl+O knows nothing of the last one's outputs.
    await c.runCommand("clear", "");
    c.expandLast();
    expect(c.store.state.items.at(-1)).toEqual(
      expect.objectContaining({ kind: "notice", text: "no collapsed output to expand" }),
    );
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

  it("/context timeline opens the bars the operation answers with, and closing leaves one line", async () => {
    const chart = timelineChartFixture();
    const c = new SessionController(host([fakeSession("s1", async function* () {})], { chart }));
    await c.start();
    await c.runCommand("context", "timeline");
    expect(c.store.state.timelinePanel).toBe(chart);
    c.closeTimeline();
    expect(c.store.state.timelinePanel).toBeUndefined();
    expect(c.store.state.items.at(-1)).toMatchObject({ text: "/context timeline: 9 steps, 2 prefix drops" });
  });

  it("shows an operation's text as a block under its title, a warn answer and a mistake as one warning", async () => {
    const ran: string[] = [];
    const memory: ExtensionOperation = {
      name: "memory",
      args: "[list|rm <id>]",
      summary: "the memories",
      async run(args) {
        ran.push(args);
        if (args.startsWith("rm")) throw new UserError("memory id: no memory m9");
        if (args === "show") return { text: "show what?", tone: "warn" };
        if (args === "boom") throw new Error("disk on fire");
        return { text: "m1     preference 3  user  Tabs\n", title: `memory ${args || "list"}` };
      },
    };
    const c = new SessionController(host([fakeSession("s1", async function* () {})], { extra: [memory] }));
    await c.start();
    await c.runCommand("memory", "");
    expect(c.store.state.items.at(-1)).toMatchObject({
      kind: "expanded",
      title: "memory list",
      text: "m1     preference 3  user  Tabs",
    });
    await c.runCommand("memory", "show");
    expect(c.store.state.items.at(-1)).toMatchObject({
      kind: "notice",
      tone: "warn",
      text: "/memory: show what?",
    });
    await c.runCommand("memory", "rm m9");
    expect(c.store.state.items.at(-1)).toMatchObject({
      kind: "notice",
      tone: "warn",
      text: "/memory: memory id: no memory m9",
    });
    await c.runCommand("memory", "boom");
    expect(c.store.state.items.at(-1)).toMatchObject({
      kind: "notice",
      tone: "error",
      text: "/memory: disk on fire",
    });
    await c.runCommand("model", "");
    expect(c.store.state.items.at(-1)).toMatchObject({
      kind: "expanded",
      title: "/model",
      text: "provider mock, model demo",
    });
    expect(ran).toEqual(["", "show", "rm m9", "boom"]);
  });

  it("an extension's operation is a slash command: listed, described, completed and run with its arguments", async () => {
    const greetings: string[] = [];
    const greet: ExtensionOperation = {
      name: "greet",
      args: "<name>",
      argChoices: ["world"],
      summary: "say hello",
      run(args, ctx) {
        greetings.push(`${args} ${ctx.offline}`);
        return { text: `Hello, ${args}!` };
      },
    };
    const c = new SessionController(host([fakeSession("s1", async function* () {})], { extra: [greet] }));
    expect(c.commands().map((command) => command.name)).toEqual(["help", "goal", "clear", "exit"]);
    await c.start();
    expect(c.commands().map((command) => command.name)).toEqual([
      "help",
      "context",
      "mode",
      "compact",
      "resume",
      "model",
      "greet",
      "goal",
      "clear",
      "exit",
    ]);
    expect(c.commands().find((command) => command.name === "greet")).toMatchObject({
      args: "<name>",
      argChoices: ["world"],
      description: "say hello",
    });
    expect(completeSlash("/gr", c.commands())).toEqual(["/greet"]);
    expect(completeSlash("/greet w", c.commands())).toEqual(["/greet world"]);
    c.submit("/greet world");
    await until(() => c.store.state.items.some((i) => i.kind === "expanded" && i.title === "/greet"));
    expect(c.store.state.items.at(-1)).toMatchObject({
      kind: "expanded",
      title: "/greet",
      text: "Hello, world!",
    });
    expect(greetings).toEqual(["world false"]);
    await c.runCommand("help", "");
    expect(c.store.state.items.at(-1)).toMatchObject({
      text: expect.stringContaining("/greet <name> — say hello"),
    });
  });

  it("a custom command's prompt answer is sent as the turn, with its notes and its tool limit", async () => {
    const s = fakeSession("s1", async function* () {
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
    const sent: { input: string; limit: unknown }[] = [];
    const runTurn = s.session.runTurn;
    s.session.runTurn = (input: string, options: { signal: AbortSignal; limit?: unknown }) => {
      sent.push({ input, limit: options.limit });
      return runTurn(input, options);
    };
    const limit = { tools: ["tool_search", "read"], by: "/review" };
    const review: ExtensionOperation = {
      name: "review",
      args: "<file>",
      summary: "Review a file (project claude command)",
      run: (args) => ({
        text: `Review ${args}.`,
        data: {
          presentation: "prompt",
          command: "review",
          prompt: `Review ${args}.`,
          notes: ['review.md: model "opus" is not applied'],
          limit,
        },
      }),
    };
    const c = new SessionController(host([s], { extra: [review] }));
    s.attach(c);
    await c.start();
    await c.runCommand("help", "");
    expect(c.store.state.items.at(-1)).toMatchObject({
      text: expect.stringContaining("/review <file> — Review a file (project claude command)"),
    });
    c.submit("/review src/a.ts");
    await until(() => sent.length === 1 && !c.store.state.busy);
    expect(sent).toEqual([{ input: "Review src/a.ts.", limit }]);
    const items = c.store.state.items;
    expect(items).toContainEqual(
      expect.objectContaining({
        kind: "notice",
        tone: "warn",
        text: 'review.md: model "opus" is not applied',
      }),
    );
    expect(items).toContainEqual(expect.objectContaining({ kind: "user", text: "Review src/a.ts." }));
  });

  it("holds a prompt sent while an operation runs until it has answered", async () => {
    let release: () => void = () => {};
    const slow: ExtensionOperation = {
      name: "slow",
      summary: "takes its time",
      run: () =>
        new Promise((resolve) => {
          release = () => resolve({ text: "done" });
        }),
    };
    const seen: string[] = [];
    const s = fakeSession("s1", async function* () {
      seen.push("turn ran");
      yield { type: "turn_end", lane: "main", stopReason: "end_turn", steps: 1, text: "", usage: {} };
    });
    const c = new SessionController(host([s], { extra: [slow] }));
    s.attach(c);
    await c.start();
    const running = c.runCommand("slow", "");
    expect(c.store.state.hint).toBe("/slow…");
    c.submit("after it");
    expect(c.store.state.hint).toBe("queued: sent when the current turn ends (1)");
    expect(seen).toEqual([]);
    release();
    await running;
    await until(() => seen.length === 1 && !c.store.state.busy);
    const shown = c.store.state.items.map((i) => (i.kind === "expanded" ? `expanded ${i.text}` : i.kind));
    expect(shown.indexOf("expanded done")).toBeLessThan(shown.lastIndexOf("user"));
  });

  it("a wake notice while idle runs a turn of its own, shown as a notice line, not a prompt", async () => {
    const s = fakeSession("s1", async function* () {
      yield { type: "text_delta", lane: "main", text: "Checked the deploy." };
      yield { type: "turn_end", lane: "main", stopReason: "end_turn", steps: 1, text: "", usage: {} };
    });
    const c = new SessionController(host([s]));
    s.attach(c);
    await c.start();
    s.session.events.wake({ source: "schedule", text: "Scheduled prompt sch-1: check the deploy" });
    await until(() => s.session.inputs.length === 1 && !c.store.state.busy);
    expect(s.session.inputs).toEqual(["[schedule] Scheduled prompt sch-1: check the deploy"]);
    const items = c.store.state.items;
    expect(items.some((i) => i.kind === "user")).toBe(false);
    expect(items).toContainEqual(
      expect.objectContaining({
        kind: "notice",
        text: "⏰ schedule: Scheduled prompt sch-1: check the deploy",
      }),
    );
    expect(items.at(-1)).toMatchObject({ kind: "assistant", text: "Checked the deploy." });
    expect(s.session.pendingWakes).toBe(0);
  });

  it("a notice while busy waits for the turn; a queued prompt goes first and takes it along", async () => {
    let release: () => void = () => {};
    const s = fakeSession("s1", async function* () {
      await new Promise<void>((resolve) => {
        release = resolve;
      });
      yield { type: "turn_end", lane: "main", stopReason: "end_turn", steps: 1, text: "", usage: {} };
    });
    const c = new SessionController(host([s]));
    s.attach(c);
    await c.start();
    c.submit("first");
    await until(() => c.store.state.busy);
    s.session.events.wake({ source: "monitor", text: "READY" });
    await new Promise((r) => setImmediate(r));
    expect(s.session.inputs).toEqual(["first"]);
    c.submit("second");
    release();
    await until(() => s.session.inputs.length === 2);
    // The queued prompt ran next, with the notice in the same turn; no wake turn of its own.
    expect(s.session.inputs[1]).toBe("second\n[monitor] READY");
    release();
    await until(() => !c.store.state.busy);
    await new Promise((r) => setImmediate(r));
    expect(s.session.inputs).toHaveLength(2);
    // A notice after the last turn, while idle again: its own turn.
    s.session.events.wake({ source: "monitor", text: "DONE" });
    await until(() => s.session.inputs.length === 3);
    expect(s.session.inputs[2]).toBe("[monitor] DONE");
    release();
    await until(() => !c.store.state.busy);
  });

  it("a notice that arrives after a turn's last step runs its own turn when that turn ends", async () => {
    let release: () => void = () => {};
    const s = fakeSession("s1", async function* () {
      await new Promise<void>((resolve) => {
        release = resolve;
      });
      yield { type: "turn_end", lane: "main", stopReason: "end_turn", steps: 1, text: "", usage: {} };
    });
    const c = new SessionController(host([s]));
    s.attach(c);
    await c.start();
    c.submit("deploy it");
    await until(() => c.store.state.busy && s.session.inputs.length === 1);
    // The fake took the notices when the turn started: this one came after its last step.
    s.session.events.wake({ source: "schedule", text: "check the deploy" });
    await new Promise((r) => setImmediate(r));
    expect(s.session.inputs).toEqual(["deploy it"]);
    release();
    await until(() => s.session.inputs.length === 2);
    expect(s.session.inputs[1]).toBe("[schedule] check the deploy");
    expect(c.store.state.items.filter((i) => i.kind === "user").map((i) => i.text)).toEqual(["deploy it"]);
    release();
    await until(() => !c.store.state.busy);
  });

  it("/context opens the inspector panel; closing it leaves one line in the history", async () => {
    const c = new SessionController(host([fakeSession("s1", async function* () {})]));
    await c.start();
    await c.runCommand("context", "");
    expect(c.store.state.contextPanel?.window).toBe(1000);
    // Below the map, the session's panels, whatever extension they come from.
    expect(c.store.state.contextPanel?.panels).toEqual([
      { id: "weather", title: "weather", rows: [{ label: "station", value: "EDDB" }] },
    ]);
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

  it("/context and the status line show the same figure while it is an estimate; a reported one stays", async () => {
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
    // After a request: the status line shows what the provider reported (the core `context`
    // operation reports the same figure: tested in @picasso/surface).
    c.submit("hi");
    await until(() => !c.store.state.busy);
    await c.runCommand("context", "");
    expect(c.store.state.status.contextTokens).toBe(410);
    expect(c.store.state.contextPanel).toBeDefined();
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
    const h = host([fakeSession("s1", async function* () {}), fakeSession("s0", async function* () {})], {
      sessions: [{ label: "2026-12-01 09:30  (no prompt yet)  s0", value: "s0" }],
    });
    const requests: unknown[] = [];
    const open = h.open.bind(h);
    h.open = async (request) => {
      requests.push(request.resume);
      return open(request);
    };
    const c = new SessionController(h);
    await c.start();
    await c.runCommand("resume", "");
    expect(c.store.state.picker?.title).toBe("Resume which session?");
    expect(c.store.state.picker?.options).toEqual([
      { label: "2026-12-01 09:30  (no prompt yet)  s0", value: "s0" },
    ]);
    c.closePicker("s0");
    await until(() => c.store.state.status.sessionId === "s0");
    expect(requests).toEqual([undefined, { id: "s0" }]);
    expect(h.closed).toEqual(["s1:resumed another"]);
    // The new session's screen: its banner, and nothing about the operation that opened it.
    await until(() => !c.store.state.hint);
    expect(c.store.state.items.map((i) => i.kind)).toEqual(["notice"]);
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
