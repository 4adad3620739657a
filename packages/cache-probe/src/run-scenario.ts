/**
 * `runScenario`: one scenario through the real engine, the real tools, lean context and the
 * official SDK, against the mock provider's simulated cache — or, with `live`, the real
 * Anthropic API.
 *
 * A resume re-opens the session from its log in a fresh engine session, or — `newProcess` — in a
 * child process (resume-child.ts) that runs the rest of the scenario against the same mock server.
 * The next day closes the session, moves the probe's clock 24 hours on (probe-clock.ts: the
 * session's date and the mock's cache clock) and opens a new session of the same workspace.
 * A fresh mock server (fresh cache, the scenario's script, the chosen minimum cacheable length),
 * a fresh workspace and a fresh PICASSO_HOME (both temporary, removed afterwards — the probe
 * never touches the user's sessions) per run. Anthropic rules drive the `AnthropicProvider`;
 * OpenAI rules the `OpenAIProvider` on the mock's Chat Completions route. A turn that ends in an
 * error fails the run (the scenario is broken, not the cache). The result holds every request as
 * a `ProbeStep` (with the body the mock received) and the findings of the drop check and the
 * wire check (wire-check.ts; mock runs only).
 */
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  realpathSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { type MockServer, startMockServer } from "@picasso/mock-provider";
import type { PicassoPlugin } from "@picasso/protocol";
import { type AcpProbeSession, openAcpProbeSession } from "./acp-probe-session.js";
import { checkSteps, type Finding } from "./drop-check.js";
import { type FirstTurnBaseline, firstTurnBaseline } from "./first-turn-baseline.js";
import { ProbeClock } from "./probe-clock.js";
import { ProbeRecorder, type RequestMutation } from "./probe-recorder.js";
import { openProbeSession, type ProbeSession } from "./probe-session.js";
import type { ProbeStep, ProviderRules } from "./probe-step.js";
import { refreshMcpCatalogs } from "./refresh-mcp.js";
import { resumeInNewProcess } from "./resume-in-new-process.js";
import { approverFor, MOCK_MODEL, providerFor, runTurnAction } from "./scenario-driver.js";
import { type Scenario, type ScenarioFile, toMockScript } from "./scenarios/scenario.js";
import { scenarioMemories, seedMemories } from "./seed-memories.js";
import { countTier1Tokens } from "./tier1-tokens.js";
import { checkWire } from "./wire-check.js";

export { MOCK_MODEL } from "./scenario-driver.js";

export interface RunOptions {
  rules?: ProviderRules;
  /** Minimum cacheable prefix in tokens (default 1024). */
  minCacheable?: number;
  /** Rewrite requests on their way to the provider (injected regressions). */
  mutate?: RequestMutation;
  /** Wrap the product plugins (injected regressions). */
  plugins?: (plugins: PicassoPlugin[]) => PicassoPlugin[];
  /** A network hop between the SDK and the mock (a proxy that rewrites bodies, for tests). */
  via?: (mockUrl: string) => Promise<{ url: string; close(): Promise<void> }>;
  /** The real Anthropic API with this key (never in tests); `baseUrl` for a proxy. */
  live?: { apiKey: string; model: string; baseUrl?: string };
  /** Called with the lines of every session log the scenario wrote, before they are removed. */
  inspectLogs?: (lines: string[]) => void;
  /** Called with the scenario's workspace folder after the session closed, before it is removed. */
  inspectWorkspace?: (root: string) => void;
}

export interface ScenarioRun {
  scenario: string;
  rules: ProviderRules;
  minCacheable: number;
  model: string;
  live: boolean;
  steps: ProbeStep[];
  findings: Finding[];
  tier1Tokens: number;
  baseline: FirstTurnBaseline;
  /** The memories written into memory.db before the session opened, and how long that took. */
  seeded: { memories: number; ms: number };
}

function writeFiles(root: string, files: Record<string, ScenarioFile>): void {
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), content);
  }
}

function writeWorkspace(files: Record<string, ScenarioFile>): string {
  const root = realpathSync(mkdtempSync(join(tmpdir(), "picasso-probe-ws-")));
  writeFiles(root, files);
  mkdirSync(join(root, ".picasso"), { recursive: true });
  return root;
}

function sessionLogLines(home: string): string[] {
  const root = join(home, "sessions");
  if (!existsSync(root)) return [];
  return readdirSync(root, { recursive: true, encoding: "utf8" })
    .filter((path) => path.endsWith(".jsonl"))
    .flatMap((path) => readFileSync(join(root, path), "utf8").split("\n"))
    .filter((line) => line.trim() !== "");
}

/** Pair each step with the body the mock received for it (model requests arrive in step order). */
function attachWire(steps: ProbeStep[], server: MockServer): void {
  const bodies = server.requests
    .filter((r) => r.path === "/v1/messages" || r.path === "/v1/chat/completions")
    .map((r) => r.body);
  if (bodies.length !== steps.length)
    throw new Error(`the mock received ${bodies.length} model requests for ${steps.length} recorded steps`);
  steps.forEach((step, i) => {
    step.wire = bodies[i];
  });
}

export async function runScenario(scenario: Scenario, options: RunOptions = {}): Promise<ScenarioRun> {
  const rules = options.live ? "anthropic" : (options.rules ?? "anthropic");
  const minCacheable = options.minCacheable ?? 1024;
  const model = options.live?.model ?? MOCK_MODEL;
  const clock = new ProbeClock();
  const server: MockServer | undefined = options.live
    ? undefined
    : await startMockServer({
        script: toMockScript(scenario),
        anthropicMinCacheTokens: minCacheable,
        openaiMinCacheTokens: minCacheable,
        clock: clock.cacheNow,
      });
  const hop = server && options.via ? await options.via(server.url) : undefined;
  const workspace = writeWorkspace(scenario.files);
  const home = realpathSync(mkdtempSync(join(tmpdir(), "picasso-probe-home-")));
  writeFiles(home, scenario.homeFiles ?? {});
  const memories = scenarioMemories(scenario);
  const seedStart = performance.now();
  seedMemories(home, workspace, memories, clock.sessionNow(), {
    ...(scenario.memorySpacingMinutes ? { spacingMinutes: scenario.memorySpacingMinutes } : {}),
  });
  const seeded = { memories: memories.length, ms: Math.round(performance.now() - seedStart) };
  // The workspace's MCP servers have their catalogs cached, as `picasso mcp refresh` leaves them.
  await refreshMcpCatalogs(workspace, home);
  const recorder = new ProbeRecorder();
  const makeProvider = () =>
    recorder.wrap(
      providerFor({
        rules,
        model,
        ...(server ? { baseUrl: hop?.url ?? server.url } : {}),
        ...(options.live?.baseUrl ? { baseUrl: options.live.baseUrl } : {}),
        ...(options.live ? { liveApiKey: options.live.apiKey } : {}),
      }),
      options.mutate,
    );
  const open = (resume: boolean): Promise<ProbeSession> =>
    openProbeSession({
      provider: makeProvider(),
      workspaceRoot: workspace,
      picassoHome: home,
      approver: approverFor(scenario),
      observers: [recorder.observer],
      now: clock.sessionNow,
      ...(scenario.settings ? { settings: scenario.settings } : {}),
      ...(options.live ? { settings: { ...scenario.settings, maxTokens: 512 } } : {}),
      ...(resume ? { resume: "newest" as const } : {}),
      ...(options.plugins ? { plugins: options.plugins } : {}),
    });

  let probe: ProbeSession | undefined;
  let acpSession: AcpProbeSession | undefined;
  const openAcp = (load?: string) =>
    openAcpProbeSession({
      provider: makeProvider(),
      workspaceRoot: workspace,
      picassoHome: home,
      scenario,
      observers: [recorder.observer],
      now: clock.sessionNow,
      ...(scenario.settings ? { settings: scenario.settings } : {}),
      ...(load ? { load } : {}),
    });
  try {
    // The first-turn baseline of the workspace as the scenario found it.
    const baseline = firstTurnBaseline(workspace, home);
    if (scenario.surface === "acp") {
      if (options.plugins || options.live)
        throw new Error(
          "a scenario through ACP runs the product as shipped: no plugin injections, no --live",
        );
      acpSession = await openAcp();
      recorder.mode = () => acpSession?.mode() ?? "default";
      for (const action of scenario.actions) {
        if (action.kind === "mode") await acpSession.setMode(action.mode);
        else if (action.kind === "turn") {
          recorder.label = action.label;
          await acpSession.turn(action);
        } else if (action.kind === "next-day") {
          await acpSession.close();
          clock.nextDay();
          acpSession = await openAcp();
          recorder.markNewSession(["main"]);
        } else {
          // Resume: a new connection loads the session from its log.
          const id = acpSession.id;
          await acpSession.close();
          acpSession = await openAcp(id);
          recorder.markResume(["main"]);
        }
      }
    } else probe = await open(false);
    if (probe) recorder.mode = () => probe?.session.currentMode ?? "default";
    for (const [i, action] of probe ? scenario.actions.entries() : []) {
      if (action.kind === "mode") probe?.session.setMode(action.mode);
      else if (action.kind === "next-day") {
        await probe?.close("probe next day");
        probe = undefined;
        clock.nextDay();
        probe = await open(false);
        recorder.markNewSession(["main"]);
      } else if (action.kind === "resume") {
        await probe?.close("probe resume");
        probe = undefined;
        if (!action.newProcess) {
          probe = await open(true);
          recorder.markResume(["main"]);
          continue;
        }
        if (options.mutate || options.plugins || options.via || !server)
          throw new Error("a resume in a new process runs the product as shipped: no injections, no --live");
        recorder.adopt(
          await resumeInNewProcess({
            scenario: scenario.name,
            from: i + 1,
            rules,
            model,
            baseUrl: server.url,
            workspace,
            home,
            now: clock.sessionNow().toISOString(),
          }),
        );
        break;
      } else if (probe) {
        recorder.label = action.label;
        await runTurnAction(probe.session, scenario.name, action);
      }
    }
    const first = recorder.steps[0];
    if (!first) throw new Error(`scenario ${scenario.name} sent no request`);
    const tier1Tokens = await countTier1Tokens({
      ...(server ? { baseUrl: server.url } : options.live?.baseUrl ? { baseUrl: options.live.baseUrl } : {}),
      apiKey: options.live?.apiKey ?? "test-key",
      model,
      request: first.request,
    });
    if (server) attachWire(recorder.steps, server);
    const checked = checkSteps(recorder.steps, {
      rules,
      minCacheable,
      tier1Tokens,
      // OpenAI's Tier 1 is counted on the Anthropic route: close, not exact.
      tier1Tolerance: options.live ? 0.05 : rules === "openai" ? 0.1 : 0,
    });
    const flagged = new Set(checked.filter((f) => !f.expected).map((f) => f.n));
    const findings = [...checked, ...checkWire(recorder.steps, rules).filter((f) => !flagged.has(f.n))].sort(
      (a, b) => a.n - b.n,
    );
    return {
      scenario: scenario.name,
      rules,
      minCacheable,
      model,
      live: !!options.live,
      steps: recorder.steps,
      findings,
      tier1Tokens,
      baseline,
      seeded,
    };
  } finally {
    await probe?.close("probe done");
    await acpSession?.close();
    await hop?.close();
    await server?.close();
    if (options.inspectLogs) options.inspectLogs(sessionLogLines(home));
    options.inspectWorkspace?.(workspace);
    rmSync(workspace, { recursive: true, force: true });
    rmSync(home, { recursive: true, force: true });
  }
}
