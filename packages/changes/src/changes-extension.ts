/**
 * The changes extension — what changed in the workspace during the session, for the user (nothing
 * of it reaches the model: no tool, no section, no fact line, so Tier 1 and history are untouched):
 * - `start`: the HEAD commit the session started on is remembered;
 * - `panel()`: the `workspace changes` section of `/context` — branch, commits since the start,
 *   uncommitted files with line figures;
 * - the `changes` operation: every changed file and the commits since the start; `offline` (no
 *   session: `picasso changes`), it shows the uncommitted changes against HEAD.
 * Git runs only through workspace's safe runner, read-only.
 */
import type { PicassoExtension } from "@picasso/protocol";
import { changesPanel, changesText } from "./changes-text.js";
import { workspaceChanges } from "./workspace-changes.js";

export const CHANGES_EXTENSION = "changes";

export function createChangesExtension(options: { workspaceRoot: string }): PicassoExtension {
  let startedAt: string | undefined;
  const read = () => workspaceChanges(options.workspaceRoot, startedAt);
  return {
    name: CHANGES_EXTENSION,
    start(ctx) {
      const changes = workspaceChanges(ctx.workspaceRoot);
      startedAt = changes.ok ? (changes.head ?? undefined) : undefined;
    },
    panel: () => changesPanel(read(), startedAt),
    operations: [
      {
        name: "changes",
        summary:
          "what changed in the workspace: uncommitted files with line counts, commits since the session started",
        offline: true,
        run() {
          const changes = read();
          return {
            text: changesText(changes),
            title: "workspace changes",
            ...(changes.ok ? { data: changes } : { tone: "warn" as const, data: { reason: changes.reason } }),
          };
        },
      },
    ],
  };
}
