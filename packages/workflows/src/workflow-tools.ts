/**
 * The `workflow` family (deferred, catalog group `agents`): `workflow_run` starts a workflow of
 * `.picasso/workflows/` (or resumes a run) in the background and answers with its run id at once —
 * the lead is woken by a `workflow` notice when it ends; `workflow_status` follows a run (waiting
 * for it if asked) or lists the session's runs; `workflow_list` names the workflows there are and
 * their inputs. Effects: run `agent` (plan mode refuses it; each step's own tool calls still go
 * through permissions), status and list `read`. Mistakes come back as one line for the model.
 */
import {
  type ToolContext,
  type ToolDefinition,
  type ToolFamily,
  type ToolOutput,
  waitUntil,
} from "@picasso/protocol";
import { WorkflowFileError } from "./workflow-file.js";
import type { WorkflowRuns } from "./workflow-runs.js";
import { listingText, loggedRunText, runText } from "./workflow-text.js";

export const WORKFLOW_FAMILY: ToolFamily = {
  name: "workflow",
  group: "agents",
  when: "multi-step workflows",
  what: "Workflows: YAML files of steps with dependencies and fan-out, run as background subagent lanes whose reports are passed by file.",
  rules:
    "workflow_list names the workflows and their inputs; workflow_run starts one and returns at once — you are told when it ends, so go on with other work; workflow_status gives each step's state and output file (read the files you need, they are not inlined). A failed run resumes with workflow_run {name, resume: <run id>}: finished steps are not run again.",
};

/** Longest `workflow_status` wait, in seconds. */
export const MAX_STATUS_WAIT_SECONDS = 600;

type Run = (input: Record<string, unknown>, ctx: ToolContext) => Promise<ToolOutput>;

function guarded(name: string, run: Run): Run {
  return async (input, ctx) => {
    try {
      return await run(
        input !== null && typeof input === "object" && !Array.isArray(input) ? input : {},
        ctx,
      );
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      return {
        content: error instanceof WorkflowFileError ? `${name}: ${message}` : `${name} failed: ${message}`,
        isError: true,
      };
    }
  };
}

function schema(properties: Record<string, unknown>, required: string[]) {
  return { type: "object" as const, properties, required, additionalProperties: false };
}

export function workflowTools(runs: WorkflowRuns): ToolDefinition[] {
  const runTool: ToolDefinition = {
    spec: {
      name: "workflow_run",
      description:
        "Start a workflow of .picasso/workflows/ in the background and get its run id at once; you are told when it ends. " +
        "Its steps run as subagent lanes (independent ones in parallel) and each step's report is saved to a file. " +
        "resume: the id of a run that failed or was interrupted — its finished steps are kept, only the rest run.",
      inputSchema: schema(
        {
          name: { type: "string", description: "The workflow's name (workflow_list lists them)." },
          inputs: {
            type: "object",
            description: "Input values by name: text, or a list of text for a list input.",
            additionalProperties: {
              anyOf: [{ type: "string" }, { type: "array", items: { type: "string" } }],
            },
          },
          resume: { type: "string", description: "Resume this run id instead of starting a new run." },
        },
        ["name"],
      ),
    },
    effect: "agent",
    family: "workflow",
    what: "Starts a workflow, a procedure or checklist of steps run as background lanes (reports handed on by file); returns its run id.",
    when: "Run a procedure or checklist the workspace keeps as a workflow file, or resume a failed run.",
    run: guarded("workflow_run", async (input, ctx) => {
      const name = input.name;
      if (typeof name !== "string" || name.trim() === "") throw new WorkflowFileError('"name" is required');
      const given = input.inputs;
      if (given !== undefined && (given === null || typeof given !== "object" || Array.isArray(given)))
        throw new WorkflowFileError('"inputs" must be an object of input values');
      const resume = input.resume;
      if (resume !== undefined && typeof resume !== "string")
        throw new WorkflowFileError('"resume" must be a run id');
      const run = runs.start(name.trim(), {
        ...(given ? { inputs: given as Record<string, unknown> } : {}),
        ...(resume ? { resume } : {}),
        lanes: ctx.subagents,
        notify: true,
      });
      const kept = run.lanes.filter((l) => l.kept).length;
      return {
        content:
          `Started workflow run ${run.id} ("${run.workflow.name}", ${run.lanes.length} steps${kept ? `, ${kept} kept from before` : ""}) in the background. ` +
          `You will be told when it ends; workflow_status {"run": "${run.id}"} shows its progress and each step's output file.`,
        display: { kind: "text", text: runText(run) },
      };
    }),
  };

  const statusTool: ToolDefinition = {
    spec: {
      name: "workflow_status",
      description:
        "A workflow run's steps: state, subagent lane, tokens and output file (read the files you need). wait_seconds waits for the run to end first. Without run: the session's runs.",
      inputSchema: schema(
        {
          run: { type: "string", description: "The run id workflow_run returned." },
          wait_seconds: {
            type: "integer",
            minimum: 0,
            maximum: MAX_STATUS_WAIT_SECONDS,
            description: "Wait up to this long for the run to end. Default 0.",
          },
        },
        [],
      ),
    },
    effect: "read",
    family: "workflow",
    what: "Gives a workflow run's steps with their state and output files, or lists the session's runs.",
    when: "See which step of a run is running, which passed (done) or failed, or find the steps' output files.",
    run: guarded("workflow_status", async (input, ctx) => {
      const id = input.run;
      const wait = input.wait_seconds;
      if (id !== undefined && typeof id !== "string") throw new WorkflowFileError('"run" must be a run id');
      if (
        wait !== undefined &&
        (typeof wait !== "number" || !Number.isInteger(wait) || wait < 0 || wait > MAX_STATUS_WAIT_SECONDS)
      )
        throw new WorkflowFileError(
          `"wait_seconds" must be a whole number from 0 to ${MAX_STATUS_WAIT_SECONDS}`,
        );
      if (id === undefined) {
        const live = runs.runs();
        const logged = [...runs.logged().values()].filter((r) => !runs.get(r.run));
        if (live.length === 0 && logged.length === 0)
          return {
            content:
              "No workflow runs in this session (workflow_list names the workflows; workflow_run starts one).",
          };
        return {
          content: [...logged.map(loggedRunText), ...live.map(runText)].join("\n\n"),
        };
      }
      const run = runs.get(id);
      if (!run) {
        const logged = runs.logged().get(id);
        if (!logged)
          throw new WorkflowFileError(
            `no workflow run "${id}" in this session; workflow_status without run lists them`,
          );
        return { content: loggedRunText(logged) };
      }
      if (run.status === "running" && wait) await waitUntil(run.finished, wait * 1000, ctx.signal);
      return { content: runText(run) };
    }),
  };

  const listTool: ToolDefinition = {
    spec: {
      name: "workflow_list",
      description:
        "The workflows of .picasso/workflows/: name, description, steps and inputs (? optional, [] a list).",
      inputSchema: schema({}, []),
    },
    effect: "read",
    family: "workflow",
    what: "Lists the workspace's workflows with their descriptions and inputs.",
    when: "Find which workflow fits a task and what inputs it takes.",
    run: guarded("workflow_list", async () => ({ content: listingText(runs.list()) })),
  };

  return [runTool, statusTool, listTool];
}
