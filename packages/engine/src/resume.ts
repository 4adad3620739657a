/**
 * Loading a session to resume it: the log is read (torn or corrupt lines are reported, never
 * fatal), its images' bytes are read back from the session's `images/` folder (image-store.ts),
 * and it is folded into state; a log whose last line was torn gets a newline first so the
 * events appended from now on start on a line of their own. `pendingToolUses` lists tool_use
 * blocks of the lane's last assistant message that never got results (the process died while
 * they ran): the session answers them "interrupted" before the next request. `pathsReadInHistory`
 * restores the read-before-write tracker from the history.
 */
import { appendFileSync, closeSync, openSync, readSync, statSync } from "node:fs";
import { type Message, readLogFileAll, type ToolUseBlock } from "@picasso/protocol";
import { restoreEventImages, sessionImagesDir } from "./image-store.js";
import { type FoldState, foldEvents } from "./log-fold.js";

export interface ResumeState {
  fold: FoldState;
  skippedLines: { line: number; reason: string; torn: boolean }[];
}

export async function loadSessionForResume(path: string): Promise<ResumeState> {
  const { events, skipped } = await readLogFileAll(path);
  ensureTrailingNewline(path);
  const images = sessionImagesDir(path);
  return {
    fold: foldEvents(events.map((event) => restoreEventImages(event, images))),
    skippedLines: skipped.map((s) => ({ line: s.line, reason: s.reason, torn: s.torn })),
  };
}

function ensureTrailingNewline(path: string): void {
  const size = statSync(path).size;
  if (size === 0) return;
  const fd = openSync(path, "r");
  const last = Buffer.alloc(1);
  try {
    readSync(fd, last, 0, 1, size - 1);
  } finally {
    closeSync(fd);
  }
  if (last[0] !== 0x0a) appendFileSync(path, "\n");
}

/**
 * Paths the model read successfully in this history (calls of the `read` tool whose result was
 * not an error), so a resumed session keeps the read-before-write state it had.
 */
export function pathsReadInHistory(messages: readonly Message[]): string[] {
  const paths: string[] = [];
  messages.forEach((message, i) => {
    if (message.role !== "assistant") return;
    // Results answer the calls of the message right before them (ids alone may repeat).
    const failed = new Set(
      (messages[i + 1]?.content ?? []).flatMap((b) =>
        b.type === "tool_result" && b.isError ? [b.toolUseId] : [],
      ),
    );
    const answered = new Set(
      (messages[i + 1]?.content ?? []).flatMap((b) => (b.type === "tool_result" ? [b.toolUseId] : [])),
    );
    for (const block of message.content)
      if (
        block.type === "tool_use" &&
        block.name === "read" &&
        typeof block.input.path === "string" &&
        answered.has(block.id) &&
        !failed.has(block.id)
      )
        paths.push(block.input.path);
  });
  return paths;
}

export function pendingToolUses(messages: readonly Message[]): ToolUseBlock[] {
  const last = messages[messages.length - 1];
  if (last?.role !== "assistant") return [];
  return last.content.filter((b): b is ToolUseBlock => b.type === "tool_use");
}
