/**
 * `picasso memory` with an embeddings endpoint (the mock's `/v1/embeddings`, named in
 * `$PICASSO_HOME/picasso.patch.yml`), through the built binary on a real memory.db:
 * `add` and `import` store a vector of the configured model; `search --explain` prints each
 * result's why; a query no memory is about prints `no memory matches`; `reindex --dry-run` says
 * what it would embed after the model changes and writes nothing; `reindex` embeds it; without an
 * endpoint `reindex` is one line naming the setting.
 */
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type MockServer, startMockServer } from "@picasso/mock-provider";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { picasso, workspace } from "./cli-harness.js";

const LONG = 120_000;

let server: MockServer;
beforeAll(async () => {
  server = await startMockServer({});
});
afterAll(() => server.close());

function homeWith(model: string | undefined): { env: NodeJS.ProcessEnv; home: string } {
  const home = mkdtempSync(join(tmpdir(), "picasso-memory-vectors-home-"));
  if (model) setModel(home, model);
  return { env: { ...process.env, PICASSO_HOME: home }, home };
}

function setModel(home: string, model: string): void {
  writeFileSync(
    join(home, "picasso.patch.yml"),
    `- insert:\n    settings:\n      memory.embeddings.baseUrl: ${server.url}/v1\n      memory.embeddings.model: ${model}\n`,
  );
}

describe("picasso memory with embeddings", () => {
  it(
    "add and import embed; search --explain says why; an unrelated query matches nothing; reindex after a model change",
    async () => {
      const { env, home } = homeWith("mock-embed");
      const dir = workspace();
      const run = async (args: string[]) => {
        const r = await picasso(dir, ["memory", ...args], { env });
        return { ...r, out: String(r.stdout), err: String(r.stderr) };
      };
      const before = server.requests.filter((r) => r.path === "/v1/embeddings").length;
      expect((await run(["add", "Deploy", "helm chart rollout to staging"])).exitCode).toBe(0);
      const file = join(home, "in.jsonl");
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
      writeFileSync(
        file,
        `${line("Tabs", "indent with tabs")}\n${line("Runner", "vitest runs the tests")}\n`,
      );
      const imported = await run(["import", file]);
      expect(imported.out).toBe(`imported from ${file}: 2 added, 0 updated, 0 unchanged\nembedded 2`);
      expect(server.requests.filter((r) => r.path === "/v1/embeddings").length).toBe(before + 2);

      const explained = await run(["search", "helm rollout", "--explain"]);
      expect(explained.out).toMatch(
        /^0\.\d{3} {2}m1 +fact +3 {2}project:\S+ {2}Deploy\n {7}why: vector 0\.\d\d \(\+0\.\d{3}\) · fts "helm" "rollout" 100% of the query \(\+0\.250\) · importance 3 \(\+0\.050\) · recency <1d \(\+0\.050\)$/,
      );
      expect((await run(["search", "deploy friday"])).out).toMatch(/^0\.\d{3} {2}m1 /);
      expect((await run(["search", "vacation plans"])).out).toBe('no memory matches "vacation plans"');

      setModel(home, "mock-embed-2");
      const dry = await run(["reindex", "--dry-run"]);
      expect(dry.out.split("\n").slice(0, 4)).toEqual([
        "would embed 3 memories with mock-embed-2:",
        "  0 queued",
        "  0 without a vector",
        "  3 with a vector of another model (mock-embed), not compared with mock-embed-2",
      ]);
      const done = await run(["reindex"]);
      expect(done.out).toMatch(/\nembedded 3\ndropped 1 KNN table\(s\) no stored vector uses$/);
      expect((await run(["reindex", "--dry-run"])).out.split("\n")[0]).toBe(
        "would embed 0 memories with mock-embed-2:",
      );
    },
    LONG,
  );

  it(
    "add with the endpoint down stores the memory, says it is queued, and reindex --dry-run lists it",
    async () => {
      const { env, home } = homeWith(undefined);
      writeFileSync(
        join(home, "picasso.patch.yml"),
        "- insert:\n    settings:\n      memory.embeddings.baseUrl: http://127.0.0.1:9/v1\n      memory.embeddings.model: mock-embed\n",
      );
      const dir = workspace();
      const added = await picasso(dir, ["memory", "add", "Ports", "the api listens on 8080"], { env });
      expect(added.exitCode).toBe(0);
      expect(String(added.stdout)).toMatch(/^remembered m1 /);
      expect(String(added.stderr)).toMatch(
        /^not embedded yet \(.+\); it stays queued: the next write, session or picasso memory reindex retries$/,
      );
      const dry = await picasso(dir, ["memory", "reindex", "--dry-run"], { env });
      expect(String(dry.stdout).split("\n").slice(0, 2)).toEqual([
        "would embed 1 memory with mock-embed:",
        expect.stringMatching(/^ {2}1 queued \(1 failed before: mock-embed: .+\)$/),
      ]);
      expect(String(dry.stdout)).toMatch(/\n {2}m1 {2}Ports$/);
    },
    LONG,
  );

  it(
    "reindex without an embedder is one line naming the setting",
    async () => {
      const { env, home } = homeWith(undefined);
      // No embedder at all (the default, auto, would take the local model).
      writeFileSync(
        join(home, "picasso.patch.yml"),
        "- insert:\n    settings:\n      memory.embeddings.provider: none\n",
      );
      const r = await picasso(workspace(), ["memory", "reindex"], { env });
      expect(r.exitCode).toBe(2);
      expect(String(r.stderr)).toMatch(/^picasso: memory\.embeddings\.provider: no embedder is configured/);
      expect(String(r.stderr).trim().split("\n")).toHaveLength(1);
    },
    LONG,
  );
});
