/**
 * A session for ralph-loop scenarios: the mock server through the official Anthropic SDK, a
 * temporary workspace, the real core and deferred tools (commands sandboxed where bubblewrap
 * works, as in a session) and the loops extension mounted with the session's shell jobs. Every
 * approval is granted and remembered, so a test can say what was asked.
 */
import { mkdirSync, mkdtempSync, readFileSync, realpathSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type ApprovalRequest, createSession, type Session } from "@picasso/engine";
import { type MockScript, startMockServer } from "@picasso/mock-provider";
import { type LogEvent, readLogFileAll, type SessionEvent } from "@picasso/protocol";
import { StrictLogEventSchema } from "@picasso/protocol/schemas";
import { AnthropicProvider } from "@picasso/providers";
import { builtinTools, createToolRuntime, deferredTools, type ToolRuntime } from "@picasso/tools";
import { expect } from "vitest";
import { createLoopsExtension, type LoopsExtension } from "../src/index.js";

export interface RalphScenario {
  session: Session;
  runtime: ToolRuntime;
  workspace: string;
  approvals: ApprovalRequest[];
  loops: LoopsExtension;
  run(input: string): Promise<void>;
  /** Resolves with the `ralph_loop_end` event of `loop`. */
  ended(loop: string): Promise<SessionEvent>;
  events(): Promise<LogEvent[]>;
  close(): Promise<void>;
}

export async function startRalphScenario(script: MockScript): Promise<RalphScenario> {
  const server = await startMockServer({ script });
  const provider = new AnthropicProvider({
    apiKey: "test-key",
    model: "mock-model",
    baseUrl: server.url,
    name: "mock",
    retry: { baseDelayMs: 1, maxDelayMs: 5 },
  });
  const workspace = realpathSync(mkdtempSync(join(tmpdir(), "picasso-ralph-")));
  const home = process.env.PICASSO_HOME ?? mkdtempSync(join(tmpdir(), "picasso-home-"));
  mkdirSync(home, { recursive: true });
  const runtime = createToolRuntime({
    killGraceMs: 200,
    sandbox: {
      settings: { mode: "auto", network: false },
      place: {
        workspaceRoot: workspace,
        tempDir: mkdtempSync(join(tmpdir(), "picasso-sandbox-")),
        hidden: [home],
      },
    },
  });
  const loops = createLoopsExtension({ jobs: runtime.jobs });
  const approvals: ApprovalRequest[] = [];
  const seen: SessionEvent[] = [];
  const waiters: Array<() => void> = [];
  const session = await createSession({
    provider,
    plugins: [
      { name: "core-tools", registerTools: () => [...builtinTools(runtime), ...deferredTools(runtime)] },
      loops.extension,
    ],
    workspaceRoot: workspace,
    picassoHome: home,
    approver: {
      async approve(request) {
        approvals.push(request);
        return { decision: "allow_once" };
      },
    },
    surfaceLabel: "test",
  });
  session.subscribe((event) => {
    seen.push(event);
    for (const wake of waiters.splice(0)) wake();
  });
  return {
    session,
    runtime,
    workspace,
    approvals,
    loops,
    async run(input) {
      await session.runTurn(input);
    },
    ended(loop) {
      return new Promise((resolve) => {
        const look = () => {
          const end = seen.find((e) => e.type === "ralph_loop_end" && e.loop === loop);
          if (end) resolve(end);
          else waiters.push(look);
        };
        look();
      });
    },
    async events() {
      return (await readLogFileAll(session.logPath)).events;
    },
    async close() {
      await session.close();
      await runtime.dispose();
      await server.close();
      // Every line is schema v2 exactly as declared: the ralph events included.
      const bad = readFileSync(session.logPath, "utf8")
        .split("\n")
        .filter((line) => line.trim() !== "")
        .filter((line) => !StrictLogEventSchema.safeParse(JSON.parse(line)).success);
      expect(bad).toEqual([]);
    },
  };
}
