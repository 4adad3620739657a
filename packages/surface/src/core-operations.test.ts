import { mkdtempSync, realpathSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { allowListApprover } from "@picasso/engine";
import { presentationOf } from "@picasso/engine/context";
import {
  type ExtensionOperation,
  type OperationResult,
  type PicassoExtension,
  readLogFileAll,
} from "@picasso/protocol";
import { afterEach, describe, expect, it } from "vitest";
import { idleProvider } from "../test/idle-provider.js";
import { type ComposedSession, composeSession } from "./compose-session.js";
import { CORE_OPERATION_NAMES, type OperationHost } from "./core-operations.js";
import { EMPTY_MEMORY } from "./memory-text.js";

const hello: ExtensionOperation = {
  name: "hello",
  args: "<name>",
  summary: "say hello",
  run: (args, ctx) => ({ text: `Hello, ${args}!`, data: { offline: ctx.offline } }),
};

const opened: ComposedSession[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((c) => c.close()));
});

async function open(
  workspaceRoot: string,
  options: { host?: OperationHost; extensions?: PicassoExtension[] } = {},
): Promise<ComposedSession> {
  const composed = await composeSession({
    provider: idleProvider,
    workspaceRoot,
    picassoHome: process.env.PICASSO_HOME!,
    surface: "cli",
    surfaceLabel: "test",
    version: "test",
    approver: allowListApprover([]),
    ...(options.host ? { operationHost: options.host } : {}),
    wrapPlugins: (plugins) => [...plugins, ...(options.extensions ?? [])],
  });
  opened.push(composed);
  return composed;
}

function workspace(): string {
  return realpathSync(mkdtempSync(join(tmpdir(), "surface-ops-")));
}

async function run(composed: ComposedSession, name: string, args = ""): Promise<OperationResult> {
  const operation = composed.operations.find((op) => op.name === name);
  if (!operation) throw new Error(`no operation ${name}`);
  return operation.run(args, { signal: new AbortController().signal, offline: false });
}

describe("the core operations of a composed session", () => {
  it("come first, in their order, then each extension's", async () => {
    const composed = await open(workspace(), {
      extensions: [{ name: "greeter", operations: [hello] }],
    });
    // The core ones, then the composition's extensions' (changes, init, hooks, agents, workflow, watch, ralph, team), then the test's.
    expect(composed.operations.map((op) => op.name)).toEqual([
      ...CORE_OPERATION_NAMES,
      "changes",
      "init",
      "hooks",
      "agents",
      "workflow",
      "watch",
      "ralph",
      "team",
      "hello",
    ]);
    expect(await run(composed, "hello", "you")).toEqual({ text: "Hello, you!", data: { offline: false } });
  });

  it("an extension may not take a core operation's name: the session does not open", async () => {
    await expect(
      open(workspace(), { extensions: [{ name: "greeter", operations: [{ ...hello, name: "context" }] }] }),
    ).rejects.toThrow('operation "context" of extension greeter: the name is taken by a core operation');
  });

  it("mode shows, sets (its change shown by the session's event) and refuses a wrong mode", async () => {
    const composed = await open(workspace());
    expect((await run(composed, "mode")).text).toBe("mode: default (one of default, plan, auto)");
    const set = await run(composed, "mode", " plan ");
    expect(set).toMatchObject({
      text: "Permission mode: plan.",
      data: { presentation: "by-events", mode: "plan" },
    });
    expect(composed.session.currentMode).toBe("plan");
    expect(await run(composed, "mode", "yolo")).toEqual({
      text: 'expected default, plan, auto, got "yolo"',
      tone: "warn",
    });
  });

  it("pin and unpin change the live session's pins (logged), list them, and answer mistakes as warnings; /context shows what is protected", async () => {
    const composed = await open(workspace());
    expect((await run(composed, "pin")).text).toBe(
      "Nothing is pinned; /pin <text> pins a decision every compaction keeps.",
    );
    expect(await run(composed, "pin", "Use tabs, never spaces")).toMatchObject({
      text: "Pinned. Every compaction keeps:\n1. Use tabs, never spaces",
      data: { pins: ["Use tabs, never spaces"] },
    });
    await run(composed, "pin", "Ship behind a flag");
    expect((await run(composed, "pin")).text).toBe(
      "Pinned (kept across compaction):\n1. Use tabs, never spaces\n2. Ship behind a flag",
    );
    expect(await run(composed, "pin", "Ship behind a flag")).toEqual({
      text: "pin: already pinned as #2",
      tone: "warn",
    });
    expect((await run(composed, "unpin", "1")).text).toBe("Unpinned. Pinned now:\n1. Ship behind a flag");
    expect((await run(composed, "unpin", "5")).tone).toBe("warn");
    expect(composed.session.pins).toEqual(["Ship behind a flag"]);
    const { events } = await readLogFileAll(composed.session.logPath);
    expect(
      events
        .filter((e) => e.type === "context_pin")
        .map((e) => e.type === "context_pin" && [e.action, e.text]),
    ).toEqual([
      ["pin", "Use tabs, never spaces"],
      ["pin", "Ship behind a flag"],
      ["unpin", "Use tabs, never spaces"],
    ]);
    // The protected context's panel: each section, its source and bytes.
    const shown = presentationOf((await run(composed, "context")).data);
    if (shown?.presentation !== "context-panel") throw new Error("no context panel");
    const panel = shown.view.panels.find((p) => p.id === "protected-context");
    expect(panel?.rows).toEqual(
      expect.arrayContaining([
        { label: "Pinned by the user", value: `user · ${"- Ship behind a flag".length} B` },
        { label: "Permission mode", value: "engine · 7 B" },
        expect.objectContaining({
          label: "Session facts",
          value: expect.stringMatching(/^lean-context · \d+ B$/),
        }),
        expect.objectContaining({
          label: "block",
          value: `${Buffer.byteLength(composed.session.protectedContext()!)} B after each summary`,
        }),
      ]),
    );
  });

  it("compact says when there is nothing to compact", async () => {
    const composed = await open(workspace());
    const result = await run(composed, "compact");
    expect(result.text).toBe("Nothing compacted: the history is too short to compact.");
    expect(presentationOf(result.data)).toBeUndefined();
  });

  it("context answers the /context model as a table and as the panel's view, with the reported figure", async () => {
    const composed = await open(workspace());
    const before = await run(composed, "context");
    expect(before.text).toMatch(/^\d+ of 200000 tokens in use/);
    expect(before.text).toContain("| Tier 1 | core tools |");
    const shown = presentationOf(before.data);
    expect(shown?.presentation).toBe("context-panel");
    if (shown?.presentation !== "context-panel") return;
    expect(shown.view.window).toBe(200_000);
    expect(shown.view.reportedPromptTokens).toBeUndefined();
    // The provider reports usage for the main lane's request: that is the context in use now.
    composed.session.rt.record(
      {
        type: "model_response",
        step: 0,
        stopReason: "end_turn",
        usage: { inputTokens: 100, cacheReadTokens: 300, outputTokens: 10 },
        latencyMs: 5,
      },
      "main",
    );
    const after = presentationOf((await run(composed, "context")).data);
    expect(after?.presentation === "context-panel" && after.view.usedTokens).toBe(410);
    expect((await run(composed, "context", "nonsense")).tone).toBe("warn");
  });

  it("timeline (and context timeline) answer the table, the bars and the fold", async () => {
    const composed = await open(workspace());
    for (const [name, args] of [
      ["timeline", ""],
      ["context", "timeline"],
    ] as const) {
      const result = await run(composed, name, args);
      expect(result.title).toBe("context timeline");
      expect(result.data).toMatchObject({
        presentation: "timeline-pager",
        chart: { steps: 0 },
        timeline: { turns: [] },
      });
    }
  });

  it("model shows the provider; switching needs a surface that can, which is then asked", async () => {
    const bare = await open(workspace());
    expect(await run(bare, "model")).toEqual({
      text: "provider idle, model idle-model, context window 200000 tokens",
      data: { provider: "idle", model: "idle-model", contextWindow: 200_000 },
    });
    expect(await run(bare, "model", "big")).toEqual({
      text: "switching the model is not available in this surface",
      tone: "warn",
    });
    const asked: string[] = [];
    const hosted = await open(workspace(), {
      host: { switchModel: async (model) => void asked.push(model), modelNote: "on the mock" },
    });
    expect((await run(hosted, "model")).text).toBe(
      "provider idle, model idle-model, context window 200000 tokens\non the mock",
    );
    expect(await run(hosted, "model", "big")).toMatchObject({
      data: { presentation: "by-events", model: "big" },
    });
    expect(asked).toEqual(["big"]);
  });

  it("resume lists the workspace's other sessions, offers them to pick, and reopens through the surface", async () => {
    const root = workspace();
    const first = await open(root);
    expect((await run(first, "resume")).text).toBe("no other sessions in this workspace yet");
    const resumed: string[] = [];
    const second = await open(root, { host: { resume: async (id) => void resumed.push(id) } });
    const listed = await run(second, "resume");
    expect(listed.text).toMatch(
      new RegExp(`^\\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d {2}\\(no prompt yet\\) {2}${first.session.id}$`),
    );
    expect(listed.data).toMatchObject({
      presentation: "pick",
      choices: [{ label: listed.text, value: first.session.id }],
      sessions: [{ id: first.session.id, title: undefined }],
    });
    expect(await run(second, "resume", "no-such-id")).toEqual({
      text: 'no session "no-such-id" in this workspace; run /resume to pick one',
      tone: "warn",
    });
    expect(await run(second, "resume", first.session.id)).toMatchObject({
      data: { presentation: "by-events", id: first.session.id },
    });
    expect(resumed).toEqual([first.session.id]);
    // Without a surface that can reopen: the list, and why it cannot be picked.
    const listedBare = await run(first, "resume");
    expect(listedBare.text).toContain(second.session.id);
    expect(listedBare.text).toMatch(/\(resuming one is not available in this surface\)$/);
    expect(presentationOf(listedBare.data)).toBeUndefined();
    expect(await run(first, "resume", second.session.id)).toEqual({
      text: "resuming another session is not available in this surface",
      tone: "warn",
    });
  });

  it("memory answers from this workspace's memories; a mistake is a warn line", async () => {
    const composed = await open(workspace());
    expect(await run(composed, "memory")).toEqual({ text: EMPTY_MEMORY, title: "memory list" });
    expect(await run(composed, "memory", "rm m9")).toEqual({ text: "memory id: no memory m9", tone: "warn" });
    expect((await run(composed, "memory", "frob")).text).toMatch(/^unknown subcommand "frob"/);
  });

  it("sandbox runs the check for the session's sandbox mode", async () => {
    const composed = await open(workspace());
    const result = await run(composed, "sandbox");
    expect(result.title).toBe("sandbox");
    expect(result.text).toContain("bubblewrap");
    expect(result.data).toMatchObject({
      checks: expect.arrayContaining([expect.objectContaining({ ok: expect.any(Boolean) })]),
    });
  });
});
