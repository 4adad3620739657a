/**
 * `createMemoryPlugin`: memory as a plugin on the engine's hooks, one per session.
 * - `registerTools`: `remember` and `recall` (core rows of the composition), of the `memory`
 *   family it declares (`families`: catalog group `session`);
 * - `sessionFacts`: the `<memory-index>` block (index lines within 1 KB); `factLines`: the pinned
 *   memories and preferences, which lean context writes inline in its session facts (the host
 *   hands every extension's fact lines over) — both computed from the same read, once per session
 *   and again after `remember` stored a memory (so the protected context a compaction re-appends
 *   holds a memory pinned during the session);
 * - `toolResult`: a recalled body history already holds becomes a pointer;
 * - `describeSettings`: the `picasso-memory` namespace (database, count, ranking in use);
 * - `panel`: the same as memory's `/context` panel (memory-panel.ts); it never creates the
 *   database file (`picasso context` reads, a session's facts open it first).
 * - `start`: embeds, in the background, what the embed queue holds and what has no vector of the
 *   configured model (memory-vectors.ts `catchUp`; not on a read-only memory.db), beginning
 *   `CATCH_UP_AFTER_MS` after the start so the database does not open on the way to a ready
 *   session; `catchUp()` is that work's promise.
 * The database opens on first use; when it cannot, `problem()` says why in one line, the facts
 * are empty and the tools answer with that line — the session itself runs on. A read-only
 * memory.db is read (facts, recall) and `problem()` says it is read-only; `remember` refuses.
 */
import { existsSync } from "node:fs";
import type { PicassoExtension, ToolOutput, ToolResultContext } from "@picasso/protocol";
import { memoryDbProblem } from "./db-problem.js";
import type { DrainResult } from "./embed-queue.js";
import type { Embedder } from "./embeddings.js";
import { indexBlock, type MemoryFacts, memoryFacts } from "./memory-facts.js";
import { memoryPanel } from "./memory-panel.js";
import { MemoryService } from "./memory-service.js";
import { MemoryStore } from "./memory-store.js";
import { MEMORY_FAMILY, RECALL_TOOL, recallDedupe, recallTool, rememberTool } from "./memory-tools.js";
import { openMemoryDb } from "./open-db.js";
import { describeWeights } from "./ranking.js";

export const MEMORY_PLUGIN = "memory";
/** How long after the session starts its background embedding begins (memory.db opens then, if not before). */
export const CATCH_UP_AFTER_MS = 500;
export const MEMORY_SETTINGS_NAMESPACE = "picasso-memory";

export interface MemoryPluginOptions {
  /** The database file (`$PICASSO_HOME/memory.db`). */
  path: string;
  /** This workspace's scope (`project:<key>`); without it only user memories are read. */
  projectScope?: string;
  embedder?: Embedder;
  /** The relevance floor of recall by query (`memory.recall.minScore`). */
  minScore?: number;
  now?: () => number;
  /**
   * A damaged database: moved aside (a session, the default), or left exactly as it is (a
   * command that only reads, `picasso context`), its problem line saying how to move it aside.
   */
  damaged?: "move-aside" | "leave";
}

export interface MemoryPlugin extends PicassoExtension {
  /**
   * Why this session runs without memory — or without memory writes (a read-only memory.db) —,
   * or undefined. Opens the database if not yet open.
   */
  problem(): string | undefined;
  /** The service, once the database is open. */
  service(): MemoryService | undefined;
  /** The session-start embedding started by `start` (undefined before it or without an embedder). */
  catchUp(): Promise<DrainResult> | undefined;
  close(): void;
}

export function createMemoryPlugin(options: MemoryPluginOptions): MemoryPlugin {
  let opened: { service: MemoryService; readOnly?: string } | { problem: string } | undefined;
  let facts: MemoryFacts | undefined;
  let catchingUp: Promise<DrainResult> | undefined;
  let startTimer: NodeJS.Timeout | undefined;
  let beginNow: (() => void) | undefined;
  let closed = false;
  const access = () => {
    if (!opened) {
      const result = openMemoryDb(options.path, options.damaged ? { damaged: options.damaged } : {});
      if (!result.db) opened = { problem: result.problem };
      else
        try {
          opened = {
            service: new MemoryService(new MemoryStore(result.db, options.path, options.now), {
              ...(options.projectScope ? { projectScope: options.projectScope } : {}),
              ...(options.embedder ? { embedder: options.embedder } : {}),
              ...(options.minScore !== undefined ? { minScore: options.minScore } : {}),
              ...(options.now ? { now: options.now } : {}),
            }),
            ...(result.readOnly ? { readOnly: result.readOnly } : {}),
          };
        } catch (error) {
          // Damage the open did not see (a broken full-text index): the session runs without memory.
          result.db.close();
          opened = {
            problem:
              memoryDbProblem(options.path, error) ??
              `memory: ${options.path}: ${(error as Error).message.split("\n")[0]}`,
          };
        }
    }
    return opened;
  };
  const sessionMemoryFacts = (): MemoryFacts => {
    if (facts) return facts;
    const open = access();
    if ("problem" in open) {
      facts = { pinned: [], index: [] };
      return facts;
    }
    try {
      facts = memoryFacts(open.service);
    } catch (error) {
      opened = { problem: `memory: ${options.path}: ${(error as Error).message.split("\n")[0]}` };
      facts = { pinned: [], index: [] };
    }
    return facts;
  };

  return {
    name: MEMORY_PLUGIN,
    families: [MEMORY_FAMILY],
    registerTools: () => {
      const remember = rememberTool(access);
      // A memory stored in the session is in the facts read next (a compaction's protected context).
      const run: typeof remember.run = async (input, ctx) => {
        const output = await remember.run(input, ctx);
        if (!output.isError) facts = undefined;
        return output;
      };
      return [{ ...remember, run }, recallTool(access)];
    },
    sessionFacts: () => indexBlock(sessionMemoryFacts().index),
    factLines: () => [{ label: "Pinned memories", lines: sessionMemoryFacts().pinned, none: "none" }],

    toolResult(ctx: ToolResultContext): ToolOutput | undefined {
      if (ctx.name !== RECALL_TOOL || ctx.output.isError) return undefined;
      const deduped = recallDedupe(ctx.messages, ctx.output.content);
      return deduped ? { ...ctx.output, content: deduped.content } : undefined;
    },

    describeSettings() {
      const open = access();
      if ("problem" in open)
        return { namespace: MEMORY_SETTINGS_NAMESPACE, value: { problem: open.problem } };
      return {
        namespace: MEMORY_SETTINGS_NAMESPACE,
        value: {
          database: options.path,
          memories: open.service.store.count(),
          ranking: describeWeights(options.embedder !== undefined),
          ...(options.embedder ? { embeddingsModel: options.embedder.model } : {}),
        },
      };
    },

    panel() {
      const ranking = describeWeights(options.embedder !== undefined);
      const model = options.embedder ? { embeddingsModel: options.embedder.model } : {};
      if (!opened && !existsSync(options.path))
        return memoryPanel(MEMORY_PLUGIN, {
          database: options.path,
          created: false,
          memories: 0,
          ranking,
          ...model,
        });
      const open = access();
      if ("problem" in open) return memoryPanel(MEMORY_PLUGIN, { problem: open.problem });
      return memoryPanel(MEMORY_PLUGIN, {
        database: options.path,
        created: true,
        memories: open.service.store.count(),
        ranking,
        ...model,
      });
    },

    start() {
      if (!options.embedder) return;
      // Once the session is up, not on its way there: opening memory.db (and sqlite-vec) waits.
      catchingUp = new Promise<void>((resolve) => {
        startTimer = setTimeout(resolve, CATCH_UP_AFTER_MS);
        startTimer.unref();
        beginNow = resolve;
      }).then(() => {
        if (closed) return { embedded: 0, failed: 0 };
        const open = access();
        // A read-only memory.db is read as it is: nothing is queued or embedded.
        const vectors = "service" in open && !open.readOnly ? open.service.vectors : undefined;
        // Never fails the session: what is not embedded now stays queued for the next moment.
        return (vectors?.catchUp() ?? Promise.resolve({ embedded: 0, failed: 0 })).catch(
          (error: unknown) => ({
            embedded: 0,
            failed: 0,
            error: (error as Error).message.split("\n")[0] ?? "",
          }),
        );
      });
    },
    catchUp: () => catchingUp,

    problem() {
      const open = access();
      return "problem" in open ? open.problem : open.readOnly;
    },
    service() {
      const open = access();
      return "problem" in open ? undefined : open.service;
    },
    close() {
      closed = true;
      clearTimeout(startTimer);
      beginNow?.();
      if (opened && "service" in opened) opened.service.store.close();
    },
  };
}
