/**
 * Running one workflow: its lanes are background subagent lanes (`fork` with `label` = the lane
 * id, `group` = `workflow:<run>`), and every lane whose needed steps have all finished starts at
 * once, up to the workflow's concurrency cap. When a lane stops, its report is written to its
 * file (workflow-outputs.ts) before `workflow_step_end` names it, so the log never points at a
 * report that is not there. A lane that did not finish (`error`, `budget`, `interrupted`) fails
 * its step; the steps that need it are skipped (reported), the others go on — except a lane
 * stopped from outside (`interrupted`: the session closing, a cancel), which stops the run
 * (`interrupted`, nothing more starts) so a resume picks it up. A resumed run keeps
 * the lanes a log says finished (their files still there) and runs only the rest — a finished
 * lane is never run twice.
 *
 * Progress is recorded as `workflow_start`, `workflow_step_start`, `workflow_step_end` and
 * `workflow_end` (protocol session-events.ts); `onChange` tells a watcher (the CLI's progress
 * lines) after each.
 */
import type { ForkedSubagent, ForkedSubagents, LaneBrief, SessionEventBody } from "@picasso/protocol";
import type { WorkflowDefinition } from "./workflow-file.js";
import type { InputValues } from "./workflow-inputs.js";
import { outputReference, preview, runOutputsFolder, writeReport } from "./workflow-outputs.js";
import { fillPlaceholders } from "./workflow-placeholders.js";
import { type PlannedLane, planLanes } from "./workflow-plan.js";

export type LaneStatus = "waiting" | "running" | "done" | "error" | "interrupted" | "budget" | "skipped";

export interface LaneState {
  id: string;
  stepId: string;
  item?: string;
  status: LaneStatus;
  /** Its subagent lane (`agent-N`), once started. */
  agentLane?: string;
  output?: string;
  bytes?: number;
  preview?: string;
  tokens?: number;
  steps?: number;
  message?: string;
  /** Finished in an earlier attempt of this run (a resume kept it). */
  kept?: boolean;
}

export type RunStatus = "running" | "done" | "failed" | "interrupted";

/** A lane the log says finished, for a resume. */
export interface KeptLane {
  output: string;
  bytes: number;
  preview: string;
  tokens?: number;
}

export interface RunHost {
  lanes: ForkedSubagents;
  record(event: SessionEventBody): void;
  /** The session's outputs folder (workflow-outputs.ts `sessionOutputsFolder`). */
  outputsFolder: string;
  /** Called after every recorded event of the run. */
  onChange?(run: WorkflowRun, event: SessionEventBody): void;
  now?(): number;
}

/** How long one wait on a lane lasts before it is asked again. */
const REPORT_WAIT_MS = 60 * 60 * 1000;

export class WorkflowRun {
  readonly lanes: LaneState[];
  status: RunStatus = "running";
  readonly startedAt: number;
  endedAt: number | undefined;
  /** Resolves once the run has ended and `workflow_end` is recorded. */
  readonly finished: Promise<RunStatus>;
  private readonly plan: PlannedLane[];
  private readonly abort = new AbortController();
  private wakeLoop: (() => void) | undefined;

  constructor(
    readonly id: string,
    readonly workflow: WorkflowDefinition,
    readonly inputs: InputValues,
    private readonly host: RunHost,
    kept: ReadonlyMap<string, KeptLane> = new Map(),
  ) {
    this.startedAt = this.now();
    this.plan = planLanes(workflow, inputs);
    this.lanes = this.plan.map((p) => {
      const before = kept.get(p.id);
      return {
        id: p.id,
        stepId: p.step.id,
        ...(p.item !== undefined ? { item: p.item } : {}),
        ...(before
          ? {
              status: "done" as const,
              kept: true,
              output: before.output,
              bytes: before.bytes,
              preview: before.preview,
              ...(before.tokens !== undefined ? { tokens: before.tokens } : {}),
            }
          : { status: "waiting" as const }),
      };
    });
    this.emit({
      type: "workflow_start",
      run: id,
      workflow: workflow.name,
      file: workflow.file,
      inputs,
      steps: this.lanes.map((l) => l.id),
      ...(kept.size > 0 ? { resumed: true, kept: this.lanes.filter((l) => l.kept).map((l) => l.id) } : {}),
    });
    this.finished = this.drive();
  }

  get folder(): string {
    return runOutputsFolder(this.host.outputsFolder, this.id);
  }

  /** Stop the run: running lanes are cancelled, lanes not started stay unstarted. */
  cancel(): void {
    this.abort.abort();
    this.wakeLoop?.();
  }

  private now(): number {
    return this.host.now?.() ?? Date.now();
  }

  private emit(event: SessionEventBody): void {
    this.host.record(event);
    this.host.onChange?.(this, event);
  }

  private lanesOf(stepId: string): LaneState[] {
    return this.lanes.filter((l) => l.stepId === stepId);
  }

  private stepDone(stepId: string): boolean {
    return this.lanesOf(stepId).every((l) => l.status === "done");
  }

  private stepFailed(stepId: string): string | undefined {
    return this.lanesOf(stepId).find(
      (l) => l.status !== "done" && l.status !== "waiting" && l.status !== "running",
    )?.id;
  }

  private async drive(): Promise<RunStatus> {
    const watchers = new Set<Promise<void>>();
    while (true) {
      if (this.abort.signal.aborted) break;
      // A lane someone stopped (the session closing, subagent_control) stops the run: nothing
      // more starts, the lanes running finish, and the run ends `interrupted` — resumable.
      if (this.lanes.some((l) => l.status === "interrupted")) {
        if (!this.lanes.some((l) => l.status === "running")) break;
        await new Promise<void>((resolve) => {
          this.wakeLoop = resolve;
        });
        this.wakeLoop = undefined;
        continue;
      }
      this.skipBlocked();
      const running = this.lanes.filter((l) => l.status === "running").length;
      const ready = this.lanes.filter((l) => l.status === "waiting" && this.ready(l));
      for (const lane of ready.slice(0, Math.max(0, this.workflow.maxConcurrency - running))) {
        const watcher = this.start(lane);
        watchers.add(watcher);
        void watcher.finally(() => watchers.delete(watcher));
      }
      if (!this.lanes.some((l) => l.status === "running")) {
        // A lane that could not start frees its place: start the next ready ones, if any.
        if (this.lanes.some((l) => l.status === "waiting" && this.ready(l))) continue;
        break;
      }
      await new Promise<void>((resolve) => {
        this.wakeLoop = resolve;
      });
      this.wakeLoop = undefined;
    }
    if (this.abort.signal.aborted) {
      for (const lane of this.lanes)
        if (lane.status === "running" && lane.agentLane)
          try {
            this.host.lanes.cancel(lane.agentLane);
          } catch {
            // it stopped meanwhile
          }
    }
    await Promise.all([...watchers]);
    const count = (s: LaneStatus) => this.lanes.filter((l) => l.status === s).length;
    const failed = this.lanes.filter((l) => ["error", "budget", "interrupted"].includes(l.status)).length;
    const status: RunStatus =
      this.abort.signal.aborted || count("interrupted") > 0
        ? "interrupted"
        : failed + count("skipped") > 0 || count("waiting") > 0
          ? "failed"
          : "done";
    this.status = status;
    this.endedAt = this.now();
    this.emit({
      type: "workflow_end",
      run: this.id,
      status,
      done: count("done"),
      failed,
      skipped: count("skipped"),
      durationMs: Math.max(0, this.endedAt - this.startedAt),
    });
    return status;
  }

  private ready(lane: LaneState): boolean {
    return this.planOf(lane).step.needs.every((n) => this.stepDone(n));
  }

  private planOf(lane: LaneState): PlannedLane {
    return this.plan.find((p) => p.id === lane.id) as PlannedLane;
  }

  /** Waiting lanes whose needed step failed (or was skipped) are skipped, with the reason. */
  private skipBlocked(): void {
    let changed = true;
    while (changed) {
      changed = false;
      for (const lane of this.lanes) {
        if (lane.status !== "waiting") continue;
        const blocker = this.planOf(lane)
          .step.needs.map((n) => this.stepFailed(n))
          .find((b) => b !== undefined);
        if (!blocker) continue;
        lane.status = "skipped";
        lane.message = `not run: ${blocker} did not finish`;
        this.emit({
          type: "workflow_step_end",
          run: this.id,
          step: lane.id,
          status: "skipped",
          message: lane.message,
        });
        changed = true;
      }
    }
  }

  private references(stepId: string): string {
    return outputReference(
      stepId,
      this.lanesOf(stepId).map((l) => ({
        laneId: l.id,
        path: l.output ?? "",
        bytes: l.bytes ?? 0,
        preview: l.preview ?? "",
      })),
    );
  }

  /** The lane's task (its prompt with placeholders filled) and its brief. */
  taskOf(lane: LaneState): { task: string; brief: LaneBrief[] } {
    const planned = this.planOf(lane);
    const task = fillPlaceholders(planned.step.prompt, {
      input: (name) => {
        const v = this.inputs[name];
        return Array.isArray(v) ? v.join(", ") : (v ?? "");
      },
      stepOutput: (id) => this.references(id),
      item: planned.item,
    });
    const brief: LaneBrief[] = [
      {
        source: "workflow:step",
        text:
          `You run step ${lane.id} of workflow "${this.workflow.name}" (run ${this.id}). ` +
          "Your final message is your report: it is saved to a file and handed, by its path, to the steps that need this one — make it complete on its own.",
      },
    ];
    const unreferenced = planned.step.needs.filter((n) => !planned.step.prompt.includes(`steps.${n}.output`));
    if (unreferenced.length > 0)
      brief.push({
        source: "workflow:results",
        text: `Results of the steps this one needs (read the files for the full text):\n${unreferenced.map((n) => this.references(n)).join("\n")}`,
      });
    return { task, brief };
  }

  private start(lane: LaneState): Promise<void> {
    const step = this.planOf(lane).step;
    const { task, brief } = this.taskOf(lane);
    let forked: ForkedSubagent;
    try {
      forked = this.host.lanes.fork({
        task,
        label: lane.id,
        group: `workflow:${this.id}`,
        brief,
        ...(step.agent ? { agent: step.agent } : {}),
        ...(step.cwd ? { cwd: step.cwd } : {}),
        ...(step.maxSteps ? { maxSteps: step.maxSteps } : {}),
        ...(step.maxSeconds ? { maxSeconds: step.maxSeconds } : {}),
        ...(step.maxTokens ? { maxTokens: step.maxTokens } : {}),
      });
    } catch (error) {
      lane.status = "error";
      lane.message = `could not start: ${(error as Error)?.message ?? String(error)}`;
      this.emit({
        type: "workflow_step_end",
        run: this.id,
        step: lane.id,
        status: "error",
        message: lane.message,
      });
      return Promise.resolve();
    }
    lane.status = "running";
    lane.agentLane = forked.id;
    this.emit({ type: "workflow_step_start", run: this.id, step: lane.id, agentLane: forked.id });
    return this.watch(lane, forked.id);
  }

  private async watch(lane: LaneState, agentLane: string): Promise<void> {
    const never = new AbortController().signal;
    let snapshot: ForkedSubagent;
    try {
      do snapshot = await this.host.lanes.report(agentLane, REPORT_WAIT_MS, never);
      while (snapshot.status === "running");
    } catch (error) {
      snapshot = {
        id: agentLane,
        task: "",
        status: "error",
        steps: 0,
        elapsedMs: 0,
        pendingMessages: 0,
        tokens: 0,
        report: `[lost track of the lane: ${(error as Error)?.message ?? String(error)}]`,
      };
    }
    const status = snapshot.status as Exclude<LaneStatus, "waiting" | "running" | "skipped">;
    const report = snapshot.report ?? "";
    lane.tokens = snapshot.tokens;
    lane.steps = snapshot.steps;
    try {
      const written = writeReport(this.folder, lane.id, report);
      lane.output = written.path;
      lane.bytes = written.bytes;
      lane.preview = preview(report);
      lane.status = status;
    } catch (error) {
      lane.status = "error";
      lane.message = `its report could not be saved: ${(error as Error)?.message ?? String(error)}`;
    }
    if (lane.status !== "done" && !lane.message) lane.message = `${status}: ${preview(report, 160)}`;
    this.emit({
      type: "workflow_step_end",
      run: this.id,
      step: lane.id,
      status: lane.status as "done" | "error" | "interrupted" | "budget",
      ...(lane.output ? { output: lane.output, bytes: lane.bytes ?? 0 } : {}),
      tokens: snapshot.tokens,
      ...(lane.message ? { message: lane.message } : {}),
    });
    this.wakeLoop?.();
  }
}
