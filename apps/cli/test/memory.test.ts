/**
 * Memory end to end through the built binary, on a real `$PICASSO_HOME/memory.db`:
 * - session 1 (scripted mock) remembers a procedure (no vector: no embedder is configured by
 *   default; test/memory-vectors.test.ts covers the endpoint); session 2, a new session, shows its index
 *   line in the first user message (never in Tier 1); `recall` loads the body; a second `recall`
 *   is a pointer;
 * - `picasso memory add | list | show | search | export | rm | import`, and one-line mistakes;
 * - a damaged memory.db: one warning line, moved aside, the session still runs.
 */
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { MemoryStore, openMemoryDb } from "@picasso/memory";
import { describe, expect, it } from "vitest";
import { picasso, script, workspace } from "./cli-harness.js";

const LONG = 120_000;

function freshHome(): NodeJS.ProcessEnv {
  return { ...process.env, PICASSO_HOME: mkdtempSync(join(tmpdir(), "picasso-memory-home-")) };
}

function logOf(stdout: unknown): Array<Record<string, unknown>> {
  const { logPath } = JSON.parse(String(stdout)) as { logPath: string };
  return readFileSync(logPath, "utf8")
    .trim()
    .split("\n")
    .map((l) => JSON.parse(l) as Record<string, unknown>);
}

const json = (s: string) => ["--output-format", "json", "--provider", "mock", "--mock-script", s];

describe("memory across sessions", () => {
  it(
    "remember in session 1; session 2 shows the index line, recall loads the body, a second recall is a pointer",
    async () => {
      const env = freshHome();
      const dir = workspace();
      const first = script(
        dir,
        {
          steps: [
            {
              tool_calls: [
                {
                  name: "remember",
                  input: {
                    title: "Release steps",
                    body: "Tag vX.Y.Z, then npm run release.",
                    class: "procedure",
                  },
                },
              ],
            },
            { match: "Remembered m1", text: "Saved." },
          ],
        },
        "first.yaml",
      );
      const one = await picasso(
        dir,
        ["-p", "remember how we release", "--allow", "remember", ...json(first)],
        {
          env,
        },
      );
      expect(one.exitCode).toBe(0);
      expect(JSON.parse(String(one.stdout)).result).toBe("Saved.");
      // Stored, with no vector queued or kept: no embedder is configured by default.
      const opened = openMemoryDb(join(env.PICASSO_HOME!, "memory.db"));
      if (!opened.db) throw new Error(opened.problem);
      expect(new MemoryStore(opened.db, join(env.PICASSO_HOME!, "memory.db")).get(1)?.title).toBe(
        "Release steps",
      );
      expect(opened.db.prepare("SELECT count(*) AS n FROM memory_vectors").get()).toEqual({ n: 0 });
      opened.db.close();

      const second = script(
        dir,
        {
          steps: [
            {
              match: "m1 · procedure · Release steps · project",
              tool_calls: [{ name: "recall", input: { ids: ["m1"] } }],
            },
            { match: "Tag vX.Y.Z", tool_calls: [{ name: "recall", input: { ids: ["m1"] } }] },
            { match: "not repeated", text: "Tag, then release." },
          ],
        },
        "second.yaml",
      );
      const two = await picasso(dir, ["-p", "how do we release?", ...json(second)], { env });
      expect(two.exitCode).toBe(0);
      expect(JSON.parse(String(two.stdout)).result).toBe("Tag, then release.");
      const log = logOf(two.stdout);
      const header = log.find((e) => e.type === "request_header");
      expect(JSON.stringify(header)).not.toContain("memory-index");
      const firstUser = log.find((e) => e.type === "message" && e.index === 0);
      expect(JSON.stringify(firstUser)).toContain(
        "<memory-index>\\nMemories for this workspace (id · class · title · scope); recall({ids}) loads a body when it matters:\\nm1 · procedure · Release steps · project\\n</memory-index>",
      );
      expect(
        log.filter((e) => e.type === "tier2_load").map((e) => [e.kind, e.name, e.deduped === true]),
      ).toEqual([
        ["memory_body", "m1", false],
        ["memory_body", "m1", true],
      ]);
    },
    LONG,
  );

  it(
    "a damaged memory.db is one warning line, moved aside, and the session runs",
    async () => {
      const env = freshHome();
      writeFileSync(join(env.PICASSO_HOME!, "memory.db"), "not a database ".repeat(400));
      const dir = workspace();
      const s = script(dir, { steps: [{ text: "Still here." }] });
      const run = await picasso(dir, ["-p", "hi", ...json(s)], { env });
      expect(run.exitCode).toBe(0);
      expect(JSON.parse(String(run.stdout)).result).toBe("Still here.");
      expect(String(run.stderr)).toMatch(
        /^picasso: warning: memory: .*memory\.db is damaged \(.+\); moved to .*memory\.db\.corrupt-[0-9TZ-]+; this session runs without memory$/,
      );
      expect(readdirSync(env.PICASSO_HOME!).some((f) => f.startsWith("memory.db.corrupt-"))).toBe(true);
    },
    LONG,
  );
});

describe("picasso memory", () => {
  it(
    "add, list, show, search, export, rm, import — and one line for a mistake",
    async () => {
      const env = freshHome();
      const dir = workspace();
      const run = (args: string[]) => picasso(dir, ["memory", ...args], { env });
      const added = await run([
        "add",
        "Tabs",
        "Indent with tabs.",
        "--class",
        "preference",
        "--scope",
        "user",
      ]);
      expect(added.stdout).toBe("remembered m1 (preference, user): Tabs");
      expect((await run(["add", "DB", "Postgres 16 in docker", "--importance", "4"])).exitCode).toBe(0);
      const list = String((await run(["list"])).stdout).split("\n");
      expect(list).toHaveLength(2);
      expect(list[0]).toMatch(/^m2 +fact +4 {2}project:\S+ {2}DB$/);
      expect(String((await run(["show", "m1"])).stdout)).toMatch(
        /^m1 · preference · importance 3 · user\ntitle: Tabs\n.*\n\nIndent with tabs\.$/,
      );
      expect(String((await run(["search", "postgres"])).stdout)).toMatch(/^\d\.\d{3} {2}m2 /);
      const exported = await run(["export"]);
      expect(String(exported.stdout).split("\n")).toHaveLength(2);
      const bad = await run(["add", "Key", "sk-ant-api03-abcdefghijklmnopqrstuvwxyz"]);
      expect(bad.exitCode).toBe(2);
      expect(bad.stderr).toMatch(
        /^picasso: refused: this looks like an Anthropic API key; secrets are never stored/,
      );
      const missing = await run(["rm", "m9"]);
      expect([missing.exitCode, missing.stderr]).toEqual([2, "picasso: memory id: no memory m9"]);
      expect((await run(["rm", "m1"])).stdout).toBe("removed m1");
      const file = join(dir, "backup.jsonl");
      writeFileSync(file, String(exported.stdout));
      expect((await run(["import", file])).stdout).toBe(
        `imported from ${file}: 1 added, 0 updated, 1 unchanged`,
      );
      expect(String((await run(["list"])).stdout).split("\n")).toHaveLength(2);
    },
    LONG,
  );
});
