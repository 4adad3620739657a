/**
 * Workflows and runs as text, for the model (the tools' answers), people (`/workflow`, the CLI)
 * and `/context`: the available workflows with their inputs, and a run's lanes with their state,
 * subagent lane, tokens and output file. A run this process did not start is shown as the
 * session log recorded it.
 */
import type { PanelRow } from "@picasso/protocol";
import type { WorkflowListing } from "./workflow-discovery.js";
import type { LoggedRun } from "./workflow-log.js";
import type { WorkflowRun } from "./workflow-run.js";

export function listingText(listing: WorkflowListing): string {
  const lines: string[] = [];
  if (listing.workflows.length === 0)
    lines.push("No workflows in .picasso/workflows/ (docs/workflows.md shows the format).");
  for (const w of listing.workflows) {
    const inputs = w.inputs
      .map((i) => `${i.name}${i.required ? "" : "?"}${i.type === "list" ? "[]" : ""}`)
      .join(", ");
    const fanOut = w.steps.filter((s) => s.forEach).length;
    lines.push(
      `- ${w.name}: ${w.description || "(no description)"} — ${w.steps.length} steps${fanOut ? ` (${fanOut} fan out)` : ""}; inputs: ${inputs || "none"}`,
    );
  }
  for (const p of listing.problems) lines.push(`! ${p}`);
  return lines.join("\n");
}

function tokens(n: number | undefined): string {
  if (n === undefined) return "";
  return n >= 1000 ? `${(n / 1000).toFixed(1)}k tokens` : `${n} tokens`;
}

export function runText(run: WorkflowRun): string {
  const elapsed = ((run.endedAt ?? Date.now()) - run.startedAt) / 1000;
  const head = `Run ${run.id} of "${run.workflow.name}": ${run.status} (${elapsed.toFixed(0)}s)`;
  const lines = run.lanes.map((l) =>
    [
      `- ${l.id}: ${l.status}${l.kept ? " (kept from before)" : ""}`,
      l.agentLane,
      tokens(l.tokens),
      l.output ? `→ ${l.output}` : "",
      l.message && l.status !== "done" ? `(${l.message})` : "",
    ]
      .filter((x) => x)
      .join("  "),
  );
  return [head, ...lines].join("\n");
}

export function loggedRunText(run: LoggedRun): string {
  const status = run.end?.status ?? "ended without a record (the process stopped); resume it";
  const lines = run.steps.map((id) => {
    const lane = run.lanes.get(id);
    return [
      `- ${id}: ${lane?.status ?? "not started"}`,
      tokens(lane?.tokens),
      lane?.output ? `→ ${lane.output}` : "",
    ]
      .filter((x) => x)
      .join("  ");
  });
  return [`Run ${run.run} of "${run.workflow}" (from the log): ${status}`, ...lines].join("\n");
}

export function runsPanelRows(runs: readonly WorkflowRun[]): PanelRow[] {
  return runs.flatMap((run) => {
    const done = run.lanes.filter((l) => l.status === "done").length;
    const row: PanelRow = {
      label: run.id,
      value: `${run.status}, ${done}/${run.lanes.length} steps done`,
      tone: run.status === "done" ? "ok" : run.status === "running" ? "normal" : "warn",
    };
    const lanes: PanelRow[] = run.lanes
      .filter((l) => l.status !== "done" || run.status !== "done")
      .map((l) => ({
        label: l.id,
        value: `${l.status}${l.agentLane ? ` (${l.agentLane})` : ""}`,
        level: 1 as const,
      }));
    return [row, ...lanes];
  });
}
