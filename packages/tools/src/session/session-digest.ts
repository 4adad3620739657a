/**
 * Past sessions as compact turn digests, read from their JSONL logs (the source of truth): per
 * turn of the main lane, the user's prompt, the assistant's text, the tools it ran and the files
 * those tools named. Digests are cached per log file by size and modification time (a lazy
 * index that a newer log simply replaces), so repeated queries do not re-read unchanged logs.
 */
import { readdir, stat } from "node:fs/promises";
import { join } from "node:path";
import { type LogEvent, readLogFileAll } from "@picasso/protocol";

export interface TurnDigest {
  turn: number;
  prompt: string;
  answer: string;
  tools: string[];
  files: string[];
  /** Every assistant text of the turn, in order (the `show` view). */
  texts: string[];
  /** Each tool call: name and what it touched, in order. */
  calls: string[];
}

export interface SessionDigest {
  id: string;
  path: string;
  startedAt: string;
  endedAt: string;
  turns: TurnDigest[];
}

const cache = new Map<string, { key: string; digest: SessionDigest }>();

const FILE_FIELDS = ["path", "file", "notebook_path"];

/** What a call touched: the file it named, and "<tool> <file, command or pattern>" in a few words. */
export function touched(name: string, input: Record<string, unknown>): { file?: string; what: string } {
  // A gateway call names the tool it ran.
  if (name === "tool_call" && typeof input.name === "string") {
    const inner =
      input.arguments && typeof input.arguments === "object"
        ? (input.arguments as Record<string, unknown>)
        : {};
    return touched(input.name, inner);
  }
  const field = FILE_FIELDS.find((f) => typeof input[f] === "string");
  const file = field ? String(input[field]) : undefined;
  const detail =
    file ??
    (typeof input.command === "string"
      ? input.command
      : typeof input.pattern === "string"
        ? input.pattern
        : "");
  return { ...(file ? { file } : {}), what: detail ? `${name} ${detail.slice(0, 120)}` : name };
}

export function digestEvents(id: string, path: string, events: LogEvent[]): SessionDigest {
  const turns = new Map<number, TurnDigest>();
  const turnOf = (n: number) => {
    let t = turns.get(n);
    if (!t) {
      t = { turn: n, prompt: "", answer: "", tools: [], files: [], texts: [], calls: [] };
      turns.set(n, t);
    }
    return t;
  };
  for (const e of events) {
    if (e.lane !== "main") continue;
    if (e.type === "turn_start") turnOf(e.turn).prompt = e.input;
    else if (e.type === "message" && e.message.role === "assistant") {
      const t = turnOf(e.turn);
      for (const block of e.message.content) {
        if (block.type === "text" && block.text.trim()) {
          t.texts.push(block.text.trim());
          t.answer = block.text.trim();
        } else if (block.type === "tool_use") {
          const { file, what } = touched(block.name, block.input);
          const name =
            block.name === "tool_call" && typeof block.input.name === "string"
              ? block.input.name
              : block.name;
          if (!t.tools.includes(name)) t.tools.push(name);
          if (file && !t.files.includes(file)) t.files.push(file);
          t.calls.push(what);
        }
      }
    }
  }
  const stamps = events.map((e) => e.ts).filter(Boolean);
  return {
    id,
    path,
    startedAt: stamps[0] ?? "",
    endedAt: stamps[stamps.length - 1] ?? "",
    turns: [...turns.values()].filter((t) => t.turn > 0 || t.prompt).sort((a, b) => a.turn - b.turn),
  };
}

/** Every session log of the project, newest first, as digests. */
export async function projectSessions(dir: string): Promise<SessionDigest[]> {
  const names = await readdir(dir).catch(() => [] as string[]);
  const digests: SessionDigest[] = [];
  for (const name of names.filter((n) => n.endsWith(".jsonl"))) {
    const path = join(dir, name);
    const info = await stat(path).catch(() => undefined);
    if (!info) continue;
    const key = `${info.size}:${info.mtimeMs}`;
    const hit = cache.get(path);
    if (hit?.key === key) {
      digests.push(hit.digest);
      continue;
    }
    const { events } = await readLogFileAll(path).catch(() => ({ events: [] as LogEvent[] }));
    const digest = digestEvents(name.slice(0, -".jsonl".length), path, events);
    cache.set(path, { key, digest });
    digests.push(digest);
  }
  return digests.sort((a, b) =>
    a.endedAt < b.endedAt ? 1 : a.endedAt > b.endedAt ? -1 : a.id < b.id ? 1 : -1,
  );
}
