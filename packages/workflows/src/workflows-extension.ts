/**
 * The workflows extension (docs/workflows.md): `.picasso/workflows/*.yaml` run as background step
 * lanes with dependencies, fan-out, results passed by file and resume.
 * - `registerTools`: the deferred `workflow` family (workflow-tools.ts), declared in `families`;
 * - `start(ctx)`: the session's lanes, log and wake (runs fork there, record their events there);
 * - `panel()`: the session's runs in `/context` (none before the first run);
 * - the `workflow` operation (`/workflow`): the runs' live state and the workflows there are;
 *   `/workflow run NAME k=v…` starts one, `/workflow resume RUN` resumes one, `/workflow RUN`
 *   shows one;
 * - `close()`: running runs are stopped and their ends recorded.
 * `workflows` (the handle) is what `picasso workflow run` drives: `findWorkflowsHandle` finds it
 * among a session's extensions.
 */
import type { ExtensionStartContext, PicassoExtension } from "@picasso/protocol";
import { WorkflowFileError } from "./workflow-file.js";
import { parseInputWords } from "./workflow-inputs.js";
import { WorkflowRuns } from "./workflow-runs.js";
import { listingText, loggedRunText, runsPanelRows, runText } from "./workflow-text.js";
import { WORKFLOW_FAMILY, workflowTools } from "./workflow-tools.js";

export const WORKFLOWS_EXTENSION = "workflows";

export interface WorkflowsExtension extends PicassoExtension {
  /** The session's runs: what the CLI's `picasso workflow run` drives. */
  workflows: WorkflowRuns;
}

export function createWorkflowsExtension(options: { workspaceRoot: string }): WorkflowsExtension {
  let session: ExtensionStartContext | undefined;
  const runs = new WorkflowRuns(options.workspaceRoot, () => session);
  const tools = workflowTools(runs);
  return {
    name: WORKFLOWS_EXTENSION,
    workflows: runs,
    families: [WORKFLOW_FAMILY],
    registerTools: () => tools,
    start(ctx) {
      session = ctx;
    },
    panel() {
      // Only once the session ran a workflow: an empty section would only add noise.
      if (runs.runs().length === 0) return undefined;
      return { id: WORKFLOWS_EXTENSION, title: "workflows", rows: runsPanelRows(runs.runs()) };
    },
    operations: [
      {
        name: "workflow",
        args: "[list | run NAME k=v… | resume RUN | RUN]",
        argChoices: ["list", "run", "resume"],
        summary: "workflow runs and their steps live; run or resume a workflow of .picasso/workflows/",
        run(args) {
          const words = args
            .trim()
            .split(/\s+/)
            .filter((w) => w !== "");
          try {
            if (words[0] === "run" || words[0] === "resume") {
              if (!session?.lanes) return { text: "workflows run only in a live session", tone: "warn" };
              const name = words[1];
              if (!name)
                return {
                  text: `/workflow ${words[0]} needs a ${words[0] === "run" ? "workflow name" : "run id"}`,
                  tone: "warn",
                };
              const logged = words[0] === "resume" ? runs.logged().get(name) : undefined;
              if (words[0] === "resume" && !logged)
                return { text: `no workflow run "${name}" in this session`, tone: "warn" };
              const run = runs.start(logged ? logged.workflow : name, {
                inputs: parseInputWords(words.slice(2)),
                ...(logged ? { resume: logged.run } : {}),
                notify: true,
              });
              return {
                text: `started run ${run.id}\n${runText(run)}`,
                title: `/workflow ${run.id}`,
                data: { run: run.id },
              };
            }
            if (words[0] && words[0] !== "list") {
              const run = runs.get(words[0]);
              if (run) return { text: runText(run), title: `/workflow ${run.id}` };
              const logged = runs.logged().get(words[0]);
              if (logged) return { text: loggedRunText(logged), title: `/workflow ${logged.run}` };
              return { text: `no workflow run "${words[0]}" in this session`, tone: "warn" };
            }
            const live = runs.runs();
            const earlier = [...runs.logged().values()].filter((r) => !runs.get(r.run));
            const sections = [
              `Workflows:\n${listingText(runs.list())}`,
              ...(earlier.length || live.length
                ? [`Runs:\n${[...earlier.map(loggedRunText), ...live.map(runText)].join("\n\n")}`]
                : []),
            ];
            return { text: sections.join("\n\n"), title: "/workflow" };
          } catch (error) {
            if (error instanceof WorkflowFileError) return { text: error.message, tone: "warn" };
            throw error;
          }
        },
      },
    ],
    async close() {
      await runs.stopAll();
    },
  };
}

/** The workflows extension among a session's extensions, if it is mounted. */
export function findWorkflowsHandle(extensions: readonly PicassoExtension[]): WorkflowRuns | undefined {
  const found = extensions.find((e) => e.name === WORKFLOWS_EXTENSION) as
    | Partial<WorkflowsExtension>
    | undefined;
  return found?.workflows instanceof WorkflowRuns ? found.workflows : undefined;
}
