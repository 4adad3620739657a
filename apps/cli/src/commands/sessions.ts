/**
 * `picasso sessions [--json]`: the sessions of this workspace, most recent first — id, when the
 * log was last written, turns, and the first prompt — so `--resume <id>` has something to pick.
 * Reads only each log's events (no engine, no model call); a damaged line is skipped.
 */
import { defaultPicassoHome, listSessions } from "@picasso/engine";
import { readLogFile } from "@picasso/protocol";
import { findWorkspaceRoot } from "@picasso/workspace";
import type { Command } from "commander";

export interface SessionSummary {
  id: string;
  updated: string;
  turns: number;
  firstPrompt: string;
  path: string;
}

export async function summariseSessions(
  picassoHome: string,
  workspaceRoot: string,
): Promise<SessionSummary[]> {
  const out: SessionSummary[] = [];
  for (const file of listSessions(picassoHome, workspaceRoot)) {
    let turns = 0;
    let firstPrompt = "";
    for await (const line of readLogFile(file.path)) {
      if (line.kind !== "event" || line.event.type !== "turn_start") continue;
      turns = Math.max(turns, line.event.turn);
      if (!firstPrompt) firstPrompt = line.event.input;
    }
    out.push({
      id: file.id,
      updated: new Date(file.mtimeMs).toISOString(),
      turns,
      firstPrompt,
      path: file.path,
    });
  }
  return out;
}

export function register(program: Command): void {
  program
    .command("sessions")
    .description("list this workspace's sessions, most recent first (for --resume <id>)")
    .option("--json", "print JSON")
    .action(async (flags: { json?: boolean }) => {
      const sessions = await summariseSessions(defaultPicassoHome(), findWorkspaceRoot(process.cwd()));
      if (flags.json) {
        process.stdout.write(`${JSON.stringify(sessions)}\n`);
        return;
      }
      if (sessions.length === 0) {
        process.stdout.write("no sessions in this workspace yet\n");
        return;
      }
      for (const s of sessions) {
        const prompt = s.firstPrompt.replace(/\s+/g, " ");
        const shown = prompt.length > 60 ? `${prompt.slice(0, 59)}…` : prompt;
        process.stdout.write(
          `${s.id}  ${s.updated.slice(0, 16).replace("T", " ")}  ${s.turns} turn(s)  ${shown}\n`,
        );
      }
    });
}
