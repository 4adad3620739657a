/**
 * Which session holds a workflow run, for `picasso workflow run NAME --resume [RUN]`: the logs of
 * the project's sessions folder, newest first, are searched for the run (`RUN` given) or for the
 * newest run of `NAME` that did not finish (`RUN` left out). The session is then resumed, and the
 * run resumed in it.
 */
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { readLoggedRuns } from "./workflow-log.js";

export function findRunInLogs(
  sessionsDir: string,
  workflow: string,
  run: string | undefined,
): { sessionId: string; run: string } | undefined {
  let logs: string[];
  try {
    logs = readdirSync(sessionsDir)
      .filter((f) => f.endsWith(".jsonl"))
      .sort()
      .reverse();
  } catch {
    return undefined;
  }
  for (const file of logs) {
    const runs = [...readLoggedRuns(join(sessionsDir, file)).values()].sort((a, b) => b.seq - a.seq);
    const found = run
      ? runs.find((r) => r.run === run)
      : runs.find((r) => r.workflow === workflow && r.end?.status !== "done");
    if (found) return { sessionId: file.slice(0, -".jsonl".length), run: found.run };
  }
  return undefined;
}
