/**
 * `session_query` (family `session`, deferred): search this workspace's past sessions — prompts,
 * answers, tools run, files touched — and return compact hits; or show one session's turns, or
 * one turn in full. Reads the JSONL logs (session-digest.ts). Effect `read`.
 *
 * - `query`: turns scored by how often the query's words occur (the prompt counts double), best
 *   first, at most `max_results` (default 8): `<session> turn N (date): "prompt" → answer [tools] [files]`;
 * - `session_id` (a prefix is enough): that session's turns, one line each; with `turn`, that turn
 *   in full (prompt, every assistant text, every tool call), at most 8 KB;
 * - neither: the 10 most recent sessions with their first prompt.
 */
import type { ToolContext, ToolOutput } from "@picasso/protocol";
import { defineTool, toolError } from "../define-tool.js";
import { optionalInteger, optionalString } from "../tool-input.js";
import { projectSessions, type SessionDigest, type TurnDigest } from "./session-digest.js";

const SHOW_MAX_CHARS = 8000;
const STOP = new Set(
  "a an and are as at be by do does did for from how i in is it of on or our the this to was we what when where which who why with you".split(
    " ",
  ),
);

const clip = (s: string, max: number) => {
  const flat = s.replace(/\s+/g, " ").trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
};
const day = (ts: string) => ts.slice(0, 16).replace("T", " ");

function terms(query: string): string[] {
  return [
    ...new Set(
      query
        .toLowerCase()
        .split(/[^\p{L}\p{N}_./-]+/u)
        .filter((w) => w.length > 1 && !STOP.has(w)),
    ),
  ];
}

function count(haystack: string, term: string): number {
  let n = 0;
  for (let at = haystack.indexOf(term); at >= 0; at = haystack.indexOf(term, at + term.length)) n++;
  return n;
}

function hitLine(s: SessionDigest, t: TurnDigest, current: string): string {
  const parts = [
    `${s.id}${s.id === current ? " (this session)" : ""} turn ${t.turn} (${day(s.startedAt)}): "${clip(t.prompt, 160)}"`,
  ];
  if (t.answer) parts.push(`→ ${clip(t.answer, 200)}`);
  if (t.tools.length) parts.push(`[tools: ${t.tools.join(", ")}]`);
  if (t.files.length)
    parts.push(`[files: ${t.files.slice(0, 8).join(", ")}${t.files.length > 8 ? ", …" : ""}]`);
  return parts.join(" ");
}

function showTurn(s: SessionDigest, t: TurnDigest): string {
  const lines = [`${s.id} turn ${t.turn} (${day(s.startedAt)})`, `User: ${t.prompt}`];
  for (const text of t.texts) lines.push(`Assistant: ${text}`);
  if (t.calls.length) lines.push(`Tools: ${t.calls.join("; ")}`);
  const out = lines.join("\n");
  return out.length > SHOW_MAX_CHARS
    ? `${out.slice(0, SHOW_MAX_CHARS)}\n[… cut at ${SHOW_MAX_CHARS} characters]`
    : out;
}

export function createSessionQueryTool(sessionsDir: () => string | undefined) {
  return defineTool({
    name: "session_query",
    description:
      "Search this project's past sessions (conversations): what was asked, answered and decided, which tools ran and which files they touched; " +
      "or open one session's transcript (session_id) or one turn of it (session_id and turn).",
    properties: {
      query: { type: "string", description: "Words to look for." },
      session_id: { type: "string", description: "A session id (a prefix is enough)." },
      turn: { type: "integer", minimum: 0 },
      max_results: { type: "integer", minimum: 1, maximum: 50, description: "Default 8." },
    },
    required: [],
    effect: "read",
    family: "session",
    what: "Searches this project's past sessions, or opens one session's transcript.",
    when: "Recall what an earlier session asked, decided or changed.",
    async run(input: Record<string, unknown>, ctx: ToolContext): Promise<ToolOutput> {
      const dir = sessionsDir();
      if (!dir) return toolError("Past sessions are not available here (no session folder).");
      const query = optionalString(input, "query")?.trim();
      const wanted = optionalString(input, "session_id")?.trim();
      const turn = optionalInteger(input, "turn", 0, 1_000_000);
      const limit = optionalInteger(input, "max_results", 1, 50) ?? 8;
      const sessions = await projectSessions(dir);
      if (sessions.length === 0) return { content: "No sessions recorded for this project yet." };

      if (wanted) {
        const matches = sessions.filter((s) => s.id.startsWith(wanted));
        if (matches.length !== 1)
          return toolError(
            matches.length === 0
              ? `No session ${wanted}; recent: ${sessions
                  .slice(0, 5)
                  .map((s) => s.id)
                  .join(", ")}.`
              : `${matches.length} sessions start with ${wanted}: ${matches
                  .slice(0, 5)
                  .map((s) => s.id)
                  .join(", ")}; give more of the id.`,
          );
        const s = matches[0]!;
        if (turn !== undefined) {
          const t = s.turns.find((x) => x.turn === turn);
          if (!t)
            return toolError(
              `Session ${s.id} has no turn ${turn} (turns ${s.turns.map((x) => x.turn).join(", ")}).`,
            );
          return { content: showTurn(s, t) };
        }
        return {
          content: [
            `${s.id}: ${s.turns.length} turns, ${day(s.startedAt)} – ${day(s.endedAt)}`,
            ...s.turns.map((t) => hitLine(s, t, ctx.sessionId)),
          ].join("\n"),
        };
      }

      if (!query) {
        const recent = sessions
          .slice(0, 10)
          .map(
            (s) =>
              `${s.id}${s.id === ctx.sessionId ? " (this session)" : ""}  ${day(s.startedAt)}  ${s.turns.length} turns  "${clip(s.turns[0]?.prompt ?? "", 120)}"`,
          );
        return { content: recent.join("\n") };
      }
      const words = terms(query);
      if (words.length === 0) return toolError("The query has no words to search for.");
      const scored = sessions.flatMap((s) =>
        s.turns.map((t) => {
          const prompt = t.prompt.toLowerCase();
          const rest = [t.answer, ...t.texts, ...t.tools, ...t.files, ...t.calls].join("\n").toLowerCase();
          const score = words.reduce((n, w) => n + 2 * count(prompt, w) + count(rest, w), 0);
          const covered = words.filter((w) => prompt.includes(w) || rest.includes(w)).length;
          return { s, t, score: score + 10 * covered };
        }),
      );
      const hits = scored
        .filter((h) => h.score > 0)
        .sort((a, b) => b.score - a.score || (a.s.endedAt < b.s.endedAt ? 1 : -1));
      if (hits.length === 0)
        return {
          content: `No past turn mentions ${words.join(", ")} (searched ${sessions.length} sessions).`,
        };
      const lines = hits.slice(0, limit).map((h) => hitLine(h.s, h.t, ctx.sessionId));
      if (hits.length > limit)
        lines.push(`${hits.length - limit} more turns match; narrow the query or raise max_results.`);
      lines.push("Open one with session_id and turn.");
      return { content: lines.join("\n") };
    },
  });
}
