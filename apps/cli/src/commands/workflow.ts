/**
 * `picasso workflow run NAME [--input k=v]… [--resume [RUN]] [--json]` and `picasso workflow list`
 * (docs/workflows.md). `run` opens a session with the usual wiring (provider, composition,
 * approvals as `picasso -p`: a tool that needs approval is denied unless `--allow` names it),
 * runs the workflow through the workflows extension on the session's lanes, prints one progress
 * line per step event on stderr and the steps' reports on stdout (or one JSON object with
 * `--json`). `--resume` resumes the session that holds the run (RUN, else the newest unfinished
 * run of NAME): the steps it finished are kept and only the rest run.
 * Exit codes: 0 every step done; 1 a step failed or was skipped; 130/143 interrupted (SIGINT /
 * SIGTERM; the run can be resumed); 2 a user mistake (a bad workflow file or input, no such run).
 */
import { readFileSync } from "node:fs";
import { allowListApprover, defaultPicassoHome, projectSessionsDir } from "@picasso/engine";
import { type SessionEventBody, UserError } from "@picasso/protocol";
import {
  findRunInLogs,
  findWorkflowsHandle,
  listingText,
  listWorkflows,
  parseInputWords,
  WorkflowFileError,
  type WorkflowRun,
} from "@picasso/workflows";
import { findWorkspaceRoot } from "@picasso/workspace";
import { type Command, Option } from "commander";
import { wireSession } from "../wiring.js";

interface RunFlags {
  input?: string[];
  resume?: string | boolean;
  json?: boolean;
  provider?: string;
  model?: string;
  mockScript?: string;
  mode?: string;
  allow?: string[];
  sandbox?: "off" | "on" | "auto";
  approveProjectConfig?: boolean;
}

export function register(program: Command): void {
  const workflow = program
    .command("workflow")
    .description("run the workflows of .picasso/workflows/ headless");
  workflow
    .command("list")
    .description("the workflows of this workspace, with their inputs")
    .option("--json", "one JSON object")
    .action((flags: { json?: boolean }) => {
      const listing = listWorkflows(findWorkspaceRoot(process.cwd()));
      if (flags.json) process.stdout.write(`${JSON.stringify(listing)}\n`);
      else process.stdout.write(`${listingText(listing)}\n`);
    });
  workflow
    .command("run <name>")
    .description("run a workflow: its steps as background lanes, their reports on stdout")
    .option("--input <k=v>", "an input value (a list input: comma-separated); repeatable", collect)
    .option(
      "--resume [run]",
      "resume RUN (default: the newest unfinished run of NAME): finished steps are kept",
    )
    .option("--json", "print one JSON object: the run, each step's status and output file")
    .option("--provider <name>", "model provider: anthropic, openai or mock")
    .option("--model <id>", "model id (default: the provider's)")
    .option("--mock-script <file>", "YAML script for --provider mock (see docs/mock-provider.md)")
    .addOption(new Option("--mode <mode>", "permission mode").choices(["default", "plan", "auto"]))
    .option("--allow <tool...>", "allow these tools without asking (e.g. --allow edit bash)")
    .addOption(
      new Option("--sandbox <mode>", "run commands in the bubblewrap sandbox: off, on or auto").choices([
        "off",
        "on",
        "auto",
      ]),
    )
    .option(
      "--approve-project-config",
      "use this project's .mcp.json, patch file and allow rules as they are now",
    )
    .action(async (name: string, flags: RunFlags) => {
      process.exitCode = await runWorkflow(name, flags);
    });
}

function collect(value: string, all: string[] = []): string[] {
  return [...all, value];
}

function userError(error: unknown): never {
  if (error instanceof WorkflowFileError) throw new UserError(error.message);
  throw error;
}

async function runWorkflow(name: string, flags: RunFlags): Promise<number> {
  let inputs: Record<string, string>;
  try {
    inputs = parseInputWords(flags.input ?? []);
  } catch (error) {
    userError(error);
  }
  const cwd = process.cwd();
  let resume: { sessionId: string; run: string } | undefined;
  if (flags.resume !== undefined) {
    const sessions = projectSessionsDir(defaultPicassoHome(process.env), findWorkspaceRoot(cwd));
    const wanted = typeof flags.resume === "string" ? flags.resume : undefined;
    resume = findRunInLogs(sessions, name, wanted);
    if (!resume)
      throw new UserError(
        wanted
          ? `--resume: no workflow run "${wanted}" in this workspace's sessions`
          : `--resume: no unfinished run of workflow "${name}" in this workspace's sessions`,
      );
  }
  const wired = await wireSession(
    {
      ...(flags.provider ? { provider: flags.provider } : {}),
      ...(flags.model ? { model: flags.model } : {}),
      ...(flags.mockScript ? { mockScript: flags.mockScript } : {}),
      ...(flags.mode ? { mode: flags.mode } : {}),
      ...(flags.sandbox ? { sandbox: flags.sandbox } : {}),
      ...(flags.approveProjectConfig ? { approveProjectConfig: true } : {}),
      ...(resume ? { resume: resume.sessionId } : {}),
    },
    { approver: allowListApprover(flags.allow ?? []), surfaceLabel: "workflow" },
  );
  for (const warning of wired.warnings()) process.stderr.write(`picasso: warning: ${warning}\n`);
  let run: WorkflowRun;
  try {
    const handle = findWorkflowsHandle(wired.extensions);
    if (!handle)
      throw new UserError("the composition does not mount the workflows extension (plugins: workflows)");
    run = handle.start(name, {
      inputs,
      ...(resume ? { resume: resume.run } : {}),
      onChange: (r, event) => progress(r, event),
    });
  } catch (error) {
    await wired.close("failed to start");
    userError(error);
  }
  let signalled: "SIGINT" | "SIGTERM" | undefined;
  const onSignal = (signal: "SIGINT" | "SIGTERM") => {
    signalled ??= signal;
    run.cancel();
  };
  process.on("SIGINT", onSignal);
  process.on("SIGTERM", onSignal);
  try {
    const status = await run.finished;
    await wired.close(status === "interrupted" ? "interrupted" : "workflow");
    if (flags.json) process.stdout.write(`${JSON.stringify(summary(run, wired.session.id))}\n`);
    else process.stdout.write(reports(run));
    if (status !== "done")
      process.stderr.write(
        `picasso: workflow run ${run.id} ${status}; resume with: picasso workflow run ${run.workflow.name} --resume ${run.id}\n`,
      );
    if (signalled === "SIGTERM") return 143;
    if (signalled === "SIGINT" || status === "interrupted") return 130;
    return status === "done" ? 0 : 1;
  } finally {
    process.off("SIGINT", onSignal);
    process.off("SIGTERM", onSignal);
  }
}

function progress(run: WorkflowRun, event: SessionEventBody): void {
  const line = (text: string) => process.stderr.write(`picasso: workflow ${run.id}: ${text}\n`);
  if (event.type === "workflow_start")
    line(
      `started "${event.workflow}" (${event.steps.length} steps${event.kept?.length ? `, kept from before: ${event.kept.join(", ")}` : ""})`,
    );
  else if (event.type === "workflow_step_start") line(`${event.step} started (${event.agentLane})`);
  else if (event.type === "workflow_step_end")
    line(
      `${event.step} ${event.status}${event.output ? ` → ${event.output}` : ""}${event.status !== "done" && event.message ? ` (${event.message})` : ""}`,
    );
  else if (event.type === "workflow_end")
    line(`${event.status}: ${event.done} done, ${event.failed} failed, ${event.skipped} skipped`);
}

function reportOf(path: string | undefined): string {
  if (!path) return "";
  try {
    return readFileSync(path, "utf8");
  } catch {
    return "";
  }
}

function reports(run: WorkflowRun): string {
  return run.lanes
    .filter((l) => l.output)
    .map((l) => `## ${l.id} (${l.status})\n\n${reportOf(l.output).trimEnd()}\n\n`)
    .join("");
}

function summary(run: WorkflowRun, sessionId: string) {
  return {
    type: "workflow_result",
    run: run.id,
    workflow: run.workflow.name,
    status: run.status,
    sessionId,
    steps: run.lanes.map((l) => ({
      id: l.id,
      status: l.status,
      ...(l.output ? { output: l.output, bytes: l.bytes } : {}),
      ...(l.tokens !== undefined ? { tokens: l.tokens } : {}),
      ...(l.kept ? { kept: true } : {}),
      ...(l.message ? { message: l.message } : {}),
    })),
  };
}
