/**
 * The session events of the extensions' tool families: workflow runs (packages/workflows), watches
 * (packages/watch), ralph loops (packages/loops) and agent teams (packages/teams). session-events.ts
 * places them in `EVENT_RULES`; their rows in docs/session-log.md say what each records.
 */
import { z } from "zod";
import { logged, Size } from "./event-variants.js";
import { SubagentStatusSchema } from "./subagent-status.js";

/** What a watch is (packages/watch): a pattern monitor or a scheduled prompt. */
export const WatchKindSchema = z.enum(["monitor", "schedule"]);

/** A workflow run and its steps (docs/workflows.md). */
export const WORKFLOW_EVENT_RULES = {
  /**
   * A workflow run started (packages/workflows, docs/workflows.md): its id, the workflow, the file
   * it came from (workspace-relative), its inputs and its step lanes (`test[2]` for a fan-out).
   * `resumed`: a resume of a run logged before; `kept` the lanes whose outputs it keeps.
   */
  workflow_start: logged({
    run: z.string(),
    workflow: z.string(),
    file: z.string(),
    inputs: z.record(z.string(), z.union([z.string(), z.array(z.string())])),
    steps: z.array(z.string()),
    resumed: z.boolean().optional(),
    kept: z.array(z.string()).optional(),
  }),
  /** A workflow step lane started: its background lane (`agent-N`, the envelope's lane stays `main`). */
  workflow_step_start: logged({ run: z.string(), step: z.string(), agentLane: z.string() }),
  /**
   * A workflow step lane ended. `output`: the file holding its report (absolute, under the
   * session's outputs folder), written before this event; `skipped`: a step it needs failed.
   */
  workflow_step_end: logged({
    run: z.string(),
    step: z.string(),
    status: z.enum(["done", "error", "interrupted", "budget", "skipped"]),
    output: z.string().optional(),
    bytes: Size.optional(),
    tokens: Size.optional(),
    message: z.string().optional(),
  }),
  /** A workflow run ended: `done` (every step), `failed` (a step failed or was skipped), `interrupted`. */
  workflow_end: logged({
    run: z.string(),
    status: z.enum(["done", "failed", "interrupted"]),
    done: Size,
    failed: Size,
    skipped: Size,
    durationMs: z.number().nonnegative(),
  }),
};

/** Watches, ralph loops and agent teams (docs/watch.md, docs/ralph.md, docs/teams.md). */
export const WATCH_LOOP_TEAM_EVENT_RULES = {
  /**
   * A watch was armed (packages/watch): a `monitor` following a file, a background job or a
   * terminal for a pattern, or a `schedule`d prompt. `what` says what it watches or when it is due.
   */
  watch_start: logged({
    kind: WatchKindSchema,
    id: z.string(),
    name: z.string().optional(),
    what: z.string(),
  }),
  /**
   * A watch ended: `matched` (a once monitor woke the session), `fired` (a scheduled prompt woke
   * it), `timeout`, `source_ended` (the process exited, the file is gone), `stopped` (by the
   * model, `monitor_stop`/`schedule_cancel`) or `closed` (the session ended).
   */
  watch_stop: logged({
    kind: WatchKindSchema,
    id: z.string(),
    reason: z.enum(["matched", "fired", "timeout", "source_ended", "stopped", "closed"]),
    /** How many notices it sent (matches for a monitor). */
    notices: Size,
  }),
  /**
   * A ralph loop started (packages/loops, docs/ralph.md): `loop` its id, the prompt every round
   * re-runs, what ends it (`until`: the check command exits 0, or a round calls `goal_done`), the
   * check command when one was given (cut to 1,000 characters) and its budgets.
   */
  ralph_loop_start: logged({
    loop: z.string(),
    prompt: z.string(),
    until: z.enum(["check", "goal_done"]),
    checkCommand: z.string().optional(),
    maxRounds: z.number().int().positive(),
    maxSteps: z.number().int().positive().optional(),
    maxSeconds: z.number().int().positive().optional(),
  }),
  /** A round of a ralph loop started: its lane (`subagent`, a background lane of group `ralph:<loop>`). */
  ralph_round_start: logged({ loop: z.string(), round: z.number().int().positive(), subagent: z.string() }),
  /**
   * A round of a ralph loop ended: how its lane stopped, whether it called `goal_done` or
   * `goal_blocked` (`goal`), and the check's result when one ran (`passed`: exit code 0; `tail`:
   * the last 2,000 characters of its output, which the next round's carry quotes).
   */
  ralph_round_end: logged({
    loop: z.string(),
    round: z.number().int().positive(),
    subagent: z.string(),
    status: SubagentStatusSchema,
    goal: z.enum(["done", "blocked"]).optional(),
    check: z
      .strictObject({
        passed: z.boolean(),
        exitCode: z.number().int().nullable(),
        /** It did not finish: out of time, interrupted, refused by the sandbox or not started. */
        ended: z.enum(["timeout", "interrupt", "refused", "not_started"]).optional(),
        tail: z.string(),
        durationMs: z.number().nonnegative(),
      })
      .optional(),
  }),
  /** A ralph loop ended: why, after how many rounds (`message`: the blocker, the error). */
  ralph_loop_end: logged({
    loop: z.string(),
    reason: z.enum(["check_passed", "goal_done", "blocked", "max_rounds", "max_seconds", "stopped", "error"]),
    rounds: Size,
    message: z.string().optional(),
  }),
  /**
   * A team started (packages/teams, docs/teams.md): its name, its members — each a background lane
   * (`lane`), its role (an agent definition's name, or the first words of its inline brief) and its
   * task — the JSON Schema its members report results against, and the board's first tasks.
   */
  team_start: logged({
    team: z.string(),
    members: z.array(
      z.strictObject({
        name: z.string(),
        lane: z.string(),
        role: z.string(),
        agent: z.string().optional(),
        task: z.string(),
      }),
    ),
    resultSchema: z.record(z.string(), z.unknown()).optional(),
  }),
  /** A team message: from a member or `lead`, to a member, `lead` or `all` (cut to 8 KB). */
  team_message: logged({ team: z.string(), from: z.string(), to: z.string(), text: z.string() }),
  /**
   * A change on a team's task board: a task added, claimed, updated or done, by whom (a member or
   * `lead`), and the task's state after it: its status, owner and note. The board folds from these.
   */
  team_task: logged({
    team: z.string(),
    action: z.enum(["add", "claim", "update", "done"]),
    id: z.string(),
    by: z.string(),
    title: z.string().optional(),
    status: z.enum(["open", "claimed", "blocked", "done"]),
    owner: z.string().optional(),
    note: z.string().optional(),
  }),
  /**
   * A member's structured result (`structured_output`) against the team's schema: `valid` (with
   * the result), `invalid` (a result that failed the schema, with the problems) or `missing` (it
   * stopped without a valid one after being asked once).
   */
  team_result: logged({
    team: z.string(),
    member: z.string(),
    status: z.enum(["valid", "invalid", "missing"]),
    result: z.unknown().optional(),
    problems: z.array(z.string()).optional(),
  }),
};
