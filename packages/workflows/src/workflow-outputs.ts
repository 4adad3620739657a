/**
 * Where step reports live, and how a later step is pointed at them. Each lane's report is saved
 * to `<sessions>/<session>/outputs/workflows/<run>/<lane>.md` — inside the session's outputs
 * folder, the one folder outside the workspace the `read` tool may always read (the spill folder
 * of truncated tool results) — written atomically (a temporary file renamed over), so a crash
 * leaves either the whole report or none. A dependent step's prompt gets the path and a short
 * preview (`outputReference`), never the whole text: results are passed by reference.
 */
import { mkdirSync, renameSync, statSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";

/** Characters of a report shown in a reference's preview. */
export const PREVIEW_CHARS = 280;

/** The session's outputs folder, from its log path (`<sessions>/<id>.jsonl` → `<sessions>/<id>/outputs`). */
export function sessionOutputsFolder(logPath: string, sessionId: string): string {
  return join(dirname(logPath), sessionId, "outputs");
}

export function runOutputsFolder(outputsFolder: string, run: string): string {
  return join(outputsFolder, "workflows", run);
}

/** A lane id as a file name: `test[2]` → `test-2.md`. */
export function laneFileName(laneId: string): string {
  return `${laneId.replace(/\[(\d+)\]$/, "-$1").replace(/[^A-Za-z0-9_-]/g, "_")}.md`;
}

/** Writes a report whole or not at all; returns its path and size. */
export function writeReport(folder: string, laneId: string, report: string): { path: string; bytes: number } {
  mkdirSync(folder, { recursive: true });
  const path = join(folder, laneFileName(laneId));
  const temporary = `${path}.${process.pid}.tmp`;
  writeFileSync(temporary, report);
  renameSync(temporary, path);
  return { path, bytes: Buffer.byteLength(report) };
}

/** Whether a report file a log names is still there (a resume keeps only those). */
export function reportExists(path: string): boolean {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

export function preview(report: string, chars = PREVIEW_CHARS): string {
  const flat = report.replace(/\s+/g, " ").trim();
  return flat.length > chars ? `${flat.slice(0, chars)}…` : flat;
}

/** What a prompt holds in place of a step's output: its file(s) and a preview each. */
export function outputReference(
  stepId: string,
  lanes: readonly { laneId: string; path: string; bytes: number; preview: string }[],
): string {
  if (lanes.length === 0) return `[step "${stepId}" had nothing to run over: no output]`;
  const line = (l: (typeof lanes)[number]) =>
    `${l.laneId}: ${l.path} (${l.bytes} bytes) — begins: "${l.preview}"`;
  if (lanes.length === 1)
    return `[output of step "${stepId}" in ${lanes[0]!.path} (${lanes[0]!.bytes} bytes); read that file for the full text. It begins: "${lanes[0]!.preview}"]`;
  return `[outputs of step "${stepId}", one file per lane; read them for the full text:\n${lanes.map((l) => `- ${line(l)}`).join("\n")}\n]`;
}
