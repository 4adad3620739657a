/**
 * The sandbox check for a workspace (`picasso sandbox check`, the TUI's `/sandbox`): the settings
 * a session of this workspace would use (the composition's `sandbox.mode` and `sandbox.network`,
 * or the `--sandbox` override), checked by running real commands through the sandbox.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { loadComposition } from "@picasso/lean-context";
import { checkSandbox, type SandboxCheckReport, type SandboxMode } from "@picasso/tools";

export interface SandboxReportOptions {
  workspaceRoot: string;
  picassoHome: string;
  /** Overrides the composition's `sandbox.mode` (the CLI's `--sandbox`). */
  mode?: SandboxMode;
}

export async function workspaceSandboxReport(options: SandboxReportOptions): Promise<SandboxCheckReport> {
  const composition = loadComposition({
    surface: "cli",
    picassoHome: options.picassoHome,
    workspaceRoot: options.workspaceRoot,
  });
  const tempDir = mkdtempSync(join(tmpdir(), "picasso-sandbox-check-"));
  try {
    return await checkSandbox({
      settings: {
        mode: options.mode ?? composition.settings["sandbox.mode"],
        network: composition.settings["sandbox.network"],
      },
      workspaceRoot: options.workspaceRoot,
      picassoHome: options.picassoHome,
      tempDir,
    });
  } finally {
    rmSync(tempDir, { recursive: true, force: true });
  }
}
