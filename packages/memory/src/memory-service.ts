/**
 * What the tools, the session facts and `picasso memory` do with the store: remember (secrets
 * refused, fields checked, a memory with the same title in the same scope updated in place,
 * keeping its class and importance unless new ones are given; otherwise the governor's write,
 * governed-write.ts: merged into a duplicate, superseding a near duplicate, or added),
 * recall by ids or by query (hybrid-search.ts: FTS and KNN candidates, the seed's weights, the
 * relevance floor, a why per result), and the ranking without a query for the session's index
 * lines. With an embedder, every write the governor makes queues its memory for embedding in the
 * write's own transaction and then drains the queue (memory-vectors.ts); a vector the governor
 * already computed for the text is stored as it is.
 * Field problems are `MemoryInputError`s naming the field, which the tools return to the model
 * and the CLI reports as user mistakes.
 */
import type { Embedder } from "./embeddings.js";
import { governedWrite, type Outcome, supersedesTarget } from "./governed-write.js";
import { type GovernorVectors, MemoryGovernor } from "./governor.js";
import { hybridSearch, type SearchResult } from "./hybrid-search.js";
import type { MemoryStore } from "./memory-store.js";
import {
  DEFAULT_IMPORTANCE,
  isMemoryClass,
  isRetired,
  isScope,
  MEMORY_CLASSES,
  type Memory,
  type MemoryClass,
  type NewMemory,
} from "./memory-types.js";
import { MemoryVectors } from "./memory-vectors.js";
import { type Candidate, rank } from "./ranking.js";
import { DEFAULT_MIN_SCORE, type Explained } from "./relevance.js";
import { findSecret } from "./secrets.js";

export const MAX_TITLE_CHARS = 200;
export const MAX_BODY_BYTES = 16_384;
export const DEFAULT_RECALL_LIMIT = 5;
export const MAX_RECALL_LIMIT = 20;

export class MemoryInputError extends Error {
  override name = "MemoryInputError";
}

export interface RememberInput {
  title: unknown;
  body: unknown;
  class?: unknown;
  /** `user`, `project` (this workspace) or a full `project:<key>`. */
  scope?: unknown;
  importance?: unknown;
  /** The id (`m12`) of a memory this one replaces (governor.ts). */
  supersedes?: unknown;
  sourceSession?: string;
}

export interface Remembered {
  memory: Memory;
  updated: boolean;
  /** What the governor did (governor.ts): added, updated by title, merged into, or superseding. */
  outcome: Outcome;
  /** The memory merged into (`memory` itself) or retired by this one. */
  other?: Memory;
  /** Why the memory is not embedded yet (the endpoint failed; it stays queued), if so. */
  notEmbedded?: string;
}

function text(value: unknown, field: string, max: number): string {
  if (typeof value !== "string" || value.trim() === "")
    throw new MemoryInputError(`${field}: a non-empty string is required`);
  const trimmed = value.trim();
  if (Buffer.byteLength(trimmed) > max) throw new MemoryInputError(`${field}: longer than ${max} bytes`);
  return trimmed;
}

export interface MemoryServiceOptions {
  projectScope?: string;
  embedder?: Embedder;
  now?: () => number;
  /** The relevance floor of recall by query (relevance.ts; default DEFAULT_MIN_SCORE). */
  minScore?: number;
}

export class MemoryService {
  /** The embed queue and KNN index, when an embedder is configured (memory-vectors.ts). */
  readonly vectors: MemoryVectors | undefined;

  constructor(
    readonly store: MemoryStore,
    private readonly options: MemoryServiceOptions = {},
  ) {
    this.vectors = options.embedder
      ? new MemoryVectors(store, options.embedder, () => this.now())
      : undefined;
  }

  private now(): number {
    return this.options.now?.() ?? Date.now();
  }

  get embedder(): Embedder | undefined {
    return this.options.embedder;
  }

  /** The scopes this session reads: the user's and, in a workspace, the project's. */
  scopes(): string[] {
    return this.options.projectScope ? ["user", this.options.projectScope] : ["user"];
  }

  /** How a scope is shown to this session: its own project's as `project`, others as stored. */
  shownScope(scope: string): string {
    return scope === this.options.projectScope ? "project" : scope;
  }

  resolveScope(value: unknown): string {
    if (value === undefined || value === "project") {
      if (this.options.projectScope) return this.options.projectScope;
      if (value === "project") throw new MemoryInputError("scope: no project here; use user");
      return "user";
    }
    if (typeof value === "string" && isScope(value)) return value;
    throw new MemoryInputError(`scope: "${String(value)}" is not user, project or project:<key>`);
  }

  async remember(input: RememberInput): Promise<Remembered> {
    const title = text(input.title, "title", MAX_TITLE_CHARS);
    const body = text(input.body, "body", MAX_BODY_BYTES);
    const secret = findSecret(`${title}\n${body}`);
    if (secret)
      throw new MemoryInputError(
        `refused: this looks like ${secret}; secrets are never stored in memory (remember where the secret is kept instead, e.g. an environment variable's name)`,
      );
    const scope = this.resolveScope(input.scope);
    const existing = this.store.findByTitle(scope, title);
    const supersedes = supersedesTarget(this.store, this.scopes(), input.supersedes);
    if (supersedes && "problem" in supersedes) throw new MemoryInputError(supersedes.problem);
    const replaced = supersedes?.target;
    // Restating a memory (same title) updates what it says, not what it is: a pinned memory
    // stays pinned unless the caller names another class. An update of another memory
    // (`supersedes`) is of its class unless told otherwise.
    const cls = input.class ?? existing?.class ?? replaced?.class ?? "fact";
    if (!isMemoryClass(cls))
      throw new MemoryInputError(`class: "${String(cls)}" is not one of ${MEMORY_CLASSES.join(", ")}`);
    const importance = input.importance ?? existing?.importance ?? DEFAULT_IMPORTANCE;
    if (typeof importance !== "number" || !Number.isInteger(importance) || importance < 1 || importance > 5)
      throw new MemoryInputError("importance: an integer from 1 to 5 is required");
    const fields: NewMemory = {
      class: cls,
      title,
      body,
      scope,
      importance,
      ...(input.sourceSession ? { sourceSession: input.sourceSession } : {}),
    };
    const vectors = this.vectors;
    const written = await governedWrite(this.store, this.governor(), {
      existing,
      fields,
      replaced,
      askedImportance: typeof input.importance === "number" ? input.importance : undefined,
      now: this.now(),
      // The memory and its place in the embed queue commit together; a failing endpoint leaves it queued.
      ...(vectors ? { written: (m: Memory) => vectors.queue.enqueue([m.id]) } : {}),
    });
    const computed = this.governorEmbedded;
    this.governorEmbedded = undefined;
    // A merge stores nothing new: the memory merged into keeps its text and its vector.
    if (!vectors || written.outcome === "merged") return written;
    // The governor may have embedded this very text a moment ago: stored as it is, not embedded twice.
    const embedText = `${written.memory.title}\n${written.memory.body}`;
    if (computed?.text === embedText && computed.vector)
      vectors.queue.storeComputed(written.memory.id, computed.vector);
    const drained = await vectors.afterWrite();
    return { ...written, ...(drained.error ? { notEmbedded: drained.error } : {}) };
  }

  private governorInstance: MemoryGovernor | undefined;
  private governorEmbedded: { text: string; vector: Float32Array | undefined } | undefined;

  /**
   * The governor of this service's writes, comparing vectors too when there is an embedder (and
   * asking the KNN index for near neighbours that share no word, when sqlite-vec is loaded).
   */
  governor(): MemoryGovernor {
    const embedder = this.options.embedder;
    const index = this.vectors?.index();
    const vectors: GovernorVectors | undefined = embedder && {
      embed: async (text) => {
        const vector = (await embedder.embed([text]))[0];
        this.governorEmbedded = { text, vector };
        return vector;
      },
      stored: (ids) => this.store.vectors(ids, embedder.model),
      ...(index
        ? {
            neighbours: (vector: Float32Array, scope: string, k: number) => {
              try {
                return index.knn(embedder.model, vector, [scope], k).map((h) => h.id);
              } catch {
                // A damaged KNN table: the FTS candidates still decide (reindex rebuilds it).
                return [];
              }
            },
          }
        : {}),
    };
    this.governorInstance ??= new MemoryGovernor(this.store, vectors);
    return this.governorInstance;
  }

  /** Memories by id (those that exist, live, in this session's scopes, in order), marked used. */
  recallIds(ids: readonly number[]): Memory[] {
    const scopes = this.scopes();
    const found = this.store.getMany(ids).filter((m) => scopes.includes(m.scope) && !isRetired(m));
    this.store.markUsed(
      found.map((m) => m.id),
      this.now(),
    );
    return found;
  }

  /** The best `limit` memories for a query in this session's scopes, marked used. */
  async recallQuery(
    query: string,
    limit = DEFAULT_RECALL_LIMIT,
    classes?: readonly MemoryClass[],
  ): Promise<Memory[]> {
    // Only the bodies loaded are ranked to the end (their `why` is the costly part).
    const ranked = await this.rankQuery(query, classes, Math.min(Math.max(1, limit), MAX_RECALL_LIMIT));
    const ids = ranked.map((r) => r.id);
    return this.recallIds(ids);
  }

  /** The memories that match a query, best first, each with its `why`; no side effects. */
  async rankQuery(
    query: string,
    classes?: readonly MemoryClass[],
    limit = MAX_RECALL_LIMIT,
  ): Promise<Explained[]> {
    return (await this.search(query, classes, limit)).ranked;
  }

  /** rankQuery with what was skipped on the way (`notes`) and whether vectors were used. */
  search(query: string, classes?: readonly MemoryClass[], limit = MAX_RECALL_LIMIT): Promise<SearchResult> {
    return hybridSearch(query, {
      store: this.store,
      embedder: this.options.embedder,
      scopes: this.scopes(),
      classes,
      now: this.now(),
      minScore: this.options.minScore ?? DEFAULT_MIN_SCORE,
      limit,
    });
  }

  /**
   * Memories of this session's scopes ranked without a query (importance and recency), from a
   * bounded candidate set: the newest and the most important of each scope and class.
   */
  ranked(limit: number, classes: readonly MemoryClass[]): Memory[] {
    const pool = limit;
    const candidates = new Map<number, Candidate>();
    for (const r of [
      ...this.store.recent(this.scopes(), pool, classes),
      ...this.store.important(this.scopes(), pool, classes),
    ])
      candidates.set(r.id, { id: r.id, importance: r.importance, touchedAt: r.touched });
    const ids = rank([...candidates.values()], this.now(), false)
      .slice(0, limit)
      .map((r) => r.id);
    return this.store.getMany(ids);
  }
}
