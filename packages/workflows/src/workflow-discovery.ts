/**
 * Finding a workspace's workflows: `.picasso/workflows/<name>.yaml` (or `.yml`), not hidden, not
 * in sub-folders, read FIFO-safe and bounded, never through a link that leads out of the
 * workspace (workspace files are untrusted). Listing reports a
 * broken file as a line naming it and its first mistake, so one bad file never hides the others;
 * loading by name throws that mistake (`WorkflowFileError`).
 */
import { readdirSync } from "node:fs";
import { join, relative, sep } from "node:path";
import { readBoundedFile, realPathOrResolved } from "@picasso/workspace";
import {
  parseWorkflowFile,
  WORKFLOW_LIMITS,
  type WorkflowDefinition,
  WorkflowFileError,
} from "./workflow-file.js";

export function workflowsDir(workspaceRoot: string): string {
  return join(workspaceRoot, ".picasso", "workflows");
}

export interface WorkflowListing {
  workflows: WorkflowDefinition[];
  /** One line per file that could not be used. */
  problems: string[];
}

function workflowFiles(dir: string): { stem: string; file: string }[] {
  let names: string[];
  try {
    names = readdirSync(dir, { withFileTypes: true })
      .filter((d) => !d.name.startsWith(".") && (d.isFile() || d.isSymbolicLink()))
      .map((d) => d.name)
      .sort();
  } catch {
    return [];
  }
  const out: { stem: string; file: string }[] = [];
  for (const name of names) {
    const m = /^(.+)\.(yaml|yml)$/.exec(name);
    if (m) out.push({ stem: m[1] as string, file: name });
  }
  return out;
}

function loadFile(workspaceRoot: string, entry: { stem: string; file: string }): WorkflowDefinition {
  const shown = `.picasso/workflows/${entry.file}`;
  const path = join(workflowsDir(workspaceRoot), entry.file);
  // A planted symlink must not read a file outside the workspace into prompts or error lines.
  const inside = relative(realPathOrResolved(workspaceRoot), realPathOrResolved(path));
  if (inside.startsWith(`..${sep}`) || inside === ".." || inside.startsWith(sep))
    throw new WorkflowFileError(
      `${shown}: a link to a file outside the workspace; workflows are read from the workspace only`,
    );
  const read = readBoundedFile(path, WORKFLOW_LIMITS.fileBytes + 1);
  if (read.kind === "missing") throw new WorkflowFileError(`${shown}: no such file`);
  if (read.kind === "not-a-file") throw new WorkflowFileError(`${shown}: ${read.what}, not a file`);
  if (read.kind === "unreadable") throw new WorkflowFileError(`${shown}: cannot be read (${read.code})`);
  if (read.truncated || read.size > WORKFLOW_LIMITS.fileBytes)
    throw new WorkflowFileError(
      `${shown}: larger than ${WORKFLOW_LIMITS.fileBytes / 1024} KiB; split the workflow`,
    );
  return parseWorkflowFile(read.bytes.toString("utf8"), shown, entry.stem);
}

export function listWorkflows(workspaceRoot: string): WorkflowListing {
  const workflows: WorkflowDefinition[] = [];
  const problems: string[] = [];
  const seen = new Set<string>();
  for (const entry of workflowFiles(workflowsDir(workspaceRoot))) {
    if (seen.has(entry.stem)) {
      problems.push(
        `.picasso/workflows/${entry.file}: a workflow "${entry.stem}" is defined twice (.yaml and .yml); the first is used`,
      );
      continue;
    }
    seen.add(entry.stem);
    try {
      workflows.push(loadFile(workspaceRoot, entry));
    } catch (error) {
      if (!(error instanceof WorkflowFileError)) throw error;
      problems.push(error.message);
    }
  }
  return { workflows, problems };
}

/** The workflow `name`, checked in full; throws a one-line `WorkflowFileError`. */
export function loadWorkflow(workspaceRoot: string, name: string): WorkflowDefinition {
  const entries = workflowFiles(workflowsDir(workspaceRoot));
  const entry = entries.find((e) => e.stem === name);
  if (!entry)
    throw new WorkflowFileError(
      `no workflow "${name}" in .picasso/workflows/ (${entries.length ? `found: ${entries.map((e) => e.stem).join(", ")}` : "none there; docs/workflows.md shows the format"})`,
    );
  return loadFile(workspaceRoot, entry);
}
