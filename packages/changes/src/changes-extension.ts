/**
 * The changes extension — what changed in the workspace during the session, for the user (nothing
 * of it reaches the model: no tool, no section, no fact line, so Tier 1 and history are untouched):
 * - `start`: the HEAD commit the session started on is read, in the background (git is two child
 *   processes) once the session is up — `READ_START_AFTER_MS` later, or at once when a tool call or
 *   the `changes` operation comes first. Every tool call waits for that answer (`beforeToolCall`,
 *   an opinion-less gate), so no command the model runs — a commit — can move HEAD before the start
 *   is known; the `changes` operation waits for it too, `close` stops it;
 * - `panel()`: the `workspace changes` section of `/context` — branch, commits since the start,
 *   uncommitted files with line figures (while the start is still being read, no tool has run, so
 *   the start is HEAD as it is now);
 * - the `changes` operation: every changed file and the commits since the start; `offline` (no
 *   session: `picasso changes`), it shows the uncommitted changes against HEAD.
 * Git runs only through workspace's safe runner, read-only.
 */
import type { PicassoExtension } from "@picasso/protocol";
import { runGit } from "@picasso/workspace";
import { changesPanel, changesText } from "./changes-text.js";
import { workspaceChanges } from "./workspace-changes.js";

export const CHANGES_EXTENSION = "changes";

/** How the start is read: the commit HEAD names in `root`, undefined without one. */
export type ReadHead = (root: string, signal: AbortSignal) => Promise<string | undefined>;

/** The bound of the start's read, as the synchronous git calls of a session start. */
const HEAD_TIMEOUT_MS = 5_000;
/** How long after the start its HEAD is read, unless something needs it sooner (off the way to ready). */
export const READ_START_AFTER_MS = 300;

export const readHead: ReadHead = async (root, signal) => {
  const head = await runGit(root, ["rev-parse", "--verify", "--quiet", "HEAD"], {
    signal,
    timeoutMs: HEAD_TIMEOUT_MS,
  });
  return head.ok ? head.stdout.trim() || undefined : undefined;
};

export interface ChangesExtensionOptions {
  workspaceRoot: string;
  /** How the session's start is read (default: git, through the safe runner). */
  readHead?: ReadHead;
}

export function createChangesExtension(options: ChangesExtensionOptions): PicassoExtension {
  let startedAt: string | undefined;
  /** The start's read: resolved once it is known (at once when no session started). */
  let startRead: Promise<void> = Promise.resolve();
  let reading = false;
  /** Begins the start's read now, if it is still waiting for its moment. */
  let readNow = () => {};
  const stop = new AbortController();
  const read = () => workspaceChanges(options.workspaceRoot, startedAt);
  const started = () => {
    readNow();
    return startRead;
  };
  return {
    name: CHANGES_EXTENSION,
    start(ctx) {
      reading = true;
      const moment = new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, READ_START_AFTER_MS);
        timer.unref();
        readNow = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      startRead = moment
        // Closed before its moment: nothing to read.
        .then(() =>
          stop.signal.aborted ? undefined : (options.readHead ?? readHead)(ctx.workspaceRoot, stop.signal),
        )
        .then(
          (head) => {
            startedAt = head;
          },
          () => undefined,
        )
        .finally(() => {
          reading = false;
        });
    },
    // No opinion on any call; each waits until the start is known.
    async beforeToolCall() {
      await started();
      return undefined;
    },
    panel: () => {
      const changes = read();
      // Still reading the start: no tool has run since, so HEAD now is the start.
      const at = reading && changes.ok ? (changes.head ?? undefined) : startedAt;
      return changesPanel(changes, at);
    },
    operations: [
      {
        name: "changes",
        summary:
          "what changed in the workspace: uncommitted files with line counts, commits since the session started",
        offline: true,
        async run() {
          await started();
          const changes = read();
          return {
            text: changesText(changes),
            title: "workspace changes",
            ...(changes.ok ? { data: changes } : { tone: "warn" as const, data: { reason: changes.reason } }),
          };
        },
      },
    ],
    async close() {
      stop.abort();
      await started();
    },
  };
}
