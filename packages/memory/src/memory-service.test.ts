import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { forgetHeldSecrets, holdSecretValue } from "@picasso/protocol";
import { afterEach, describe, expect, it } from "vitest";
import type { Embedder } from "./embeddings.js";
import { MemoryInputError, MemoryService } from "./memory-service.js";
import { MemoryStore } from "./memory-store.js";
import { openMemoryDb } from "./open-db.js";

const DAY = 86_400_000;
const opened: MemoryStore[] = [];

function newService(options: { now?: () => number; embedder?: Embedder; project?: string } = {}) {
  const path = join(mkdtempSync(join(tmpdir(), "memory-")), "memory.db");
  const result = openMemoryDb(path);
  if (!result.db) throw new Error(result.problem);
  const store = new MemoryStore(result.db, path, options.now);
  opened.push(store);
  return new MemoryService(store, {
    projectScope: options.project ?? "project:demo-1234",
    ...(options.embedder ? { embedder: options.embedder } : {}),
    ...(options.now ? { now: options.now } : {}),
  });
}

afterEach(() => {
  for (const s of opened.splice(0)) s.close();
});

describe("remember", () => {
  it("stores a memory in the project scope by default and reads it back from a new connection", async () => {
    const service = newService();
    const { memory, updated } = await service.remember({
      title: "Build tool",
      body: "The repo builds with turbo.",
    });
    expect(updated).toBe(false);
    expect(memory).toMatchObject({ class: "fact", scope: "project:demo-1234", importance: 3 });
    const again = openMemoryDb(service.store.path);
    if (!again.db) throw new Error(again.problem);
    const other = new MemoryStore(again.db, service.store.path);
    expect(other.get(memory.id)?.body).toBe("The repo builds with turbo.");
    other.close();
  });

  it("updates the memory with the same title in the same scope instead of adding one", async () => {
    const service = newService();
    const first = await service.remember({
      title: "Indent",
      body: "tabs",
      class: "preference",
      scope: "user",
    });
    const second = await service.remember({
      title: "indent",
      body: "two spaces",
      class: "preference",
      scope: "user",
    });
    expect(second.updated).toBe(true);
    expect(second.memory.id).toBe(first.memory.id);
    expect(service.store.count()).toBe(1);
    expect(service.recallIds([first.memory.id])[0]?.body).toBe("two spaces");
  });

  it("keeps the class and importance of the memory it updates unless new ones are given", async () => {
    const service = newService();
    await service.remember({ title: "Indent", body: "tabs", class: "pinned", importance: 5 });
    const again = await service.remember({ title: "Indent", body: "tabs, width 4" });
    expect(again.updated).toBe(true);
    expect(again.memory).toMatchObject({ class: "pinned", importance: 5, body: "tabs, width 4" });
    const changed = await service.remember({
      title: "Indent",
      body: "tabs",
      class: "preference",
      importance: 2,
    });
    expect(changed.memory).toMatchObject({ class: "preference", importance: 2 });
    const fresh = await service.remember({ title: "Build", body: "turbo" });
    expect(fresh.memory).toMatchObject({ class: "fact", importance: 3 });
  });

  it.each([
    [{ title: "", body: "x" }, "title: a non-empty string is required"],
    [{ title: "t", body: 3 }, "body: a non-empty string is required"],
    [{ title: "t", body: "b", class: "opinion" }, 'class: "opinion" is not one of'],
    [{ title: "t", body: "b", importance: 9 }, "importance: an integer from 1 to 5"],
    [{ title: "t", body: "b", scope: "team" }, 'scope: "team" is not user, project'],
  ])("refuses %j naming the field", async (input, message) => {
    const service = newService();
    await expect(service.remember(input)).rejects.toThrow(message);
    expect(service.store.count()).toBe(0);
  });

  it.each([
    ["the key is sk-ant-api03-abcdefghijklmnopqrstuvwx", "an Anthropic API key"],
    ["OPENAI=sk-proj-abcdefghijklmnopqrstuvwxyz012345", "an OpenAI-style API key"],
    ["token ghp_abcdefghijklmnopqrstuvwxyz0123456789", "a GitHub token"],
    ["AKIAABCDEFGHIJKLMNOP is the id", "an AWS access key id"],
    ["password = hunter2hunter2", "a password or secret assignment"],
  ])("refuses a secret (%s) without echoing it", async (body, kind) => {
    const service = newService();
    const error = await service.remember({ title: "creds", body }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MemoryInputError);
    expect((error as Error).message).toContain(kind);
    expect((error as Error).message).not.toContain(body.split(" ").find((w) => w.length > 12) ?? body);
    expect(service.store.count()).toBe(0);
  });

  it("refuses a value this process holds, and an env-style credential, without echoing either", async () => {
    const service = newService();
    holdSecretValue("ordinary-looking-provider-key-77");
    try {
      for (const body of [
        "login with ordinary-looking-provider-key-77 on staging",
        "DB_PASSWORD=hunter2hunter2",
      ]) {
        const error = await service.remember({ title: "creds", body }).catch((e: unknown) => e);
        expect(error).toBeInstanceOf(MemoryInputError);
        expect((error as Error).message).toMatch(/^refused: this looks like /);
        expect((error as Error).message).not.toMatch(/ordinary-looking-provider-key-77|hunter2/);
      }
      expect(service.store.count()).toBe(0);
    } finally {
      forgetHeldSecrets();
    }
  });
});

describe("recall", () => {
  it("finds by words of the query, best match first, only in the user's and this project's scopes", async () => {
    const service = newService();
    await service.remember({ title: "Database", body: "Postgres 16 runs in docker compose", importance: 2 });
    await service.remember({ title: "Deploy", body: "Deploys go through the release workflow" });
    await service.remember({
      title: "Other project db",
      body: "Postgres elsewhere",
      scope: "project:other-9",
    });
    const found = await service.recallQuery("which postgres version?");
    expect(found.map((m) => m.title)[0]).toBe("Database");
    expect(found.map((m) => m.title)).not.toContain("Other project db");
  });

  it("ranks the matches by importance and recency, and marks what it returns as used", async () => {
    let now = 1_000 * DAY;
    const service = newService({ now: () => now });
    const old = await service.remember({ title: "Old", body: "release notes", importance: 3 });
    now += 90 * DAY;
    const fresh = await service.remember({ title: "Fresh", body: "release steps", importance: 3 });
    const vital = await service.remember({ title: "Vital", body: "release keys", importance: 5 });
    const found = await service.recallQuery("release", 3);
    expect(found.map((m) => m.id)).toEqual([vital.memory.id, fresh.memory.id, old.memory.id]);
    expect(service.store.get(old.memory.id)?.usedAt).toBe(now);
  });

  it("finds nothing when no word of the query matches, however recent or important the memories", async () => {
    const service = newService();
    await service.remember({ title: "Vital", body: "release keys", importance: 5 });
    await service.remember({ title: "Fresh", body: "the build uses turbo" });
    expect(await service.rankQuery("zzz")).toEqual([]);
    expect(await service.recallQuery("kubernetes helm")).toEqual([]);
    expect(service.store.get(1)?.usedAt).toBeUndefined();
  });

  it("gives recall by ids in the order asked, skipping ids that do not exist", async () => {
    const service = newService();
    const a = await service.remember({ title: "A", body: "a" });
    const b = await service.remember({ title: "B", body: "b" });
    expect(service.recallIds([b.memory.id, 999, a.memory.id]).map((m) => m.title)).toEqual(["B", "A"]);
  });

  it("adds the vector term when an embedder is configured (stored as BLOBs per model)", async () => {
    // A toy embedder: one dimension per topic word, so similarity is predictable.
    const topics = ["cat", "dog", "car"];
    const embedder: Embedder = {
      model: "toy",
      embed: async (texts) =>
        texts.map((t) => Float32Array.from(topics.map((w) => (t.toLowerCase().includes(w) ? 1 : 0)))),
    };
    const service = newService({ embedder });
    await service.remember({ title: "Pets", body: "the dog sleeps" });
    await service.remember({ title: "Garage", body: "the car is red" });
    expect(service.store.vectors([1, 2], "toy").get(2)).toEqual(Float32Array.from([0, 0, 1]));
    // "car" matches FTS for Garage; the vector term agrees, and Pets scores only on importance/recency.
    const found = await service.rankQuery("my car");
    expect(found[0]?.id).toBe(2);
    expect(found[0]?.score).toBeGreaterThan(0.85);
  });
});
