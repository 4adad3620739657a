/**
 * `picasso memory list | add | show | rm | search <q> | export | import <file>`: the memories in
 * `$PICASSO_HOME/memory.db` (docs/memory.md), for people. `list` and `search` show the memories a
 * session of this workspace reads (the user's and this project's; `list --all` every scope);
 * `export` writes JSONL (stdout or `--out`), `import` reads it back (same title and scope:
 * updated or unchanged). A database that cannot be used, a bad field or an unknown id is one
 * line (`UserError`), never a stack trace.
 */

import { once } from "node:events";
import { createWriteStream, readFileSync } from "node:fs";
import { defaultPicassoHome } from "@picasso/engine";
import {
  exportJsonl,
  formatMemoryId,
  importJsonl,
  type Memory,
  MemoryInputError,
  MemoryService,
  MemoryStore,
  openMemoryDb,
  parseMemoryId,
} from "@picasso/memory";
import { UserError } from "@picasso/protocol/basics";
import { memoryDbPath, workspaceMemoryScope } from "@picasso/surface";
import { findWorkspaceRoot } from "@picasso/workspace";
import type { Command } from "commander";

interface Opened {
  service: MemoryService;
  store: MemoryStore;
}

function openForCli(cwd = process.cwd()): Opened {
  const path = memoryDbPath(defaultPicassoHome());
  const opened = openMemoryDb(path);
  if (!opened.db) throw new UserError(opened.problem);
  const store = new MemoryStore(opened.db, path);
  const service = new MemoryService(store, { projectScope: workspaceMemoryScope(findWorkspaceRoot(cwd)) });
  return { service, store };
}

async function withMemory<T>(run: (m: Opened) => T | Promise<T>): Promise<T> {
  const opened = openForCli();
  try {
    return await run(opened);
  } catch (error) {
    if (error instanceof MemoryInputError) throw new UserError(error.message);
    throw error;
  } finally {
    opened.store.close();
  }
}

function oneLine(text: string, max: number): string {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

export function listLine(m: Memory): string {
  return `${formatMemoryId(m.id).padEnd(6)} ${m.class.padEnd(10)} ${m.importance}  ${m.scope}  ${oneLine(m.title, 70)}`;
}

export function showText(m: Memory): string {
  return [
    `${formatMemoryId(m.id)} · ${m.class} · importance ${m.importance} · ${m.scope}`,
    `title: ${m.title}`,
    `created ${new Date(m.createdAt).toISOString()} · updated ${new Date(m.updatedAt).toISOString()}${m.usedAt ? ` · used ${new Date(m.usedAt).toISOString()}` : ""}${m.sourceSession ? ` · from session ${m.sourceSession}` : ""}`,
    "",
    m.body,
  ].join("\n");
}

function idArg(text: string): number {
  const id = parseMemoryId(text);
  if (id === undefined) throw new UserError(`memory id: "${text}" is not an id like m12`);
  return id;
}

function write(text: string): void {
  process.stdout.write(text.endsWith("\n") ? text : `${text}\n`);
}

export function register(program: Command): void {
  const memory = program
    .command("memory")
    .description("the memories in $PICASSO_HOME/memory.db: list, add, show, rm, search, export, import");

  memory
    .command("list")
    .description("memories this workspace's sessions read (user and project scope), newest first")
    .option("--all", "every scope, every project")
    .option("--json", "print JSON lines")
    .action((flags: { all?: boolean; json?: boolean }) =>
      withMemory(({ service, store }) => {
        const found = store.list(flags.all ? {} : { scopes: service.scopes() });
        if (flags.json) for (const m of found) write(JSON.stringify(m));
        else if (found.length === 0)
          write("no memories yet (picasso memory add <title> <body>, or the remember tool)");
        else for (const m of found) write(listLine(m));
      }),
    );

  memory
    .command("add <title> <body>")
    .description("remember something (default: class fact, this project, importance 3)")
    .option("--class <class>", "pinned, preference, fact, procedure or episode")
    .option("--scope <scope>", "project (this workspace) or user")
    .option("--importance <n>", "1 (trivia) … 5 (critical)")
    .action((title: string, body: string, flags: { class?: string; scope?: string; importance?: string }) =>
      withMemory(async ({ service }) => {
        const importance = flags.importance === undefined ? undefined : Number(flags.importance);
        if (importance !== undefined && !Number.isInteger(importance))
          throw new UserError(`--importance: "${flags.importance}" is not a whole number from 1 to 5`);
        const { memory: m, updated } = await service.remember({
          title,
          body,
          ...(flags.class !== undefined ? { class: flags.class } : {}),
          ...(flags.scope !== undefined ? { scope: flags.scope } : {}),
          ...(importance !== undefined ? { importance } : {}),
        });
        write(
          `${updated ? "updated" : "remembered"} ${formatMemoryId(m.id)} (${m.class}, ${m.scope}): ${m.title}`,
        );
      }),
    );

  memory
    .command("show <id>")
    .description("one memory in full")
    .action((id: string) =>
      withMemory(({ store }) => {
        const m = store.get(idArg(id));
        if (!m) throw new UserError(`memory id: no memory ${id}`);
        write(showText(m));
      }),
    );

  memory
    .command("rm <id>")
    .description("forget a memory")
    .action((id: string) =>
      withMemory(({ store }) => {
        if (!store.remove(idArg(id))) throw new UserError(`memory id: no memory ${id}`);
        write(`removed ${formatMemoryId(idArg(id))}`);
      }),
    );

  memory
    .command("search <query>")
    .description("the best matches for a query, as recall ranks them (does not mark them used)")
    .option("--limit <n>", "how many", "10")
    .action((query: string, flags: { limit: string }) =>
      withMemory(async ({ service, store }) => {
        const limit = Number(flags.limit);
        if (!Number.isInteger(limit) || limit < 1)
          throw new UserError(`--limit: "${flags.limit}" is not a positive whole number`);
        const ranked = (await service.rankQuery(query)).slice(0, limit);
        const found = new Map(store.getMany(ranked.map((r) => r.id)).map((m) => [m.id, m]));
        if (ranked.length === 0) write(`no memory matches "${query}"`);
        for (const r of ranked) {
          const m = found.get(r.id);
          if (m) write(`${r.score.toFixed(3)}  ${listLine(m)}`);
        }
      }),
    );

  memory
    .command("export")
    .description("every memory as JSONL (backup, moving machines)")
    .option("--out <file>", "write to a file instead of stdout")
    .action((flags: { out?: string }) =>
      withMemory(async ({ store }) => {
        const out = flags.out ? createWriteStream(flags.out) : process.stdout;
        let n = 0;
        for (const line of exportJsonl(store)) {
          if (!out.write(line)) await once(out, "drain");
          n++;
        }
        if (flags.out) {
          const file = out as ReturnType<typeof createWriteStream>;
          file.end();
          await once(file, "finish");
          process.stderr.write(`exported ${n} memories to ${flags.out}\n`);
        }
      }),
    );

  memory
    .command("import <file>")
    .description("read memories from a JSONL export (same title and scope: updated, or unchanged)")
    .action((file: string) =>
      withMemory(({ store }) => {
        let text: string;
        try {
          text = readFileSync(file, "utf8");
        } catch (error) {
          throw new UserError(
            `${file}: cannot be read (${(error as NodeJS.ErrnoException).code ?? "error"})`,
          );
        }
        const r = importJsonl(store, text, file);
        write(`imported from ${file}: ${r.added} added, ${r.updated} updated, ${r.unchanged} unchanged`);
      }),
    );
}
