import { noForkedSubagents, type ToolContext } from "@picasso/protocol";

/** A ToolContext for calling a gateway directly (no engine). */
export function toolContext(
  workspaceRoot: string,
  spillDir: string,
  signal = new AbortController().signal,
): ToolContext {
  return {
    workspaceRoot,
    cwd: workspaceRoot,
    sessionId: "test",
    lane: "main",
    signal,
    spillDir,
    files: { markRead() {}, wasRead: () => false },
    isOutsideAllowed: () => false,
    askUser: async () => "",
    runSubagent: async () => "",
    subagents: noForkedSubagents("no subagents in this test"),
  };
}

/** Waits for a condition, polling; fails after `ms`. */
export async function waitFor(check: () => boolean, ms = 10_000, what = "condition"): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
