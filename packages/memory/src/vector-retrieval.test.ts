/**
 * Vector retrieval on real SQLite files with the mock provider's deterministic `/v1/embeddings`
 * (words hashed into 384 signed buckets: two different words in the same bucket with the same sign
 * are "synonyms" to it, which is how a memory sharing no word with a query can be close to it):
 * - KNN over every memory of the scopes finds such a memory even when it is older than the newest
 *   50 (no FTS hit, no recency candidate), and its `why` says it came by vector;
 * - the relevance floor: a query no memory is about returns nothing; a weak neighbour is cut by
 *   the default floor and kept with `minScore: 0`;
 * - the durable embed queue: a failing endpoint leaves the memory queued with the error; the next
 *   session's catch-up embeds it; `import` queues what it writes;
 * - per model: another model's vectors are never compared; reindex re-embeds them and drops the
 *   old model's KNN table; `--dry-run` writes nothing;
 * - damage: a stored vector of the wrong dimension, a corrupt BLOB, a KNN table of the wrong
 *   dimension — recall answers and says what it skipped.
 */
import { existsSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { EMBEDDING_DIMS, type MockServer, mockEmbedding, startMockServer } from "@picasso/mock-provider";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { openAiEmbedder } from "./embeddings.js";
import { importJsonl } from "./memory-jsonl.js";
import { createMemoryPlugin } from "./memory-plugin.js";
import { MemoryService } from "./memory-service.js";
import { MemoryStore } from "./memory-store.js";
import { openMemoryDb } from "./open-db.js";
import { DEFAULT_MIN_SCORE, describeWhy } from "./relevance.js";
import { knnTableName } from "./vector-index.js";

let server: MockServer;
beforeAll(async () => {
  server = await startMockServer({});
});
afterAll(() => server.close());

const stores: MemoryStore[] = [];
afterEach(() => {
  for (const s of stores.splice(0)) s.close();
});

let clock = 1_800_000_000_000;

function newPath(): string {
  return join(mkdtempSync(join(tmpdir(), "memory-vectors-")), "memory.db");
}

function service(
  path: string,
  options: { baseUrl?: string; model?: string; minScore?: number; embed?: boolean } = {},
): MemoryService {
  const opened = openMemoryDb(path);
  if (!opened.db) throw new Error(opened.problem);
  const store = new MemoryStore(opened.db, path, () => clock);
  stores.push(store);
  return new MemoryService(store, {
    projectScope: "project:v-1",
    now: () => clock,
    ...(options.minScore !== undefined ? { minScore: options.minScore } : {}),
    ...(options.embed === false
      ? {}
      : {
          embedder: openAiEmbedder({
            baseUrl: options.baseUrl ?? `${server.url}/v1`,
            model: options.model ?? "mock-embed",
          }),
        }),
  });
}

/** Bucket and sign of a word in the mock's embedding. */
function slot(word: string): string {
  const v = mockEmbedding(word);
  const i = v.findIndex((x) => x !== 0);
  return `${i}${Math.sign(v[i] ?? 0)}`;
}

/** A word of the form `<stem><n>` that the mock embeds exactly as `word`, though it is another word. */
function synonymOf(word: string, stem: string): string {
  for (let n = 0; n < 10_000; n++) if (slot(`${stem}${n}`) === slot(word)) return `${stem}${n}`;
  throw new Error(`no synonym of ${word}`);
}

/** A word of the form `<stem><n>` in none of the slots of `avoid`. */
function unrelatedWords(count: number, stem: string, avoid: readonly string[]): string[] {
  const taken = new Set(avoid.map(slot));
  const out: string[] = [];
  for (let n = 0; out.length < count; n++) {
    const w = `${stem}${n}`;
    if (!taken.has(slot(w))) out.push(w);
  }
  return out;
}

describe("KNN over every memory of the scopes", () => {
  it("finds a memory that shares no word with the query and is older than the 50 newest", async () => {
    const s = service(newPath());
    const query = "deploy friday";
    const [a, b] = [synonymOf("deploy", "shipit"), synonymOf("friday", "weekend")];
    const target = await s.remember({ title: a, body: b, importance: 3 });
    const filler = unrelatedWords(120, "filler", ["deploy", "friday"]);
    for (let i = 0; i < 60; i++) {
      clock += 1000;
      await s.remember({ title: `note ${filler[2 * i]}`, body: `about ${filler[2 * i + 1]}` });
    }
    // Neither FTS nor the 50 newest bring it: only the KNN can.
    expect(s.store.candidates(query, s.scopes()).some((c) => c.id === target.memory.id)).toBe(false);
    const { ranked, notes, withVectors } = await s.search(query);
    expect(withVectors).toBe(true);
    expect(notes).toEqual([]);
    expect(ranked[0]?.id).toBe(target.memory.id);
    expect(ranked[0]?.why.vector?.cosine).toBeCloseTo(1, 5);
    expect(ranked[0]?.why.fts).toBeUndefined();
    expect(describeWhy(ranked[0]!.why)).toMatch(
      /^vector 1\.00 \(\+0\.600\) · importance 3 \(\+0\.050\) · recency/,
    );
  });

  it("merges FTS and vector: the why names the FTS terms matched and the cosine", async () => {
    const s = service(newPath());
    const m = await s.remember({ title: "Deploy", body: "kubernetes helm chart rollout staging" });
    await s.remember({ title: "Lunch", body: "sandwich coffee bakery" });
    const [top, ...rest] = await s.rankQuery("helm rollout plan");
    expect(top?.id).toBe(m.memory.id);
    expect(top?.why.fts?.terms).toEqual(["helm", "rollout"]);
    expect(top?.why.vector?.cosine).toBeGreaterThan(0.4);
    expect(top?.score).toBeCloseTo(
      (top?.why.vector?.points ?? 0) +
        (top?.why.fts?.points ?? 0) +
        top!.why.importance.points +
        top!.why.recency.points,
      10,
    );
    expect(rest).toEqual([]);
  });

  it("names, for each result, only the query words FTS found in that memory", async () => {
    const path = newPath();
    const s = service(path);
    await s.remember({ title: "Deploy", body: "kubernetes helm chart rollout staging" });
    const plan = await s.remember({ title: "Plan", body: "the quarterly plan review" });
    const all = await service(path, { minScore: 0 }).rankQuery("helm rollout plan");
    expect(all.map((r) => r.why.fts?.terms)).toEqual([["helm", "rollout"], ["plan"]]);
    expect(all[1]?.id).toBe(plan.memory.id);
  });
});

describe("removed memories leave the KNN index", () => {
  it("a KNN hit whose memory was removed is not returned, and its row is forgotten", async () => {
    const s = service(newPath());
    const [a, b] = [synonymOf("deploy", "shipit"), synonymOf("friday", "weekend")];
    const gone = await s.remember({ title: a, body: b });
    // Another body (a word of the same slot: the same vector) and class, so the governor keeps
    // both (an equal body is merged, a near duplicate of the same class supersedes).
    const kept = await s.remember({
      title: `${a} too`,
      body: synonymOf("friday", "sunday"),
      class: "procedure",
    });
    expect(s.store.remove(gone.memory.id)).toBe(true);
    const name = knnTableName("mock-embed", EMBEDDING_DIMS);
    const rows = () =>
      (
        s.store.db.prepare(`SELECT rowid AS id FROM ${name} ORDER BY rowid`).all() as Array<{ id: number }>
      ).map((r) => Number(r.id));
    expect(rows()).toEqual([gone.memory.id, kept.memory.id]);
    expect((await s.rankQuery("deploy friday")).map((r) => r.id)).toEqual([kept.memory.id]);
    expect(rows()).toEqual([kept.memory.id]);
  });
});

describe("the relevance floor", () => {
  it('"deploy friday" among unrelated memories returns nothing, and recall loads no body', async () => {
    const s = service(newPath());
    for (const [title, body] of [
      ["Indentation", "use tabs in this repository"],
      ["Test runner", "vitest runs the unit tests"],
      ["Database", "postgres sixteen in docker compose"],
      ["Editor", "the team uses neovim with lsp"],
    ] as const)
      await s.remember({ title, body, importance: 5 });
    expect(await s.rankQuery("deploy friday")).toEqual([]);
    expect(await s.recallQuery("deploy friday")).toEqual([]);
  });

  it("cuts a weak vector neighbour at the default floor, keeps it at minScore 0", async () => {
    const path = newPath();
    const s = service(path);
    // One synonym of the query's two words among three words: cosine 1/sqrt(6) ≈ 0.41 (a match, barely).
    const others = unrelatedWords(2, "other", ["deploy", "friday"]);
    const weak = await s.remember({ title: synonymOf("deploy", "ship"), body: others.join(" ") });
    const [loose] = await service(path, { minScore: 0 }).rankQuery("deploy friday");
    expect(loose?.id).toBe(weak.memory.id);
    expect(loose?.why.vector?.cosine).toBeCloseTo(1 / Math.sqrt(6), 5);
    expect(loose?.score).toBeLessThan(DEFAULT_MIN_SCORE);
    expect(await s.rankQuery("deploy friday")).toEqual([]);
  });
});

describe("the durable embed queue", () => {
  it("a failing endpoint leaves the memory queued with its error; the next session embeds it", async () => {
    const path = newPath();
    const down = service(path, { baseUrl: "http://127.0.0.1:9/v1" });
    const { memory, notEmbedded } = await down.remember({ title: "Ports", body: "the api listens on 8080" });
    expect(notEmbedded).toMatch(/fetch failed|ECONNREFUSED/);
    const row = down.store.db
      .prepare("SELECT attempts, last_error FROM memory_embed_queue WHERE id = ?")
      .get(memory.id) as {
      attempts: number;
      last_error: string;
    };
    expect(row.attempts).toBe(1);
    expect(row.last_error).toMatch(/^mock-embed: /);
    // Still found by FTS meanwhile, and the query's failing embed is a note, not an error.
    const meanwhile = await down.search("api port");
    expect(meanwhile.ranked.map((r) => r.id)).toEqual([memory.id]);
    expect(meanwhile.notes[0]).toMatch(/embeddings endpoint failed on the query/);
    const up = service(path);
    expect(up.vectors?.queue.pending()).toBe(1);
    expect(await up.vectors?.catchUp()).toEqual({ embedded: 1, failed: 0 });
    expect(up.vectors?.queue.pending()).toBe(0);
    expect(up.store.vectors([memory.id], "mock-embed").size).toBe(1);
  });

  it("a later write retries what is pending; catch-up embeds memories written without an embedder", async () => {
    const path = newPath();
    const plain = service(path, { embed: false });
    const old = await plain.remember({ title: "Old", body: "written before embeddings were set up" });
    const down = service(path, { baseUrl: "http://127.0.0.1:9/v1" });
    const failed = await down.remember({ title: "Failed", body: "written while the endpoint was down" });
    const up = service(path);
    const next = await up.remember({ title: "Next", body: "a later write" });
    const stored = up.store.vectors([old.memory.id, failed.memory.id, next.memory.id], "mock-embed");
    expect([...stored.keys()].sort()).toEqual([failed.memory.id, next.memory.id]);
    expect(await up.vectors?.catchUp()).toEqual({ embedded: 1, failed: 0 });
    expect(up.store.vectors([old.memory.id], "mock-embed").size).toBe(1);
  });

  it("a session's start embeds what is queued, in the background (the plugin's catchUp)", async () => {
    const path = newPath();
    const down = service(path, { baseUrl: "http://127.0.0.1:9/v1" });
    const { memory } = await down.remember({ title: "Ports", body: "the api listens on 8080" });
    down.store.close();
    const plugin = createMemoryPlugin({
      path,
      projectScope: "project:v-1",
      embedder: openAiEmbedder({ baseUrl: `${server.url}/v1`, model: "mock-embed" }),
    });
    expect(plugin.catchUp()).toBeUndefined();
    await plugin.start?.({} as Parameters<NonNullable<typeof plugin.start>>[0]);
    expect(await plugin.catchUp()).toEqual({ embedded: 1, failed: 0 });
    expect(plugin.service()?.store.vectors([memory.id], "mock-embed").size).toBe(1);
    plugin.close();
  });

  it("a session's start leaves memory.db shut until the session is up, and a close before then never opens it", async () => {
    const embedder = openAiEmbedder({ baseUrl: `${server.url}/v1`, model: "mock-embed" });
    const path = newPath();
    const plugin = createMemoryPlugin({ path, projectScope: "project:v-2", embedder });
    await plugin.start?.({} as Parameters<NonNullable<typeof plugin.start>>[0]);
    expect(existsSync(path)).toBe(false);
    expect(await plugin.catchUp()).toEqual({ embedded: 0, failed: 0 });
    expect(existsSync(path)).toBe(true);
    plugin.close();

    const early = newPath();
    const closedEarly = createMemoryPlugin({ path: early, projectScope: "project:v-3", embedder });
    await closedEarly.start?.({} as Parameters<NonNullable<typeof closedEarly.start>>[0]);
    closedEarly.close();
    expect(await closedEarly.catchUp()).toEqual({ embedded: 0, failed: 0 });
    expect(existsSync(early)).toBe(false);
  });

  it("import queues what it adds or updates in its transaction", async () => {
    const path = newPath();
    const s = service(path);
    const line = (title: string, body: string) =>
      JSON.stringify({
        class: "fact",
        title,
        body,
        scope: "user",
        importance: 3,
        createdAt: 1,
        updatedAt: 2,
      });
    const r = importJsonl(
      s.store,
      `${line("A", "alpha text")}\n${line("B", "beta text")}\n`,
      "x.jsonl",
      s.vectors?.queue,
    );
    expect(r).toEqual({ added: 2, updated: 0, unchanged: 0, retired: 0 });
    expect(s.vectors?.queue.pending()).toBe(2);
    expect(await s.vectors?.queue.drain()).toEqual({ embedded: 2, failed: 0 });
    expect(s.store.vectors([1, 2], "mock-embed").size).toBe(2);
  });
});

describe("vectors per model", () => {
  it("another model's vectors are ignored; reindex --dry-run plans, reindex re-embeds and drops the old KNN table", async () => {
    const path = newPath();
    const one = service(path, { model: "mock-embed" });
    const [a, b] = [synonymOf("deploy", "shipit"), synonymOf("friday", "weekend")];
    const { memory } = await one.remember({ title: a, body: b });
    await one.remember({ title: "Lunch", body: "sandwich coffee bakery" });
    const two = service(path, { model: "mock-embed-2" });
    // Same vectors, other model's name: never compared with mock-embed-2's query.
    expect(await two.rankQuery("deploy friday")).toEqual([]);
    const dry = await two.vectors!.reindex({ dryRun: true });
    expect(dry.plan).toMatchObject({
      model: "mock-embed-2",
      queued: 0,
      withoutVector: 0,
      otherModels: { "mock-embed": 2 },
    });
    expect(dry.drained).toBeUndefined();
    expect(two.store.vectors([memory.id], "mock-embed").size).toBe(1);
    const tables = () =>
      (
        two.store.db.prepare("SELECT name FROM memory_vector_indexes ORDER BY name").all() as Array<{
          name: string;
        }>
      ).map((r) => r.name);
    expect(tables()).toEqual([knnTableName("mock-embed", EMBEDDING_DIMS)]);
    const done = await two.vectors!.reindex();
    expect(done.drained).toEqual({ embedded: 2, failed: 0 });
    expect(done.dropped).toEqual([knnTableName("mock-embed", EMBEDDING_DIMS)]);
    expect(tables()).toEqual([knnTableName("mock-embed-2", EMBEDDING_DIMS)]);
    expect((await two.rankQuery("deploy friday"))[0]?.id).toBe(memory.id);
    expect((await two.vectors!.reindex({ dryRun: true })).plan.queued).toBe(0);
  });
});

describe("damaged vectors never crash recall", () => {
  it("a vector of the wrong dimension and a corrupt BLOB are skipped with a note; reindex repairs them", async () => {
    const s = service(newPath());
    const [a, b] = [synonymOf("deploy", "shipit"), synonymOf("friday", "weekend")];
    const good = await s.remember({ title: a, body: b });
    // Other bodies (words of the same slot: the same vector) and classes, so the governor keeps
    // all three (an equal body is merged, near duplicates of one class supersede).
    const short = await s.remember({
      title: `${a} again`,
      body: synonymOf("friday", "sunday"),
      class: "procedure",
    });
    const corrupt = await s.remember({
      title: `${a} once more`,
      body: synonymOf("friday", "monday"),
      class: "episode",
    });
    const db = s.store.db;
    db.prepare("UPDATE memory_vectors SET vector = ?, dims = 3 WHERE id = ?").run(
      Buffer.from(new Float32Array([1, 0, 0]).buffer),
      short.memory.id,
    );
    db.prepare("UPDATE memory_vectors SET vector = ? WHERE id = ?").run(
      Buffer.from([1, 2, 3, 4, 5]),
      corrupt.memory.id,
    );
    const { ranked, notes } = await s.search("deploy friday");
    expect(ranked.map((r) => r.id)).toEqual([good.memory.id]);
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatch(
      /^2 stored vectors skipped \(m2: 3 dimensions where the query has 384; m3: 5 bytes is not a whole number of floats\)/,
    );
    const plan = (await s.vectors!.reindex({ dryRun: true })).plan;
    expect(plan.damaged).toBe(2);
    await s.vectors!.reindex();
    expect((await s.search("deploy friday")).notes).toEqual([]);
    expect((await s.rankQuery("deploy friday")).length).toBe(3);
  });

  it("a KNN table of the wrong dimension is skipped with a note, and reindex rebuilds it", async () => {
    const s = service(newPath());
    const [a, b] = [synonymOf("deploy", "shipit"), synonymOf("friday", "weekend")];
    const { memory } = await s.remember({ title: a, body: b });
    const name = knnTableName("mock-embed", EMBEDDING_DIMS);
    s.store.db.exec(
      `DROP TABLE ${name}; CREATE VIRTUAL TABLE ${name} USING vec0(embedding float[3] distance_metric=cosine, scope text partition key)`,
    );
    const broken = await s.search("deploy friday");
    // Still found: it is among the newest candidates, whose stored vectors are compared directly.
    expect(broken.ranked.map((r) => r.id)).toEqual([memory.id]);
    expect(broken.notes[0]).toMatch(
      /^the KNN index of mock-embed is unusable \(.+\); .*picasso memory reindex rebuilds it$/,
    );
    const report = await s.vectors!.reindex();
    expect(report.rebuilt).toEqual({ indexed: 1, skipped: 0 });
    const fixed = await s.search("deploy friday");
    expect(fixed.notes).toEqual([]);
    expect(fixed.ranked.map((r) => r.id)).toEqual([memory.id]);
  });

  it("a registry naming a table Picasso does not make is refused, not queried", async () => {
    const s = service(newPath());
    await s.remember({ title: "Deploy", body: "helm rollout" });
    s.store.db.prepare("UPDATE memory_vector_indexes SET name = 'memories; DROP TABLE memories'").run();
    const r = await s.search("helm");
    expect(r.ranked).toHaveLength(1);
    expect(r.notes[0]).toMatch(/not a table Picasso makes/);
    expect(s.store.count()).toBe(1);
  });
});
