/**
 * The other sessions of a workspace as `/resume` offers them: newest first, at most 20, each with
 * when its log was last written and its title (its first prompt, session-title.ts), as lines of
 * text and as choices to pick from.
 */
import { listSessions, type SessionFile } from "@picasso/engine";
import type { PickChoice } from "@picasso/engine/context";
import { sessionTitle } from "./session-title.js";

export const MAX_SESSION_CHOICES = 20;

export interface SessionChoice {
  id: string;
  /** When the log was last written (ISO). */
  updated: string;
  /** The first prompt, on one line; undefined before the first turn. */
  title: string | undefined;
}

/** Every session of the workspace but `currentId`, most recently written first. */
export function otherSessions(
  place: { picassoHome: string; workspaceRoot: string },
  currentId: string,
): SessionFile[] {
  return listSessions(place.picassoHome, place.workspaceRoot).filter((s) => s.id !== currentId);
}

/** The newest of `sessions` with their titles (only their logs are read). */
export function describeSessions(sessions: readonly SessionFile[]): SessionChoice[] {
  return sessions
    .slice(0, MAX_SESSION_CHOICES)
    .map((s) => ({ id: s.id, updated: new Date(s.mtimeMs).toISOString(), title: sessionTitle(s.path) }));
}

/** `2026-12-01 09:30  fix the flaky test  <id>` (local time). */
export function sessionLine(session: SessionChoice): string {
  return `${when(Date.parse(session.updated))}  ${session.title ?? "(no prompt yet)"}  ${session.id}`;
}

export function sessionChoices(sessions: readonly SessionChoice[]): PickChoice[] {
  return sessions.map((s) => ({ label: sessionLine(s), value: s.id }));
}

function when(ms: number): string {
  const d = new Date(ms);
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}`;
}
