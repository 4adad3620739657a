/**
 * Workflow files are workspace files, so untrusted: a link planted in `.picasso/workflows/` that
 * leads out of the workspace is refused, never read (its content could reach prompts or error
 * lines); a link inside the workspace, and a plain file, are read.
 */
import { mkdirSync, mkdtempSync, realpathSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { listWorkflows } from "./workflow-discovery.js";

const flow = (name: string, marker: string) => `name: ${name}\nsteps:\n  - id: ${marker}\n    prompt: hi\n`;

describe("finding workflows", () => {
  it("refuses a link that leads out of the workspace, and reads one that stays inside", () => {
    const base = realpathSync(mkdtempSync(join(tmpdir(), "picasso-wf-links-")));
    const ws = join(base, "ws");
    const dir = join(ws, ".picasso", "workflows");
    mkdirSync(dir, { recursive: true });
    mkdirSync(join(ws, "flows"));
    writeFileSync(join(base, "outside.yaml"), flow("evil", "SECRET-OUTSIDE-123"));
    writeFileSync(join(ws, "flows", "kept.yaml"), flow("kept", "inside-step"));
    writeFileSync(join(dir, "plain.yaml"), flow("plain", "plain-step"));
    symlinkSync(join(base, "outside.yaml"), join(dir, "evil.yaml"));
    symlinkSync(join(ws, "flows", "kept.yaml"), join(dir, "kept.yaml"));
    const listing = listWorkflows(ws);
    expect(listing.workflows.map((w) => w.name).sort()).toEqual(["kept", "plain"]);
    expect(listing.problems).toEqual([
      ".picasso/workflows/evil.yaml: a link to a file outside the workspace; workflows are read from the workspace only",
    ]);
    expect(JSON.stringify(listing)).not.toContain("SECRET-OUTSIDE");
  });
});
