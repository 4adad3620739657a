/**
 * Real scripted sessions for the timeline goldens: the engine (`createSession`) against the mock
 * provider over HTTP through the official Anthropic SDK, with a small fixed plugin so the goldens
 * do not move when the product's tools or sections change:
 * - Tier 1: four fixture tools and two system blocks (a few hundred tokens; the mock's minimum
 *   cacheable prefix is lowered to 128 tokens so it caches);
 * - tools: `read_note` (read), `load_skill` (a Tier-2 skill body), `find_tool` (a Tier-2 deferred
 *   schema), `delegate` (runs a subagent);
 * - session facts: a fixed text; pre-step: a `mode` reminder when the mode changes, and in plan
 *   mode a plan-section reminder logged as a Tier-2 `plan_mode` load.
 * Normalisation replaces what differs between runs (session id, paths, clock, latencies).
 */
import { mkdtempSync, realpathSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  createSession,
  defaultTier1,
  type EngineSettings,
  type LogObserver,
  type Session,
} from "@picasso/engine";
import { type MockScript, type MockServer, startMockServer } from "@picasso/mock-provider";
import {
  type AppendedMessage,
  byteLength,
  type PermissionMode,
  type PicassoPlugin,
  type ToolDefinition,
  text,
  userMessage,
} from "@picasso/protocol";
import { AnthropicProvider } from "@picasso/providers";
import type { Timeline } from "../src/index.js";

const NOTES: Record<string, string> = {
  "plan.md": "Step 1: read the notes. Step 2: write the summary. Step 3: run the tests.\n".repeat(6),
  "answer.md": "The answer is 42.\n",
};

const SKILL_BODY = "# Skill: release\nBump the version, write the changelog, tag, push.\n".repeat(8);
const DEFERRED_SCHEMA = JSON.stringify({
  name: "worktree_create",
  description: "Create a git worktree for a branch.",
  inputSchema: { type: "object", properties: { branch: { type: "string" } }, required: ["branch"] },
});

const object = (properties: Record<string, unknown>, required: string[]) => ({
  type: "object",
  properties,
  required,
});

export function fixtureTools(): ToolDefinition[] {
  return [
    {
      spec: {
        name: "read_note",
        description: "Read a note by name. Notes are short project documents.",
        inputSchema: object({ name: { type: "string", description: "the note's file name" } }, ["name"]),
      },
      effect: "read",
      family: "fs",
      async run(input) {
        const note = NOTES[String(input.name)];
        return note === undefined
          ? { content: `no note named ${input.name}`, isError: true }
          : { content: note };
      },
    },
    {
      spec: {
        name: "load_skill",
        description: "Load the full body of a skill by name when its trigger applies.",
        inputSchema: object({ name: { type: "string" } }, ["name"]),
      },
      effect: "read",
      family: "skill",
      async run(input) {
        return { content: SKILL_BODY, tier2: [{ kind: "skill_body", name: String(input.name) }] };
      },
    },
    {
      spec: {
        name: "find_tool",
        description: "Search the deferred tool catalog; an exact name returns the tool's schema.",
        inputSchema: object({ query: { type: "string" } }, ["query"]),
      },
      effect: "read",
      family: "gateway",
      async run() {
        return { content: DEFERRED_SCHEMA, tier2: [{ kind: "deferred_schema", name: "worktree_create" }] };
      },
    },
    {
      spec: {
        name: "delegate",
        description: "Give a self-contained task to a subagent and get its report back.",
        inputSchema: object({ task: { type: "string" } }, ["task"]),
      },
      effect: "agent",
      family: "agent",
      async run(input, ctx) {
        return { content: await ctx.runSubagent({ task: String(input.task) }) };
      },
    },
  ];
}

const SYSTEM = [
  {
    id: "harness:identity",
    text:
      "You are Picasso, a coding agent. Read before you write, keep changes small, run the tests, " +
      "and report what you did in a short status table. ".repeat(4),
  },
  {
    id: "tool:core",
    text: "Use read_note for notes, load_skill when a skill's trigger applies, find_tool for deferred tools. ".repeat(
      4,
    ),
  },
];

function reminder(source: string, body: string): AppendedMessage["message"] {
  return userMessage(text(`<system-reminder source="${source}">\n${body}\n</system-reminder>`));
}

/** The fixture plugin: Tier 1, session facts, and mode reminders from the pre-step. */
export function fixturePlugin(): PicassoPlugin {
  const announced = new Map<string, PermissionMode>();
  return {
    name: "timeline-fixture",
    registerTools: fixtureTools,
    assembleSystemPrompt: (ctx) =>
      defaultTier1(
        ctx.tools.map((t) => t.spec),
        SYSTEM,
      ),
    sessionFacts: () => "Session facts: date 2026-01-01, platform linux, branch main.",
    preStep(ctx) {
      const last = announced.get(ctx.lane) ?? "default";
      announced.set(ctx.lane, ctx.mode);
      if (last === ctx.mode) return { append: [] };
      const append: AppendedMessage[] = [
        {
          source: "reminder",
          reminder: "mode",
          message: reminder("mode", `Permission mode is now ${ctx.mode}.`),
        },
      ];
      if (ctx.mode === "plan") {
        const section = "Plan mode: read and think; do not change files; end with a plan for approval.";
        append.push({
          source: "reminder",
          reminder: "plan-mode",
          message: reminder("plan-mode", section),
          tier2: { kind: "plan_mode", name: "plan-mode.section", bytes: byteLength(section) },
        });
      }
      return { append };
    },
  };
}

export interface ScriptedSession {
  session: Session;
  workspace: string;
  server: MockServer;
  run(input: string): Promise<void>;
  close(): Promise<void>;
}

export async function startScriptedSession(
  script: MockScript,
  options: {
    settings?: Partial<EngineSettings>;
    mode?: PermissionMode;
    workspace?: string;
    observers?: LogObserver[];
    resume?: "newest";
    /** Tools beside the fixture's (a test's own; they change that session's Tier 1 only). */
    tools?: ToolDefinition[];
  } = {},
): Promise<ScriptedSession> {
  const server = await startMockServer({ script, anthropicMinCacheTokens: 128 });
  const provider = new AnthropicProvider({
    apiKey: "test-key",
    model: "mock-model",
    baseUrl: server.url,
    name: "mock",
    retry: { baseDelayMs: 1, maxDelayMs: 5 },
  });
  const workspace = options.workspace ?? realpathSync(mkdtempSync(join(tmpdir(), "picasso-timeline-ws-")));
  const session = await createSession({
    provider,
    plugins: [
      fixturePlugin(),
      ...(options.tools ? [{ name: "test-tools", registerTools: () => options.tools! }] : []),
    ],
    workspaceRoot: workspace,
    picassoHome: process.env.PICASSO_HOME!,
    approver: { approve: async () => ({ decision: "allow_once" }) },
    surfaceLabel: "test",
    version: "0.0.0-test",
    ...(options.mode ? { mode: options.mode } : {}),
    ...(options.settings ? { settings: options.settings } : {}),
    ...(options.observers ? { observers: options.observers } : {}),
    ...(options.resume ? { resume: options.resume } : {}),
  });
  return {
    session,
    workspace,
    server,
    async run(input) {
      let failure: string | undefined;
      const stop = session.subscribe((event) => {
        if (event.type === "error" && event.scope !== "provider") failure ??= event.message;
      });
      await session.runTurn(input).finally(stop);
      if (failure) throw new Error(failure);
    },
    async close() {
      await session.close("test done");
      await server.close();
    },
  };
}

/** The timeline with what differs between runs replaced by fixed markers. */
export function normaliseTimeline(timeline: Timeline): Timeline {
  const copy = structuredClone(timeline);
  const s = copy.session;
  if (s.id !== null) s.id = "<session-id>";
  if (s.startedAt !== null) s.startedAt = "<timestamp>";
  if (s.cwd !== null) s.cwd = "<workspace>";
  if (s.projectKey !== null) s.projectKey = "<project-key>";
  for (const turn of copy.turns)
    for (const lane of turn.lanes)
      for (const step of lane.steps) if (step.latencyMs !== null) step.latencyMs = 0;
  for (const lane of copy.lanes) {
    lane.startedAt = "<timestamp>";
    lane.endedAt = "<timestamp>";
  }
  return copy;
}

export function goldenJson(timeline: Timeline): string {
  return `${JSON.stringify(normaliseTimeline(timeline), null, 2)}\n`;
}
