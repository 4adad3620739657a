/**
 * `picasso memory [list] | add | show | rm | search <q> [--explain] | gc | export | import <file> | reindex`: the memories in
 * `$PICASSO_HOME/memory.db` (docs/memory.md), for people. `list` and `search` show the memories a
 * session of this workspace reads (the user's and this project's; `list --all` every scope);
 * `export` writes JSONL (stdout or `--out`), `import` reads it back (same title and scope:
 * updated or unchanged). A database that cannot be used, a bad field or an unknown id is one
 * line (`UserError`), never a stack trace.
 */
import { once } from "node:events";
import { createWriteStream, readFileSync } from "node:fs";
import { defaultPicassoHome } from "@picasso/engine";
import { exportJsonl, importJsonl } from "@picasso/memory";
import { UserError } from "@picasso/protocol/basics";
import {
  gcText,
  listText,
  type MemoryPlace,
  type OpenedMemory,
  reindexText,
  rememberedText,
  removeById,
  searchText,
  showById,
  withMemory,
} from "@picasso/surface";
import { findWorkspaceRoot } from "@picasso/workspace";
import type { Command } from "commander";

/** This workspace's memory (`memory-text.ts` of @picasso/surface, shared with the `/memory` operation). */
function here(): MemoryPlace {
  return { picassoHome: defaultPicassoHome(), workspaceRoot: findWorkspaceRoot(process.cwd()) };
}

function withHere<T>(work: (m: OpenedMemory) => T | Promise<T>): Promise<T> {
  return withMemory(here(), work);
}

function write(text: string): void {
  process.stdout.write(text.endsWith("\n") ? text : `${text}\n`);
}

export function register(program: Command): void {
  const memory = program
    .command("memory")
    .description(
      "the memories in $PICASSO_HOME/memory.db: list, add, show, rm, search, gc, export, import, reindex",
    );

  memory
    .command("list", { isDefault: true })
    .description("memories this workspace's sessions read (user and project scope), newest first")
    .option("--all", "every scope, every project, superseded and archived ones too")
    .option("--json", "print JSON lines")
    .action((flags: { all?: boolean; json?: boolean }) =>
      withHere(async (m) => {
        if (!flags.json) return write(await listText(m, flags.all));
        for (const x of m.store.list(flags.all ? { retired: true } : { scopes: m.service.scopes() }))
          write(JSON.stringify(x));
      }),
    );

  memory
    .command("add <title> <body>")
    .description("remember something (default: class fact, this project, importance 3)")
    .option("--class <class>", "pinned, preference, fact, procedure or episode")
    .option("--scope <scope>", "project (this workspace) or user")
    .option("--importance <n>", "1 (trivia) … 5 (critical)")
    .option("--supersedes <id>", "the memory this one replaces (kept, no longer recalled)")
    .action(
      (
        title: string,
        body: string,
        flags: { class?: string; scope?: string; importance?: string; supersedes?: string },
      ) =>
        withHere(async ({ service }) => {
          const importance = flags.importance === undefined ? undefined : Number(flags.importance);
          if (importance !== undefined && !Number.isInteger(importance))
            throw new UserError(`--importance: "${flags.importance}" is not a whole number from 1 to 5`);
          const written = await service.remember({
            title,
            body,
            ...(flags.class !== undefined ? { class: flags.class } : {}),
            ...(flags.scope !== undefined ? { scope: flags.scope } : {}),
            ...(importance !== undefined ? { importance } : {}),
            ...(flags.supersedes !== undefined ? { supersedes: flags.supersedes } : {}),
          });
          write(rememberedText(written));
          if (written.notEmbedded)
            process.stderr.write(
              `not embedded yet (${written.notEmbedded}); it stays queued: the next write, session or picasso memory reindex retries\n`,
            );
        }),
    );

  memory
    .command("gc")
    .description(
      "archive superseded, decayed and long-unused memories (kept in memory.db, no longer recalled)",
    )
    .option("--dry-run", "list what would be archived, change nothing")
    .option("--all", "every scope, every project (default: this workspace's)")
    .action((flags: { dryRun?: boolean; all?: boolean }) => withHere((m) => write(gcText(m, flags))));

  memory
    .command("show <id>")
    .description("one memory in full")
    .action((id: string) => withHere((m) => write(showById(m, id))));

  memory
    .command("rm <id>")
    .description("forget a memory")
    .action((id: string) => withHere((m) => write(removeById(m, id))));

  memory
    .command("search <query>")
    .description("the best matches for a query, as recall ranks them (does not mark them used)")
    .option("--limit <n>", "how many", "10")
    .option("--explain", "say why each result is there (vector, FTS terms, importance, recency)")
    .action((query: string, flags: { limit: string; explain?: boolean }) =>
      withHere(async (m) => {
        const limit = Number(flags.limit);
        if (!Number.isInteger(limit) || limit < 1)
          throw new UserError(`--limit: "${flags.limit}" is not a positive whole number`);
        write(await searchText(m, query, limit, flags.explain === true));
      }),
    );

  memory
    .command("reindex")
    .description("embed what has no vector of the configured model (queued, failed, another model's)")
    .option("--dry-run", "only say what it would embed")
    .action((flags: { dryRun?: boolean }) =>
      withHere(async (m) => write(await reindexText(m, flags.dryRun === true))),
    );

  memory
    .command("export")
    .description("every memory as JSONL (backup, moving machines)")
    .option("--out <file>", "write to a file instead of stdout")
    .action((flags: { out?: string }) =>
      withHere(async ({ store }) => {
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
      withHere(async ({ store, service }) => {
        let text: string;
        try {
          text = readFileSync(file, "utf8");
        } catch (error) {
          throw new UserError(
            `${file}: cannot be read (${(error as NodeJS.ErrnoException).code ?? "error"})`,
          );
        }
        const r = importJsonl(store, text, file, service.vectors?.queue);
        const retired = r.retired > 0 ? `, ${r.retired} retired (superseded or archived) skipped` : "";
        write(
          `imported from ${file}: ${r.added} added, ${r.updated} updated, ${r.unchanged} unchanged${retired}`,
        );
        const embedded = await service.vectors?.queue.drain();
        if (embedded && (embedded.embedded > 0 || embedded.failed > 0))
          write(
            `embedded ${embedded.embedded}${embedded.failed > 0 ? `; ${embedded.failed} stay queued (${embedded.error}); picasso memory reindex retries` : ""}`,
          );
      }),
    );
}
