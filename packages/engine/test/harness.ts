/**
 * Scenario harness: a real mock server driven through the official Anthropic SDK
 * (`AnthropicProvider`), a temporary workspace with real files, the real core tools, and a
 * session of the engine. The provider is wrapped only to remember every request it was asked to
 * send, so tests can compare the log's rebuild against what was really sent.
 */
import { mkdirSync, mkdtempSync, readFileSync, realpathSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { type MockScript, type MockServer, startMockServer } from "@picasso/mock-provider";
import {
  canonicalJson,
  type LogEvent,
  type ModelProvider,
  type ModelRequest,
  type PermissionMode,
  type PicassoPlugin,
  readLogFileAll,
  type SessionEvent,
  type SessionEventOf,
  type ToolDefinition,
} from "@picasso/protocol";
import { StrictLogEventSchema } from "@picasso/protocol/schemas";
import { AnthropicProvider } from "@picasso/providers";
import { builtinTools, createToolRuntime } from "@picasso/tools";
import { expect } from "vitest";
import {
  type ApprovalAnswer,
  type ApprovalRequest,
  type Approver,
  createSession,
  type EngineSettings,
  listSessions,
  projectSessionsDir,
  rebuildRequests,
  type Session,
  type SessionOptions,
} from "../src/index.js";

export interface Scenario {
  server: MockServer;
  provider: ModelProvider;
  workspace: string;
  home: string;
  sent: ModelRequest[];
  approvals: ApprovalRequest[];
  session: Session;
  run(input: string, signal?: AbortSignal, onEvent?: (e: SessionEvent) => void): Promise<SessionEvent[]>;
  events(): Promise<LogEvent[]>;
  close(): Promise<void>;
}

export interface ScenarioOptions {
  script: MockScript;
  files?: Record<string, string | Buffer>;
  mode?: PermissionMode;
  approve?: (request: ApprovalRequest) => ApprovalAnswer;
  settings?: Partial<EngineSettings>;
  /** Replace or wrap the core tools. */
  tools?: (tools: ToolDefinition[]) => ToolDefinition[];
  plugins?: PicassoPlugin[];
  workspace?: string;
  resume?: { id: string } | "newest";
  server?: MockServer;
  /** Extra session options (e.g. onEvent). */
  extra?: Partial<SessionOptions>;
}

export function makeWorkspace(files: Record<string, string | Buffer> = {}): string {
  const root = realpathSync(mkdtempSync(join(tmpdir(), "picasso-ws-")));
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), content);
  }
  return root;
}

export function recording(provider: ModelProvider, sent: ModelRequest[]): ModelProvider {
  return {
    name: provider.name,
    model: provider.model,
    contextWindow: provider.contextWindow,
    stream(request, options) {
      sent.push(structuredClone(request));
      return provider.stream(request, options);
    },
  };
}

export async function startScenario(options: ScenarioOptions): Promise<Scenario> {
  const server = options.server ?? (await startMockServer({ script: options.script }));
  const base = new AnthropicProvider({
    apiKey: "test-key",
    model: "mock-model",
    baseUrl: server.url,
    name: "mock",
    retry: { baseDelayMs: 1, maxDelayMs: 5 },
  });
  const sent: ModelRequest[] = [];
  const provider = recording(base, sent);
  const workspace = options.workspace ?? makeWorkspace(options.files);
  const home = process.env.PICASSO_HOME!;
  const approvals: ApprovalRequest[] = [];
  // Commands run sandboxed where bubblewrap works, as in a session (auto mode runs them unasked).
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
  const tools = builtinTools(runtime);
  const approver: Approver = {
    async approve(request) {
      approvals.push(request);
      return options.approve
        ? options.approve(request)
        : { decision: "deny", note: "no approver in this test" };
    },
  };
  // Lines already in a resumed log were written by another run (or damaged on purpose by a test).
  const linesBefore = options.resume ? countLines(options, home, workspace) : 0;
  const session = await createSession({
    provider,
    plugins: [
      { name: "core-tools", registerTools: () => (options.tools ? options.tools(tools) : tools) },
      ...(options.plugins ?? []),
    ],
    workspaceRoot: workspace,
    picassoHome: home,
    mode: options.mode,
    approver,
    surfaceLabel: "test",
    settings: options.settings,
    resume: options.resume,
    ...options.extra,
  });
  return {
    server,
    provider,
    workspace,
    home,
    sent,
    approvals,
    session,
    async run(input, signal, onEvent) {
      const seen: SessionEvent[] = [];
      const stop = session.subscribe((event) => {
        seen.push(event);
        onEvent?.(event);
      });
      try {
        await session.runTurn(input, { signal });
      } finally {
        stop();
      }
      return seen;
    },
    async events() {
      return (await readLogFileAll(session.logPath)).events;
    },
    async close() {
      await session.close();
      await runtime.dispose();
      if (!options.server) await server.close();
      // Every line this run wrote is schema v2 exactly as declared: no undeclared field, no cast.
      expectStrictLog(session.logPath, linesBefore);
    },
  };
}

export function lastTurnEnd(events: SessionEvent[]): SessionEventOf<"turn_end"> {
  const end = events.filter((e) => e.type === "turn_end").at(-1);
  if (end?.type !== "turn_end") throw new Error("the turn did not end");
  return end;
}

export function toolResults(events: SessionEvent[]): SessionEventOf<"tool_result">[] {
  return events.filter((e): e is SessionEventOf<"tool_result"> => e.type === "tool_result");
}

/**
 * Each line of the log validates against the strict v2 schema (an undeclared key fails). Lines
 * that are not JSON at all are the torn or corrupt lines a test wrote on purpose; the reader's
 * own tests cover those.
 */
export function expectStrictLog(path: string, fromLine = 0): void {
  const problems: string[] = [];
  readFileSync(path, "utf8")
    .split("\n")
    .slice(fromLine)
    .filter((line) => line.trim() !== "")
    .forEach((line, i) => {
      let json: unknown;
      try {
        json = JSON.parse(line);
      } catch {
        return;
      }
      const parsed = StrictLogEventSchema.safeParse(json);
      if (!parsed.success) problems.push(`line ${i + 1}: ${JSON.stringify(parsed.error.issues[0])}`);
    });
  expect(problems).toEqual([]);
}

function countLines(options: ScenarioOptions, home: string, workspace: string): number {
  const which = options.resume === "newest" ? listSessions(home, workspace)[0] : undefined;
  const id = which?.id ?? (options.resume !== "newest" ? options.resume?.id : undefined);
  if (!id) return 0;
  try {
    return readFileSync(join(projectSessionsDir(home, workspace), `${id}.jsonl`), "utf8").split("\n").length;
  } catch {
    return 0;
  }
}

/** Every request rebuilt from the log equals, byte for byte, the one the engine sent. */
export async function expectLogRebuildsRequests(
  scenario: Pick<Scenario, "session" | "sent"> & { server?: MockServer },
): Promise<void> {
  const report = await rebuildRequests(scenario.session.logPath);
  expect(report.problems).toEqual([]);
  expect(report.mismatches).toEqual([]);
  expect(report.requests.length).toBe(scenario.sent.length);
  report.requests.forEach((rebuilt, i) => {
    const sent = scenario.sent[i]!;
    expect(canonicalJson(rebuilt.tools)).toBe(canonicalJson(sent.tools));
    expect(canonicalJson(rebuilt.system)).toBe(canonicalJson(sent.system));
    expect(canonicalJson(rebuilt.messages)).toBe(canonicalJson(sent.messages));
    expect(rebuilt.breakpoints).toEqual(sent.cacheBreakpoints);
    expect(rebuilt.model).toBe(sent.model);
    expect(rebuilt.maxTokens).toBe(sent.maxTokens);
  });
  // And against the wire: the bodies the mock server received over HTTP from the official SDK.
  if (scenario.server) {
    const wire = scenario.server.requests
      .filter((r) => r.path === "/v1/messages")
      .map(
        (r) =>
          r.body as {
            system?: { text: string }[];
            tools?: { name: string }[];
            messages: unknown[];
            max_tokens: number;
          },
      );
    expect(wire).toHaveLength(report.requests.length);
    report.requests.forEach((rebuilt, i) => {
      const body = wire[i]!;
      expect((body.system ?? []).map((b) => b.text)).toEqual(rebuilt.system.map((b) => b.text));
      expect((body.tools ?? []).map((t) => t.name)).toEqual(rebuilt.tools.map((t) => t.name));
      expect(body.messages).toHaveLength(rebuilt.messages.length);
      expect(body.max_tokens).toBe(rebuilt.maxTokens);
    });
  }
}
