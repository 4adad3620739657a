/**
 * `picasso eval memory`: the shipped dev and held-out splits scored without vectors and with the
 * mock's deterministic embeddings; `--min-score` sets the floor;
 * `--embeddings endpoint` reads the composition's
 * `memory.embeddings.*` as a session does; mistakes are one line naming the flag or the file.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { type MockServer, startMockServer } from "@picasso/mock-provider";
import { isUserError } from "@picasso/protocol";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { evalMemory, renderMemoryReport } from "./eval-memory.js";

const EVAL = fileURLToPath(new URL("../../../../packages/memory/eval/", import.meta.url));
const DEV = join(EVAL, "queries.dev.yml");
const HELDOUT = join(EVAL, "queries.heldout.yml");

let server: MockServer;
beforeAll(async () => {
  server = await startMockServer({});
});
afterAll(() => server.close());

function home(patch?: string): { cwd: string; env: NodeJS.ProcessEnv } {
  const root = mkdtempSync(join(tmpdir(), "eval-memory-"));
  const picassoHome = join(root, "home");
  mkdirSync(picassoHome);
  if (patch) writeFileSync(join(picassoHome, "picasso.patch.yml"), patch);
  const cwd = join(root, "ws");
  mkdirSync(cwd);
  return { cwd, env: { PICASSO_HOME: picassoHome } };
}

describe("picasso eval memory", () => {
  it("scores the dev and held-out splits without vectors: recall@5 by keyword sharing, precision, unrelated bodies", async () => {
    const [dev, held] = await evalMemory({ queries: [DEV, HELDOUT] }, home());
    expect(dev).toMatchObject({ split: "dev", embeddings: "none", vectorsStored: 0, k: 5 });
    expect(held).toMatchObject({ split: "heldout", embeddings: "none" });
    expect(dev!.memories).toBeGreaterThanOrEqual(200);
    expect(dev!.relevantQueries + held!.relevantQueries).toBeGreaterThanOrEqual(60);
    expect(dev!.recallKeyword).toBeGreaterThanOrEqual(0.9);
    // The relevance floor (query coverage): a query nothing answers loads no body, on either split,
    // and an update's outdated memory is never returned.
    expect([dev!.unrelatedBodiesLoaded, held!.unrelatedBodiesLoaded]).toEqual([0, 0]);
    expect([dev!.outdatedReturned, held!.outdatedReturned]).toEqual([0, 0]);
    const text = renderMemoryReport(dev!);
    expect(text).toMatch(
      /^Memory retrieval eval: dev split, \d+ queries \(\d+ with no relevant memory\), \d+ memories \(\d+ visible to the project\), no embeddings, relevance floor 0\.45\n/,
    );
    expect(text).toMatch(/recall@5 +\d\.\d\d {2}\(\d+ queries\)\n {4}sharing a keyword +\d\.\d\d/);
    expect(text).toMatch(/ {2}precision +\d\.\d\d/);
    expect(text).toMatch(
      /unrelated bodies loaded +\d+ {2}\(\d+\/\d+ queries with no relevant memory loaded any; goal 0\)/,
    );
    expect(renderMemoryReport(held!)).toMatch(/^Memory retrieval eval: held-out split, /);
  });

  it("--embeddings mock: the mock's /v1/embeddings gives every memory a vector on the write path", async () => {
    const [dev] = await evalMemory({ queries: [DEV], embeddings: "mock" }, home());
    expect(dev).toMatchObject({ embeddings: "mock-embed" });
    expect(dev!.vectorsStored).toBe(dev!.memories);
    expect(dev!.unrelatedBodiesLoaded).toBe(0);
    expect(renderMemoryReport(dev!)).toContain(`embeddings mock-embed (${dev!.memories} vectors stored)`);
  });

  it("--embeddings endpoint: the composition's memory.embeddings settings, as a session uses them", async () => {
    const before = server.requests.filter((r) => r.path === "/v1/embeddings").length;
    const where = home(
      `- insert:\n    settings:\n      memory.embeddings.baseUrl: ${server.url}/v1\n      memory.embeddings.model: eval-embed\n`,
    );
    const [held] = await evalMemory({ queries: [HELDOUT], embeddings: "endpoint" }, where);
    expect(held).toMatchObject({ embeddings: "eval-embed", vectorsStored: held!.memories });
    expect(server.requests.filter((r) => r.path === "/v1/embeddings").length - before).toBeGreaterThanOrEqual(
      held!.memories + held!.queries,
    );
  });

  it("--min-score sets the relevance floor: 0 lets every candidate through", async () => {
    const [floored] = await evalMemory({ queries: [HELDOUT] }, home());
    const [open] = await evalMemory({ queries: [HELDOUT], minScore: "0" }, home());
    expect(open).toMatchObject({ minScore: 0 });
    expect(renderMemoryReport(open!)).toContain("no embeddings, relevance floor 0\n");
    expect(open!.meanReturned).toBeGreaterThan(floored!.meanReturned);
    expect(open!.unrelatedBodiesLoaded).toBeGreaterThanOrEqual(floored!.unrelatedBodiesLoaded);
  });

  it("mistakes are one line naming the flag or the file", async () => {
    for (const [flags, message] of [
      [{}, /^eval memory: --queries FILE is required/],
      [{ queries: [DEV], embeddings: "bert" }, /^--embeddings: expected none, mock or endpoint, got "bert"$/],
      [
        { queries: [DEV], embeddings: "local" },
        /^--embeddings: expected none, mock or endpoint, got "local"$/,
      ],
      [{ queries: [DEV], minScore: "2" }, /^--min-score: "2" is not a number from 0 to 1$/],
      [{ queries: [DEV], minScore: "low" }, /^--min-score: "low" is not a number from 0 to 1$/],
      [{ queries: [DEV], embeddings: "endpoint" }, /^--embeddings endpoint: no memory\.embeddings\.baseUrl/],
      [{ queries: [join(EVAL, "absent.yml")] }, /absent\.yml: cannot read the queries file/],
    ] as const) {
      const error = await evalMemory(flags, home()).catch((e: unknown) => e);
      expect(isUserError(error), String(error)).toBe(true);
      expect((error as Error).message).toMatch(message);
    }
  });
});
