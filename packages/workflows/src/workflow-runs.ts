/**
 * The workflow runs of one live session: starting a run (new, or a resume of one its log holds),
 * finding runs (in memory, else as the log recorded them) and stopping them all when the session
 * closes. The tools, the `/workflow` operation and `picasso workflow run` all go through it, so a
 * run behaves the same whoever started it. A run started for the model arms the session's wake
 * while it runs and, when it ends, wakes the lead with a `workflow` notice.
 */
import { randomBytes } from "node:crypto";
import type { ExtensionStartContext, ForkedSubagents } from "@picasso/protocol";
import { readBoundedFile } from "@picasso/workspace";
import { listWorkflows, loadWorkflow, type WorkflowListing } from "./workflow-discovery.js";
import { WorkflowFileError } from "./workflow-file.js";
import { type InputValues, resolveInputs } from "./workflow-inputs.js";
import { type LoggedRun, readLoggedRuns } from "./workflow-log.js";
import { preview, reportExists, sessionOutputsFolder } from "./workflow-outputs.js";
import { type KeptLane, type RunHost, WorkflowRun } from "./workflow-run.js";

export interface StartOptions {
  /** Inputs by name (text or lists). */
  inputs?: Record<string, unknown>;
  /** Resume this run of the session's log: keep its finished lanes, run the rest. */
  resume?: string;
  /** The lanes to fork on (a tool call's own `ctx.subagents`); default: the session's. */
  lanes?: ForkedSubagents;
  /** Wake the lead with a `workflow` notice when it ends (runs started for the model or the TUI). */
  notify?: boolean;
  /** Told after each of the run's events (the CLI's progress lines). */
  onChange?: RunHost["onChange"];
}

export class WorkflowRuns {
  private readonly active = new Map<string, WorkflowRun>();

  constructor(
    private readonly workspaceRoot: string,
    private readonly session: () => ExtensionStartContext | undefined,
  ) {}

  list(): WorkflowListing {
    return listWorkflows(this.workspaceRoot);
  }

  /** Runs started in this process, oldest first. */
  runs(): WorkflowRun[] {
    return [...this.active.values()];
  }

  get(run: string): WorkflowRun | undefined {
    return this.active.get(run);
  }

  /** What the session's log recorded about its runs (earlier processes' included). */
  logged(): Map<string, LoggedRun> {
    const ctx = this.session();
    return ctx ? readLoggedRuns(ctx.logPath) : new Map();
  }

  start(name: string, options: StartOptions = {}): WorkflowRun {
    const ctx = this.session();
    const lanes = options.lanes ?? ctx?.lanes;
    if (!ctx || !lanes) throw new WorkflowFileError("workflows run only in a live session");
    const workflow = loadWorkflow(this.workspaceRoot, name);
    let runId: string;
    let inputs: InputValues;
    const kept = new Map<string, KeptLane>();
    if (options.resume !== undefined) {
      runId = options.resume;
      if (!/^[A-Za-z0-9_-]{1,80}$/.test(runId))
        throw new WorkflowFileError(
          `"${runId.slice(0, 80)}" is not a run id (workflow_status lists the runs)`,
        );
      const logged = this.logged().get(runId);
      if (!logged)
        throw new WorkflowFileError(
          `no workflow run "${runId}" in this session's log; workflow_status lists the runs`,
        );
      if (logged.workflow !== workflow.name)
        throw new WorkflowFileError(
          `run "${runId}" is of workflow "${logged.workflow}", not "${workflow.name}"`,
        );
      if (this.active.get(runId)?.status === "running")
        throw new WorkflowFileError(`run "${runId}" is still running; workflow_status follows it`);
      if (logged.end?.status === "done")
        throw new WorkflowFileError(`run "${runId}" already finished (every step done); nothing to resume`);
      inputs = logged.inputs;
      const given = options.inputs ?? {};
      const fresh = Object.keys(given).length > 0 ? resolveInputs(workflow, given) : undefined;
      if (fresh && JSON.stringify(fresh) !== JSON.stringify(inputs))
        throw new WorkflowFileError(
          `run "${runId}" was started with other inputs; a resume reuses them (${JSON.stringify(inputs)}) — leave the inputs out`,
        );
      for (const [laneId, lane] of logged.lanes) {
        if (lane.status !== "done" || !lane.output || !reportExists(lane.output)) continue;
        const read = readBoundedFile(lane.output, 4096);
        kept.set(laneId, {
          output: lane.output,
          bytes: lane.bytes ?? (read.kind === "text" ? read.size : 0),
          preview: read.kind === "text" ? preview(read.bytes.toString("utf8")) : "",
          ...(lane.tokens !== undefined ? { tokens: lane.tokens } : {}),
        });
      }
    } else {
      inputs = resolveInputs(workflow, options.inputs ?? {});
      runId = `${workflow.name}-${randomBytes(3).toString("hex")}`;
    }
    const disarm = options.notify ? ctx.wake?.arm(`workflow ${runId}`) : undefined;
    const run = new WorkflowRun(
      runId,
      workflow,
      inputs,
      {
        lanes,
        record: (event) => ctx.record(event),
        outputsFolder: sessionOutputsFolder(ctx.logPath, ctx.sessionId),
        ...(options.onChange ? { onChange: options.onChange } : {}),
      },
      kept,
    );
    this.active.delete(runId);
    this.active.set(runId, run);
    void run.finished.then((status) => {
      disarm?.();
      if (options.notify && status !== "interrupted")
        ctx.wake?.notify({ source: "workflow", text: endNotice(run) });
    });
    return run;
  }

  /** Stop every running run and wait for their ends to be recorded (the session is closing). */
  async stopAll(): Promise<void> {
    const running = this.runs().filter((r) => r.status === "running");
    for (const run of running) run.cancel();
    await Promise.all(running.map((r) => r.finished));
  }
}

function endNotice(run: WorkflowRun): string {
  const count = (s: string) => run.lanes.filter((l) => l.status === s).length;
  const failed = run.lanes.filter((l) => ["error", "budget", "interrupted"].includes(l.status));
  return (
    `Workflow run ${run.id} ("${run.workflow.name}") ${run.status === "done" ? "finished" : "failed"}: ` +
    `${count("done")} of ${run.lanes.length} steps done` +
    (failed.length ? `, failed: ${failed.map((l) => l.id).join(", ")}` : "") +
    (count("skipped") ? `, skipped: ${count("skipped")}` : "") +
    `. workflow_status {"run": "${run.id}"} gives each step's output file.`
  );
}
