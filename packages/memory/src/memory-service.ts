/**
 * What the tools, the session facts and `picasso memory` do with the store: remember (secrets
 * refused, fields checked, a memory with the same title in the same scope updated in place,
 * keeping its class and importance unless new ones are given),
 * recall by ids or by query (hybrid ranking over a bounded candidate set, embeddings when an
 * endpoint is configured), and the ranking without a query for the session's index lines.
 * Field problems are `MemoryInputError`s naming the field, which the tools return to the model
 * and the CLI reports as user mistakes.
 */
import type { Embedder } from "./embeddings.js";
import { governedWrite, type Outcome, supersedesTarget } from "./governed-write.js";
import { type GovernorVectors, MemoryGovernor } from "./governor.js";
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
import { type Candidate, cosine, matchesQuery, rank } from "./ranking.js";
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
}

function text(value: unknown, field: string, max: number): string {
  if (typeof value !== "string" || value.trim() === "")
    throw new MemoryInputError(`${field}: a non-empty string is required`);
  const trimmed = value.trim();
  if (Buffer.byteLength(trimmed) > max) throw new MemoryInputError(`${field}: longer than ${max} bytes`);
  return trimmed;
}

export class MemoryService {
  constructor(
    readonly store: MemoryStore,
    private readonly options: { projectScope?: string; embedder?: Embedder; now?: () => number } = {},
  ) {}

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
    const written = await governedWrite(this.store, this.governor(), {
      existing,
      fields,
      replaced,
      askedImportance: typeof input.importance === "number" ? input.importance : undefined,
      now: this.now(),
    });
    if (written.outcome !== "merged") await this.embed(written.memory);
    return written;
  }

  private governorInstance: MemoryGovernor | undefined;
  private governorEmbedded: { text: string; vector: Float32Array | undefined } | undefined;

  /** The governor of this service's writes, comparing vectors too when there is an embedder. */
  governor(): MemoryGovernor {
    const embedder = this.options.embedder;
    const vectors: GovernorVectors | undefined = embedder && {
      embed: async (text) => {
        const vector = (await embedder.embed([text]))[0];
        this.governorEmbedded = { text, vector };
        return vector;
      },
      stored: (ids) => this.store.vectors(ids, embedder.model),
    };
    this.governorInstance ??= new MemoryGovernor(this.store, vectors);
    return this.governorInstance;
  }

  /** Stores the memory's embedding; a failing endpoint leaves it without one (FTS still finds it). */
  private async embed(memory: Memory): Promise<void> {
    const embedder = this.options.embedder;
    if (!embedder) return;
    try {
      const text = `${memory.title}\n${memory.body}`;
      // The governor may have embedded this very text a moment ago.
      const vector =
        this.governorEmbedded?.text === text
          ? this.governorEmbedded.vector
          : (await embedder.embed([text]))[0];
      this.governorEmbedded = undefined;
      if (vector) this.store.setVector(memory.id, embedder.model, vector);
    } catch {
      // The memory is stored; recall falls back to FTS, importance and recency for it.
    }
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
    const ranked = await this.rankQuery(query, classes);
    const ids = ranked.slice(0, Math.min(Math.max(1, limit), MAX_RECALL_LIMIT)).map((r) => r.id);
    return this.recallIds(ids);
  }

  /** Ranked ids of the memories that match a query (ranking.ts `matchesQuery`); no side effects. */
  async rankQuery(
    query: string,
    classes?: readonly MemoryClass[],
  ): Promise<Array<{ id: number; score: number }>> {
    const candidates = this.store.candidates(query, this.scopes(), classes);
    const withVectors = await this.addCosines(query, candidates);
    return rank(
      candidates.filter((c) => matchesQuery(c, withVectors)),
      this.now(),
      withVectors,
    );
  }

  private async addCosines(query: string, candidates: Candidate[]): Promise<boolean> {
    const embedder = this.options.embedder;
    if (!embedder || candidates.length === 0) return false;
    let queryVector: Float32Array | undefined;
    try {
      [queryVector] = await embedder.embed([query]);
    } catch {
      return false;
    }
    if (!queryVector) return false;
    const stored = this.store.vectors(
      candidates.map((c) => c.id),
      embedder.model,
    );
    for (const c of candidates) {
      const v = stored.get(c.id);
      if (v) c.cosine = cosine(queryVector, v);
    }
    return true;
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
