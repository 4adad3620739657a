/**
 * The governor on real SQLite files: duplicates merged (the same fact three ways leaves one
 * memory), updates superseding (the old one kept, out of recall), explicit `supersedes`, vectors
 * (injected, and the mock's /v1/embeddings), decay and `gc` — deterministic given the clock.
 */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { EMBEDDING_DIMS, type MockServer, startMockServer } from "@picasso/mock-provider";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { openAiEmbedder } from "./embeddings.js";
import type { GovernorVectors } from "./governor.js";
import { archive, DAY_MS, decayedImportance, gcLine, planGc } from "./memory-gc.js";
import { MemoryInputError, MemoryService } from "./memory-service.js";
import { MemoryStore } from "./memory-store.js";
import { openMemoryDb } from "./open-db.js";

const PROJECT = "project:gov-1";
const opened: MemoryStore[] = [];

function newService(options: { now?: () => number; embedder?: ReturnType<typeof openAiEmbedder> } = {}) {
  const path = join(mkdtempSync(join(tmpdir(), "memory-governor-")), "memory.db");
  const result = openMemoryDb(path);
  if (!result.db) throw new Error(result.problem);
  const store = new MemoryStore(result.db, path, options.now);
  opened.push(store);
  return new MemoryService(store, {
    projectScope: PROJECT,
    ...(options.now ? { now: options.now } : {}),
    ...(options.embedder ? { embedder: options.embedder } : {}),
  });
}

afterEach(() => {
  for (const s of opened.splice(0)) s.close();
});

describe("the governor on write (a real memory.db)", () => {
  it("the same fact written three ways leaves one memory, the answers naming its id", async () => {
    const service = newService();
    const first = await service.remember({ title: "Use pnpm, not npm", body: "Use pnpm, not npm" });
    const second = await service.remember({ title: "use PNPM not NPM.", body: "use PNPM not NPM." });
    const third = await service.remember({
      title: "We use pnpm rather than npm",
      body: "We use pnpm rather than npm",
    });
    expect([first.outcome, second.outcome, third.outcome]).toEqual(["added", "merged", "merged"]);
    expect(second.memory.id).toBe(first.memory.id);
    expect(third.memory.id).toBe(first.memory.id);
    expect(service.store.count()).toBe(1);
    // Each restatement made it a little more important.
    expect(service.store.get(first.memory.id)?.importance).toBe(5);
    expect((await service.recallQuery("pnpm npm")).map((m) => m.id)).toEqual([first.memory.id]);
  });

  it("an exact duplicate merges whatever its title or class; another scope is another memory", async () => {
    const service = newService();
    const a = await service.remember({ title: "Indent", body: "Indent with two spaces." });
    const b = await service.remember({ title: "Style", body: "indent with TWO spaces", class: "preference" });
    expect(b).toMatchObject({ outcome: "merged", memory: { id: a.memory.id } });
    const user = await service.remember({ title: "Indent", body: "Indent with two spaces.", scope: "user" });
    expect(user.outcome).toBe("added");
    expect(user.memory.id).not.toBe(a.memory.id);
  });

  it("an update (a near duplicate that says something else) supersedes: the old one kept, out of recall", async () => {
    const service = newService();
    const old = await service.remember({ title: "Package manager", body: "Use pnpm, not npm" });
    const update = await service.remember({ title: "Package manager choice", body: "Use npm, not pnpm" });
    expect(update.outcome).toBe("superseded");
    expect(update.other?.id).toBe(old.memory.id);
    expect(service.store.get(old.memory.id)).toMatchObject({ supersededBy: update.memory.id });
    expect((await service.recallQuery("pnpm npm")).map((m) => m.id)).toEqual([update.memory.id]);
    expect(service.recallIds([old.memory.id])).toEqual([]);
    expect(service.store.list().map((m) => m.id)).toEqual([update.memory.id]);
    expect(
      service.store
        .list({ retired: true })
        .map((m) => m.id)
        .sort(),
    ).toEqual([old.memory.id, update.memory.id]);
    expect(service.ranked(10, ["fact"]).map((m) => m.id)).toEqual([update.memory.id]);
  });

  it("distinct facts that share words are both kept", async () => {
    const service = newService();
    await service.remember({ title: "Memory tests", body: "Tests run with vitest in packages/memory" });
    const b = await service.remember({
      title: "Engine tests",
      body: "Tests run with vitest in packages/engine",
    });
    expect(b.outcome).toBe("added");
    expect(service.store.list().length).toBe(2);
  });

  it("an explicit supersedes retires any memory of the session's scopes, and takes its importance", async () => {
    const service = newService();
    const old = await service.remember({ title: "Deploy day", body: "We deploy on Fridays", importance: 4 });
    const next = await service.remember({
      title: "Release window",
      body: "Releases go out Tuesday mornings",
      supersedes: `m${old.memory.id}`,
    });
    expect(next).toMatchObject({ outcome: "superseded", other: { id: old.memory.id } });
    expect(next.memory.importance).toBe(4);
    await expect(
      service.remember({ title: "x", body: "y", supersedes: `m${old.memory.id}` }),
    ).rejects.toThrow(`supersedes: m${old.memory.id} is already superseded by m${next.memory.id}`);
    await expect(service.remember({ title: "x", body: "y", supersedes: "m999" })).rejects.toThrow(
      "supersedes: no memory m999 in this workspace's scopes",
    );
    await expect(service.remember({ title: "x", body: "y", supersedes: "twelve" })).rejects.toBeInstanceOf(
      MemoryInputError,
    );
    expect(service.store.count()).toBe(2);
  });

  it("compares vectors when the session has an embedder (injected vectors)", async () => {
    const service = newService();
    const a = await service.remember({ title: "Deploy day", body: "Deploys go out on Tuesdays" });
    const b = await service.remember({ title: "Release day", body: "Releases ship every Tuesday morning" });
    expect(b.outcome).toBe("added");
    const vectors: GovernorVectors = {
      embed: async () => new Float32Array([1, 0, 0.11]),
      stored: (ids) =>
        new Map(ids.map((id) => [id, new Float32Array(id === a.memory.id ? [1, 0, 0.1] : [0, 1, 0])])),
    };
    const { MemoryGovernor } = await import("./governor.js");
    const verdict = await new MemoryGovernor(service.store, vectors).judge({
      title: "Deploy day moved",
      body: "Deploys go out on Tuesday afternoons",
      scope: PROJECT,
      class: "fact",
    });
    expect(verdict).toMatchObject({
      action: "supersede",
      existing: { id: a.memory.id },
      likeness: { by: "vector" },
    });
  });
});

describe("the governor with the mock's /v1/embeddings", () => {
  let server: MockServer;
  beforeAll(async () => {
    server = await startMockServer({});
  });
  afterAll(() => server.close());

  it("embeds each write once and still merges the three phrasings", async () => {
    const service = newService({
      embedder: openAiEmbedder({ baseUrl: `${server.url}/v1`, model: "mock-embed" }),
    });
    const before = server.requests.filter((r) => r.path === "/v1/embeddings").length;
    const a = await service.remember({ title: "Use pnpm, not npm", body: "Use pnpm, not npm" });
    await service.remember({ title: "We use pnpm rather than npm", body: "We use pnpm rather than npm" });
    const c = await service.remember({ title: "Port", body: "The API listens on 8080" });
    expect(service.store.count()).toBe(2);
    expect(service.store.vectors([a.memory.id, c.memory.id], "mock-embed").get(c.memory.id)?.length).toBe(
      EMBEDDING_DIMS,
    );
    // The first write had nothing to compare (one embed, to store); the merge one (to compare);
    // the third shares no word (one, to store).
    expect(server.requests.filter((r) => r.path === "/v1/embeddings").length - before).toBe(3);
  });
});

describe("decay and gc (deterministic given the clock)", () => {
  it("decays never-used memories one point per 30 days; used, pinned and preferences keep theirs", () => {
    const base = { id: 1, title: "t", body: "b", scope: "user", importance: 3, createdAt: 0, updatedAt: 0 };
    expect(decayedImportance({ ...base, class: "fact" }, 29 * DAY_MS)).toBe(3);
    expect(decayedImportance({ ...base, class: "fact" }, 65 * DAY_MS)).toBe(1);
    expect(decayedImportance({ ...base, class: "fact" }, 90 * DAY_MS)).toBe(0);
    expect(decayedImportance({ ...base, class: "fact", usedAt: 1 }, 900 * DAY_MS)).toBe(3);
    expect(decayedImportance({ ...base, class: "pinned" }, 900 * DAY_MS)).toBe(3);
    expect(decayedImportance({ ...base, class: "preference" }, 900 * DAY_MS)).toBe(3);
  });

  it("gc --dry-run lists exactly the superseded, the decayed and the long-unused; gc archives exactly those", async () => {
    let now = Date.UTC(2026, 0, 1);
    const service = newService({ now: () => now });
    const add = (title: string, body: string, extra: Record<string, unknown> = {}) =>
      service.remember({ title, body, ...extra }).then((r) => r.memory.id);
    const trivia = await add("Coffee machine", "The office coffee machine is on floor 2", { importance: 1 });
    const old = await add("Deploy day", "We deploy on Fridays");
    const used = await add("Build tool", "The repo builds with turbo", { importance: 2 });
    const pinned = await add("No force push", "Never force-push main", { class: "pinned", importance: 1 });
    const pref = await add("Tabs", "Indent with tabs", { class: "preference", importance: 1 });
    now += 40 * DAY_MS;
    service.recallIds([used]);
    const fresh = await add("Release window", "Releases go out Tuesday mornings", { supersedes: `m${old}` });
    const important = await add("Payments", "The payments service owns the ledger tables", { importance: 5 });
    now += 400 * DAY_MS;
    const recent = await add("Linter", "Biome formats and lints the repo");

    const plan = planGc(service.store, now, service.scopes());
    expect(plan.map((e) => [e.memory.id, e.reason])).toEqual([
      [trivia, "decayed: importance 1 → -13, never used, 440 days"],
      [old, `superseded by m${fresh}`],
      [used, "unused for 400 days"],
      [fresh, "decayed: importance 3 → -10, never used, 400 days"],
      [important, "decayed: importance 5 → -8, never used, 400 days"],
    ]);
    expect(gcLine(plan[1]!)).toBe(`m${old}  fact  ${PROJECT}  Deploy day  (superseded by m${fresh})`);
    // A dry run changes nothing: the same plan again, byte for byte.
    expect(planGc(service.store, now, service.scopes())).toEqual(plan);

    expect(archive(service.store, plan, now).archived).toBe(5);
    expect(planGc(service.store, now, service.scopes())).toEqual([]);
    expect(
      service.store
        .list()
        .map((m) => m.id)
        .sort(),
    ).toEqual([pinned, pref, recent].sort());
    expect(service.store.get(trivia)).toMatchObject({ archivedAt: now });
    expect(service.store.count()).toBe(8);
    expect(await service.recallQuery("payments ledger")).toEqual([]);
  });
});
