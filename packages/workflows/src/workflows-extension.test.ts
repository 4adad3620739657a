import { appendFileSync, existsSync, mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type {
  ExtensionStartContext,
  ForkedSubagent,
  ForkedSubagents,
  SessionEventBody,
  SubagentRequest,
  ToolContext,
  WakeNotice,
} from "@picasso/protocol";
import { describe, expect, it } from "vitest";
import { createWorkflowsExtension } from "./workflows-extension.js";

/** Lanes that finish at once with `report of <label>`; every fork is kept. */
function instantLanes(): ForkedSubagents & { requests: SubagentRequest[] } {
  const requests: SubagentRequest[] = [];
  const snaps = new Map<string, ForkedSubagent>();
  return {
    requests,
    fork(request) {
      requests.push(request);
      const id = `agent-${requests.length}`;
      const snap: ForkedSubagent = {
        id,
        task: request.task,
        status: "done",
        steps: 1,
        elapsedMs: 1,
        pendingMessages: 0,
        tokens: 10,
        report: `report of ${request.label}`,
        ...(request.label ? { label: request.label } : {}),
      };
      snaps.set(id, snap);
      return { ...snap, status: "running" };
    },
    async report(id) {
      await new Promise((r) => setTimeout(r, 1));
      return { ...snaps.get(id)! };
    },
    list: () => [...snaps.values()],
    cancel: (id) => snaps.get(id)!,
    message: (id) => snaps.get(id)!,
  };
}

function session() {
  const root = mkdtempSync(join(tmpdir(), "wf-ext-"));
  mkdirSync(join(root, ".picasso", "workflows"), { recursive: true });
  writeFileSync(
    join(root, ".picasso", "workflows", "pair.yaml"),
    [
      "description: two steps",
      "inputs:",
      "  who: { default: ada }",
      "steps:",
      '  - { id: one, prompt: "ONE {{inputs.who}}" }',
      '  - { id: two, needs: [one], prompt: "TWO {{steps.one.output}}" }',
      "",
    ].join("\n"),
  );
  writeFileSync(join(root, ".picasso", "workflows", "broken.yml"), "steps: [{ id: x }]\n");
  const sessions = join(root, "home", "sessions");
  mkdirSync(sessions, { recursive: true });
  const logPath = join(sessions, "s1.jsonl");
  writeFileSync(logPath, "");
  const lanes = instantLanes();
  const recorded: SessionEventBody[] = [];
  const notices: WakeNotice[] = [];
  let seq = 0;
  const ctx: ExtensionStartContext = {
    sessionId: "s1",
    workspaceRoot: root,
    picassoHome: join(root, "home"),
    logPath,
    record(event) {
      recorded.push(event);
      appendFileSync(logPath, `${JSON.stringify({ v: 2, seq: ++seq, ...event })}\n`);
    },
    lanes,
    wake: { notify: (n) => void notices.push(n), arm: () => () => {} },
  };
  const extension = createWorkflowsExtension({ workspaceRoot: root });
  extension.start?.(ctx);
  return { root, extension, lanes, recorded, notices, ctx, logPath };
}

const toolCtx = (lanes: ForkedSubagents) =>
  ({ subagents: lanes, signal: new AbortController().signal }) as unknown as ToolContext;
const op = (ext: ReturnType<typeof session>["extension"]) => ext.operations![0]!;

describe("the workflows extension", () => {
  it("/workflow lists the workflows and a broken file's mistake; /workflow run starts one", async () => {
    const { extension, lanes, notices } = session();
    const listed = await op(extension).run("", { signal: new AbortController().signal, offline: false });
    expect(listed.text).toContain("- pair: two steps — 2 steps; inputs: who?");
    expect(listed.text).toContain('! .picasso/workflows/broken.yml: steps[0] "x": prompt: expected text');
    const started = await op(extension).run("run pair who=grace", {
      signal: new AbortController().signal,
      offline: false,
    });
    const run = extension.workflows.get((started.data as { run: string }).run)!;
    expect(await run.finished).toBe("done");
    expect(lanes.requests.map((r) => r.task)).toEqual([
      "ONE grace",
      expect.stringMatching(/^TWO \[output of step "one" in \S+one\.md \(\d+ bytes\)/),
    ]);
    await new Promise((r) => setTimeout(r, 0));
    expect(notices).toEqual([
      { source: "workflow", text: expect.stringContaining(`Workflow run ${run.id}`) },
    ]);
    const shown = await op(extension).run(run.id, { signal: new AbortController().signal, offline: false });
    expect(shown.text).toMatch(/- two: done {2}agent-2 {2}10 tokens {2}→ \S+two\.md/);
    expect(extension.panel?.()?.rows[0]).toMatchObject({ label: run.id, value: "done, 2/2 steps done" });
    const bad = await op(extension).run("run pair nobody=1", {
      signal: new AbortController().signal,
      offline: false,
    });
    expect(bad).toMatchObject({
      tone: "warn",
      text: 'workflow "pair": unknown input "nobody"; declared: who',
    });
  });

  it("workflow_run resumes a run from the log: finished lanes kept, only the rest forked", async () => {
    const { extension, lanes, ctx, logPath } = session();
    const outputs = join(ctx.logPath, "..", "s1", "outputs", "workflows", "pair-aaaaaa");
    mkdirSync(outputs, { recursive: true });
    writeFileSync(join(outputs, "one.md"), "the first report");
    appendFileSync(
      logPath,
      [
        {
          type: "workflow_start",
          run: "pair-aaaaaa",
          workflow: "pair",
          file: "f",
          inputs: { who: "lin" },
          steps: ["one", "two"],
        },
        {
          type: "workflow_step_end",
          run: "pair-aaaaaa",
          step: "one",
          status: "done",
          output: join(outputs, "one.md"),
          bytes: 16,
        },
        { type: "workflow_step_end", run: "pair-aaaaaa", step: "two", status: "error", message: "broke" },
      ]
        .map((e) => `${JSON.stringify(e)}\n`)
        .join(""),
    );
    const [runTool, statusTool, listTool] = extension.registerTools!();
    const answer = await runTool!.run({ name: "pair", resume: "pair-aaaaaa" }, toolCtx(lanes));
    expect(answer.content).toContain("Started workflow run pair-aaaaaa");
    expect(answer.content).toContain("1 kept from before");
    const status = await statusTool!.run({ run: "pair-aaaaaa", wait_seconds: 5 }, toolCtx(lanes));
    expect(status.content).toMatch(/^Run pair-aaaaaa of "pair": done/);
    expect(status.content).toContain("- one: done (kept from before)");
    expect(lanes.requests).toHaveLength(1);
    expect(lanes.requests[0]!.task).toContain(join(outputs, "one.md"));
    expect(lanes.requests[0]!.task).toContain("the first report");
    expect(existsSync(join(outputs, "two.md"))).toBe(true);
    const again = await runTool!.run({ name: "pair", resume: "pair-aaaaaa" }, toolCtx(lanes));
    expect(again).toMatchObject({ isError: true, content: expect.stringContaining("already finished") });
    const other = await runTool!.run(
      { name: "pair", resume: "pair-aaaaaa", inputs: { who: "x" } },
      toolCtx(lanes),
    );
    expect(other.isError).toBe(true);
    const traversal = await runTool!.run({ name: "pair", resume: "../../etc" }, toolCtx(lanes));
    expect(traversal).toMatchObject({ isError: true, content: expect.stringContaining("is not a run id") });
    expect((await listTool!.run({}, toolCtx(lanes))).content).toContain("- pair: two steps");
  });
});
