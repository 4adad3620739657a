/**
 * `picasso workflow run` against the mock provider (docs/workflows.md): a fan-out of four and a
 * step that needs them, whose prompt gets the reports by reference (paths and previews, never the
 * whole text) and reads one with the `read` tool; a failed step skips its dependants while the
 * others go on; a run killed with SIGKILL mid-run resumes (`--resume`) without sending a finished
 * step's prompt again; a broken workflow file is a one-line error.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { projectSessionsDir } from "@picasso/engine";
import { execa } from "execa";
import { afterEach, describe, expect, it } from "vitest";
import { BIN, picasso, script, workspace } from "./cli-harness.js";

const mock = (path: string) => ["--provider", "mock", "--mock-script", path];
const leftovers: number[] = [];
afterEach(() => {
  for (const pid of leftovers.splice(0)) {
    try {
      process.kill(pid, "SIGKILL");
    } catch {
      // already gone
    }
  }
});

async function waitFor<T>(check: () => T | undefined, what: string, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

function logOf(dir: string): string | undefined {
  const sessions = projectSessionsDir(process.env.PICASSO_HOME!, dir);
  if (!existsSync(sessions)) return undefined;
  const file = readdirSync(sessions).find((f) => f.endsWith(".jsonl"));
  return file ? join(sessions, file) : undefined;
}

type Line = Record<string, unknown>;
function events(log: string): Line[] {
  return readFileSync(log, "utf8")
    .split("\n")
    .filter((l) => l.trim() !== "")
    .flatMap((l) => {
      try {
        return [JSON.parse(l) as Line];
      } catch {
        return [];
      }
    });
}

/** The first message of each subagent lane (its task), as text. */
function laneTasks(log: string): string[] {
  return events(log)
    .filter((e) => e.type === "message" && e.source === "subagent_task")
    .map((e) => JSON.stringify(e.message));
}

/** A mock-script capture (docs/mock-provider.md): the regex's first group in the lane's transcript. */
const capture = (regex: string) => `\${/${regex}/}`;

const longReport = (name: string) =>
  `${name}: all tests passed.\n${"a detail line\n".repeat(200)}TAIL-${name}`;

describe("picasso workflow run", () => {
  it("fans out over four items, then passes their reports by reference to the step that needs them", async () => {
    const dir = workspace({
      ".picasso/workflows/check.yaml": [
        "description: test each package, then summarise",
        "inputs:",
        "  packages: { type: list, default: [alpha, beta, gamma, delta] }",
        "steps:",
        "  - id: test",
        '    for_each: "{{inputs.packages}}"',
        '    prompt: "TEST-LANE {{item}}: run the tests"',
        "  - id: summary",
        "    needs: [test]",
        '    prompt: "SUMMARY-LANE: summarise {{steps.test.output}}"',
        "",
      ].join("\n"),
    });
    const s = script(dir, {
      steps: [
        ...["alpha", "beta", "gamma", "delta"].map((p) => ({ match: `TEST-LANE ${p}`, text: longReport(p) })),
        // The summary reads one report through its path: the outputs folder is readable.
        {
          match: "SUMMARY-LANE",
          tool_calls: [{ name: "read", input: { path: capture("(\\/\\S+test-3\\.md)") } }],
        },
        { match: "TAIL-gamma", text: "summary: four packages green" },
      ],
    });
    const result = await picasso(dir, ["workflow", "run", "check", "--json", ...mock(s)]);
    expect(result.stderr).toContain("summary done");
    expect(result.exitCode).toBe(0);
    const out = JSON.parse(result.stdout as string);
    expect(out.status).toBe("done");
    expect(out.steps.map((s: Line) => [s.id, s.status])).toEqual([
      ["test[1]", "done"],
      ["test[2]", "done"],
      ["test[3]", "done"],
      ["test[4]", "done"],
      ["summary", "done"],
    ]);
    for (const [i, p] of ["alpha", "beta", "gamma", "delta"].entries()) {
      const step = out.steps[i];
      expect(readFileSync(step.output, "utf8")).toBe(longReport(p));
    }
    expect(readFileSync(out.steps[4].output, "utf8")).toBe("summary: four packages green");

    const log = logOf(dir)!;
    const summaryTask = laneTasks(log).find((t) => t.includes("SUMMARY-LANE"))!;
    // By reference: every report's path and its beginning, never its whole text.
    for (const [i, p] of ["alpha", "beta", "gamma", "delta"].entries()) {
      expect(summaryTask).toContain(out.steps[i].output);
      expect(summaryTask).toContain(`${p}: all tests passed.`);
      expect(summaryTask).not.toContain(`TAIL-${p}`);
    }
    // The read of test-3.md went through and returned the whole report.
    const read = events(log).find((e) => e.type === "tool_result" && e.name === "read");
    expect(read?.status).toBe("ok");
    // The four lanes ran side by side: all four started before the first ended.
    const order = events(log)
      .filter((e) => e.type === "workflow_step_start" || e.type === "workflow_step_end")
      .map((e) => `${e.type === "workflow_step_start" ? "start" : "end"} ${e.step}`);
    expect(order.slice(0, 4).every((o) => o.startsWith("start test["))).toBe(true);
    expect(order.indexOf("start summary")).toBeGreaterThan(order.lastIndexOf("end test[4]"));
    const subagentStarts = events(log).filter((e) => e.type === "subagent_start");
    expect(subagentStarts.map((e) => e.label)).toEqual([
      "test[1]",
      "test[2]",
      "test[3]",
      "test[4]",
      "summary",
    ]);
    expect(new Set(subagentStarts.map((e) => e.group))).toEqual(new Set([`workflow:${out.run}`]));
  });

  it("skips the dependants of a failed step, runs the others and exits 1", async () => {
    const dir = workspace({
      ".picasso/workflows/partial.yaml": [
        "steps:",
        "  - id: broken",
        "    agent: no-such-agent",
        '    prompt: "BROKEN-LANE"',
        "  - id: after",
        "    needs: [broken]",
        '    prompt: "AFTER-LANE {{steps.broken.output}}"',
        "  - id: fine",
        '    prompt: "FINE-LANE"',
        "",
      ].join("\n"),
    });
    const s = script(dir, { steps: [{ match: "FINE-LANE", text: "fine report" }] });
    const result = await picasso(dir, ["workflow", "run", "partial", "--json", ...mock(s)]);
    expect(result.exitCode).toBe(1);
    const out = JSON.parse(result.stdout as string);
    expect(out.status).toBe("failed");
    const byId = Object.fromEntries(out.steps.map((s: Line) => [s.id, s]));
    expect(byId.broken.status).toBe("error");
    expect(byId.broken.message).toContain("no-such-agent");
    expect(byId.after.status).toBe("skipped");
    expect(byId.fine.status).toBe("done");
    expect(laneTasks(logOf(dir)!).some((t) => t.includes("AFTER-LANE"))).toBe(false);
    expect(result.stderr).toContain(`--resume ${out.run}`);
  });

  it("resumes a run killed mid-run without redoing the steps that finished", async () => {
    const dir = workspace({
      ".picasso/workflows/chain.yaml": [
        "inputs:",
        "  target: { required: true }",
        "steps:",
        "  - id: plan",
        '    prompt: "PLAN-LANE for {{inputs.target}}"',
        "  - id: side",
        '    prompt: "SIDE-LANE"',
        "  - id: build",
        "    needs: [plan]",
        '    prompt: "BUILD-LANE following {{steps.plan.output}}"',
        "  - id: ship",
        "    needs: [build, side]",
        '    prompt: "SHIP-LANE"',
        "",
      ].join("\n"),
    });
    const first = script(dir, {
      steps: [
        { match: "PLAN-LANE for web", text: "the plan: three parts" },
        { match: "SIDE-LANE", text: "side work done" },
        { match: "BUILD-LANE", text: "never sent", delay_ms: 60_000 },
      ],
    });
    const child = execa("node", [BIN, "workflow", "run", "chain", "--input", "target=web", ...mock(first)], {
      cwd: dir,
      reject: false,
    });
    if (child.pid) leftovers.push(child.pid);
    const log = await waitFor(() => logOf(dir), "the session log");
    await waitFor(
      () =>
        events(log).some((e) => e.type === "workflow_step_start" && e.step === "build") &&
        events(log).some((e) => e.type === "workflow_step_end" && e.step === "side")
          ? true
          : undefined,
      "plan and side to finish and build to start",
    );
    child.kill("SIGKILL");
    expect((await child).signal).toBe("SIGKILL");
    expect(events(log).some((e) => e.type === "workflow_end")).toBe(false);

    const second = script(
      dir,
      {
        steps: [
          { match: "BUILD-LANE", text: "built" },
          { match: "SHIP-LANE", text: "shipped" },
        ],
      },
      "second.yaml",
    );
    const resumed = await picasso(dir, ["workflow", "run", "chain", "--resume", "--json", ...mock(second)]);
    expect(resumed.stderr).toContain("kept from before: plan, side");
    expect(resumed.exitCode).toBe(0);
    const out = JSON.parse(resumed.stdout as string);
    expect(out.steps.map((s: Line) => [s.id, s.status, s.kept === true])).toEqual([
      ["plan", "done", true],
      ["side", "done", true],
      ["build", "done", false],
      ["ship", "done", false],
    ]);
    // One session log, the same run id; the finished steps' prompts were sent once only.
    const tasks = laneTasks(log);
    expect(tasks.filter((t) => t.includes("PLAN-LANE"))).toHaveLength(1);
    expect(tasks.filter((t) => t.includes("SIDE-LANE"))).toHaveLength(1);
    expect(tasks.filter((t) => t.includes("BUILD-LANE"))).toHaveLength(2);
    const starts = events(log).filter((e) => e.type === "workflow_start");
    expect(starts).toHaveLength(2);
    expect(starts[1]).toMatchObject({ run: starts[0]!.run, resumed: true, kept: ["plan", "side"] });
    expect(starts[1]!.inputs).toEqual({ target: "web" });
    // The resumed build still points at the kept plan's report.
    expect(tasks.filter((t) => t.includes("BUILD-LANE"))[1]).toContain(out.steps[0].output);
    expect(readFileSync(out.steps[0].output, "utf8")).toBe("the plan: three parts");
  });

  it("runs through the workflow_run tool in the background and wakes the lead when it ends", async () => {
    const dir = workspace({
      ".picasso/workflows/greet.yaml": [
        "description: greet someone twice",
        "inputs:",
        "  who: { required: true }",
        "steps:",
        "  - id: hello",
        '    prompt: "HELLO-LANE greet {{inputs.who}}"',
        "  - id: bye",
        "    needs: [hello]",
        '    prompt: "BYE-LANE after {{steps.hello.output}}"',
        "",
      ].join("\n"),
    });
    const s = script(dir, {
      steps: [
        {
          match: "greet ada",
          tool_calls: [
            {
              name: "tool_call",
              input: { name: "workflow_run", arguments: { name: "greet", inputs: { who: "ada" } } },
            },
          ],
        },
        { match: "HELLO-LANE greet ada", text: "hello, ada" },
        {
          match: "Started workflow run",
          tool_calls: [
            {
              name: "tool_call",
              input: {
                name: "workflow_status",
                arguments: { run: capture("Started workflow run (\\S+)"), wait_seconds: 60 },
              },
            },
          ],
        },
        { match: "BYE-LANE", text: "bye, ada" },
        { text: "the workflow finished" },
      ],
    });
    const result = await picasso(dir, [
      "-p",
      "greet ada with the workflow",
      "--output-format",
      "json",
      ...mock(s),
    ]);
    expect(result.exitCode).toBe(0);
    const log = logOf(dir)!;
    const all = events(log);
    const status = all.find(
      (e) =>
        e.type === "tool_result" &&
        e.name === "tool_call" &&
        e.lane === "main" &&
        all.indexOf(e) > all.findIndex((x) => x.type === "workflow_step_start"),
    );
    expect(status?.status).toBe("ok");
    const statusText = JSON.stringify(
      all.filter((e) => e.type === "message" && e.source === "tool_results" && e.lane === "main").at(-1),
    );
    expect(statusText).toMatch(/hello: done .*outputs\/workflows\/greet-[0-9a-f]+\/hello\.md/);
    expect(statusText).toMatch(/bye: done/);
    expect(all.find((e) => e.type === "workflow_end")).toMatchObject({ status: "done", done: 2 });
    expect(all.find((e) => e.type === "wake")).toMatchObject({ source: "workflow" });
    expect(all.some((e) => e.type === "message" && e.source === "notice" && e.lane === "main")).toBe(true);
  });

  it("refuses a broken workflow file with one line naming the file, the step and the field", async () => {
    const dir = workspace({
      ".picasso/workflows/bad.yaml": [
        "steps:",
        "  - id: one",
        '    prompt: "x"',
        "    needs: [nowhere]",
        "",
      ].join("\n"),
    });
    const result = await picasso(dir, ["workflow", "run", "bad", "--provider", "mock"]);
    expect(result.exitCode).toBe(2);
    expect((result.stderr as string).trim()).toBe(
      'picasso: .picasso/workflows/bad.yaml: steps[0] "one": needs: unknown step "nowhere"; known: one',
    );
    const listed = await picasso(dir, ["workflow", "list"]);
    expect(listed.stdout).toContain(
      '! .picasso/workflows/bad.yaml: steps[0] "one": needs: unknown step "nowhere"',
    );
  });
});
