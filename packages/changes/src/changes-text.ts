/**
 * The changes as people read them: the `/context` panel's rows (the branch, the figures, the first
 * files) and the `changes` operation's text (every file with its status and line figures, then the
 * commits made since the session started).
 */
import type { ContextPanel, PanelRow } from "@picasso/protocol";
import type { ChangedFile, WorkspaceChanges } from "./workspace-changes.js";

export const PANEL_FILES = 8;

export function lineFigures(file: ChangedFile): string {
  return file.added === null || file.removed === null ? "" : `+${file.added} −${file.removed}`;
}

function totals(files: readonly ChangedFile[]): string {
  const added = files.reduce((n, f) => n + (f.added ?? 0), 0);
  const removed = files.reduce((n, f) => n + (f.removed ?? 0), 0);
  return `${files.length} file${files.length === 1 ? "" : "s"} (+${added} −${removed})`;
}

export function changesPanel(changes: WorkspaceChanges, startedAt: string | undefined): ContextPanel {
  const title = "workspace changes";
  if (!changes.ok)
    return { id: "changes", title, rows: [{ label: "git", value: changes.reason, tone: "dim" }] };
  const rows: PanelRow[] = [
    { label: "branch", value: changes.branch ?? "detached HEAD or no commit yet" },
    { label: "session started at", value: startedAt ? startedAt.slice(0, 12) : "not recorded" },
    { label: "commits since", value: String(changes.commits.length) },
    { label: "uncommitted", value: changes.files.length === 0 ? "none" : totals(changes.files) },
    ...changes.files.slice(0, PANEL_FILES).map(
      (file): PanelRow => ({
        label: file.path,
        value: [file.status, lineFigures(file)].filter(Boolean).join(" "),
        level: 1,
      }),
    ),
  ];
  if (changes.files.length > PANEL_FILES)
    rows.push({
      label: "…",
      value: `${changes.files.length - PANEL_FILES} more: /changes lists them all`,
      level: 1,
      tone: "dim",
    });
  return { id: "changes", title, rows };
}

export function changesText(changes: WorkspaceChanges): string {
  if (!changes.ok) return `No changes to show: ${changes.reason}.`;
  const lines = [
    changes.files.length === 0
      ? "No uncommitted changes."
      : `Uncommitted: ${totals(changes.files)} against ${changes.head ? changes.head.slice(0, 12) : "an empty repository"}`,
    ...changes.files.map(
      (f) => `  ${f.status.padEnd(10)} ${f.path}${lineFigures(f) ? `  ${lineFigures(f)}` : ""}`,
    ),
  ];
  if (changes.commits.length > 0)
    lines.push(
      "",
      `Commits since the session started (${changes.commits.length}):`,
      ...changes.commits.map((c) => `  ${c.hash} ${c.subject}`),
    );
  return lines.join("\n");
}
