/**
 * Memory for people, as text: opening `$PICASSO_HOME/memory.db` for a workspace (the user's and
 * this project's scope), list and show lines — shared by `picasso memory` and the `memory`
 * operation (`/memory [list | search <q> | show <id> | rm <id>]`, core-operations.ts). The memory
 * settings (embedder, relevance floor) come from the CLI composition, as a session's do, so what
 * `add` and `import` write is embedded when an endpoint is configured. A database that cannot be
 * used or a bad field is a `UserError` (one line).
 */
import { loadComposition } from "@picasso/lean-context";
import {
  archive,
  describeWhy,
  formatMemoryId,
  gcLine,
  type Memory,
  MemoryInputError,
  MemoryService,
  MemoryStore,
  memoryDbProblem,
  openMemoryDb,
  parseMemoryId,
  planGc,
  type Remembered,
} from "@picasso/memory";
import { UserError } from "@picasso/protocol/basics";
import { memoryDbPath, memorySettings, workspaceMemoryScope } from "./session-memory.js";

/** Whose memory: the state folder holding memory.db and the workspace whose project scope is read. */
export interface MemoryPlace {
  picassoHome: string;
  workspaceRoot: string;
}

export interface OpenedMemory {
  service: MemoryService;
  store: MemoryStore;
}

/**
 * Runs `work` on this workspace's memory and closes it; field mistakes become `UserError`s. A
 * damaged, read-only (when writing), busy or otherwise unusable memory.db is one `UserError` line
 * (db-problem.ts of @picasso/memory), whether opening or a query finds it, and the file is left
 * exactly as it is (only a session moves a damaged file aside). A read-only file is read.
 */
export async function withMemory<T>(
  place: MemoryPlace,
  work: (m: OpenedMemory) => T | Promise<T>,
): Promise<T> {
  const path = memoryDbPath(place.picassoHome);
  const settings = memorySettings(
    loadComposition({ surface: "cli", picassoHome: place.picassoHome, workspaceRoot: place.workspaceRoot }),
  );
  const opened = openMemoryDb(path, { damaged: "leave" });
  if (!opened.db) throw new UserError(opened.problem);
  const projectScope = workspaceMemoryScope(place.workspaceRoot);
  try {
    const store = new MemoryStore(opened.db, path);
    return await work({ service: new MemoryService(store, { projectScope, ...settings }), store });
  } catch (error) {
    if (error instanceof MemoryInputError) throw new UserError(error.message);
    const problem = memoryDbProblem(path, error);
    if (problem) throw new UserError(problem);
    throw error;
  } finally {
    if (opened.db.open) opened.db.close();
  }
}

function oneLine(text: string, max: number): string {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

/** How a retired memory (governor) is marked: `[superseded by m12]`, `[archived]`, or nothing. */
function retiredMark(m: Memory): string {
  if (m.supersededBy !== undefined) return `  [superseded by ${formatMemoryId(m.supersededBy)}]`;
  return m.archivedAt !== undefined ? "  [archived]" : "";
}

export function listLine(m: Memory): string {
  return `${formatMemoryId(m.id).padEnd(6)} ${m.class.padEnd(10)} ${m.importance}  ${m.scope}  ${oneLine(m.title, 70)}${retiredMark(m)}`;
}

export function showText(m: Memory): string {
  const times = [
    `created ${new Date(m.createdAt).toISOString()}`,
    `updated ${new Date(m.updatedAt).toISOString()}`,
    ...(m.usedAt ? [`used ${new Date(m.usedAt).toISOString()}`] : []),
    ...(m.sourceSession ? [`from session ${m.sourceSession}`] : []),
    ...(m.supersededBy !== undefined
      ? [`superseded by ${formatMemoryId(m.supersededBy)} (not recalled)`]
      : []),
    ...(m.archivedAt !== undefined
      ? [`archived ${new Date(m.archivedAt).toISOString()} (not recalled)`]
      : []),
  ];
  return [
    `${formatMemoryId(m.id)} · ${m.class} · importance ${m.importance} · ${m.scope}`,
    `title: ${m.title}`,
    times.join(" · "),
    "",
    m.body,
  ].join("\n");
}

export function idArg(text: string): number {
  const id = parseMemoryId(text);
  if (id === undefined) throw new UserError(`memory id: "${text}" is not an id like m12`);
  return id;
}

export const EMPTY_MEMORY = "no memories yet (picasso memory add <title> <body>, or the remember tool)";

export async function listText(m: OpenedMemory, all = false): Promise<string> {
  const found = m.store.list(all ? { retired: true } : { scopes: m.service.scopes() });
  return found.length === 0 ? EMPTY_MEMORY : found.map(listLine).join("\n");
}

/**
 * The ranked matches of a query, one line each (`--explain`: each followed by its why); what the
 * search skipped (a damaged vector, an endpoint that failed) ends it as `note:` lines.
 */
export async function searchText(
  m: OpenedMemory,
  query: string,
  limit = 10,
  explain = false,
): Promise<string> {
  const { ranked, notes } = await m.service.search(query, undefined, limit);
  const found = new Map(m.store.getMany(ranked.map((r) => r.id)).map((x) => [x.id, x]));
  const lines = ranked.flatMap((r) => {
    const x = found.get(r.id);
    if (!x) return [];
    const line = `${r.score.toFixed(3)}  ${listLine(x)}`;
    return explain ? [line, `       why: ${describeWhy(r.why)}`] : [line];
  });
  if (lines.length === 0) lines.push(`no memory matches "${query}"`);
  return [...lines, ...notes.map((n) => `note: ${n}`)].join("\n");
}

export function showById(m: OpenedMemory, id: string): string {
  const found = m.store.get(idArg(id));
  if (!found) throw new UserError(`memory id: no memory ${id}`);
  return showText(found);
}

export function removeById(m: OpenedMemory, id: string): string {
  const n = idArg(id);
  if (!m.store.remove(n)) throw new UserError(`memory id: no memory ${id}`);
  return `removed ${formatMemoryId(n)}`;
}

/** `picasso memory add`'s answer: the id that holds the memory, and what the governor did. */
export function rememberedText(written: Remembered): string {
  const { memory: m, outcome, other } = written;
  const head = `${formatMemoryId(m.id)} (${m.class}, ${m.scope}): ${m.title}`;
  const retired =
    other && outcome !== "merged"
      ? `; supersedes ${formatMemoryId(other.id)} (kept, no longer recalled)`
      : "";
  if (outcome === "merged")
    return `already remembered as ${head} (the same fact; importance now ${m.importance})`;
  return `${outcome === "updated" ? "updated" : "remembered"} ${head}${retired}`;
}

/** `picasso memory gc [--dry-run] [--all]`: the plan (memory-gc.ts), applied unless a dry run. */
export function gcText(
  m: OpenedMemory,
  flags: { dryRun?: boolean; all?: boolean },
  now = Date.now(),
): string {
  const plan = planGc(m.store, now, flags.all ? undefined : m.service.scopes());
  if (plan.length === 0) return "nothing to archive";
  const lines = plan.map(gcLine);
  if (flags.dryRun) return [`would archive ${plan.length}:`, ...lines].join("\n");
  const { archived, cleared } = archive(m.store, plan, now);
  const notes = [
    ...(cleared.vectors + cleared.knnRows > 0
      ? [
          `vectors dropped: ${cleared.vectors} stored, ${cleared.knnRows} KNN rows (archived or removed memories)`,
        ]
      : []),
    ...(cleared.knnProblem ? [`note: ${cleared.knnProblem}`] : []),
  ];
  return [
    `archived ${archived} (kept in memory.db; picasso memory list --all shows them):`,
    ...lines,
    ...notes,
  ].join("\n");
}

/** The `memory` operation's arguments (`list`, `search <q>`, `show <id>`, `rm <id>`) answered as text. */
export async function memoryText(args: string, place: MemoryPlace): Promise<string> {
  const [word = "list", ...rest] = args.trim().split(/\s+/).filter(Boolean);
  const tail = rest.join(" ");
  return withMemory(place, async (m) => {
    switch (word) {
      case "list":
        return listText(m);
      case "search":
        if (!tail) throw new UserError("search: give a query, e.g. /memory search build tool");
        return searchText(m, tail);
      case "show":
        return showById(m, tail);
      case "rm":
        return removeById(m, tail);
      default:
        throw new UserError(`unknown subcommand "${word}"; try list, search <query>, show <id> or rm <id>`);
    }
  });
}
