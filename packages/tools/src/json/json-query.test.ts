import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createTestContext, type TestContext } from "../test-context.js";
import { jsonQueryTool } from "./json-query.js";

let ctx: TestContext;
beforeEach(() => {
  ctx = createTestContext();
  writeFileSync(
    join(ctx.root, "package.json"),
    JSON.stringify(
      {
        name: "shop",
        scripts: { build: "tsc -b", test: "vitest run" },
        dependencies: { zod: "^4.0.0", "@types/node": "^22.0.0" },
        items: [
          { id: 1, name: "apple", tags: [{ name: "fruit" }] },
          { id: 2, name: "bread" },
          { id: 3, name: "cheese" },
        ],
      },
      null,
      2,
    ),
  );
});
afterEach(() => ctx.cleanup());

const query = (q: string, path = "package.json", limit?: number) =>
  jsonQueryTool.run({ path, query: q, ...(limit ? { limit } : {}) }, ctx);

describe("json_query", () => {
  it("returns the value at a key path, with its path", async () => {
    expect(await query("scripts.test")).toEqual({
      content: 'package.json: 1 value at scripts.test:\nscripts.test: "vitest run"',
    });
    expect((await query("$.items[0].name")).content).toBe(
      'package.json: 1 value at $.items[0].name:\nitems[0].name: "apple"',
    );
    expect((await query("items[-1].id")).content).toBe(
      "package.json: 1 value at items[-1].id:\nitems[2].id: 3",
    );
    expect((await query("dependencies")).content).toBe(
      'package.json: 1 value at dependencies:\ndependencies: {\n  "zod": "^4.0.0",\n  "@types/node": "^22.0.0"\n}',
    );
    expect((await query('dependencies["@types/node"]')).content).toBe(
      'package.json: 1 value at dependencies["@types/node"]:\ndependencies["@types/node"]: "^22.0.0"',
    );
  });

  it("lists every match of [*] and ..key, in document order, up to limit", async () => {
    expect((await query("items[*].id")).content).toBe(
      "package.json: 3 values at items[*].id:\nitems[0].id: 1\nitems[1].id: 2\nitems[2].id: 3",
    );
    expect((await query("..name")).content).toBe(
      [
        "package.json: 5 values at ..name:",
        'name: "shop"',
        'items[0].name: "apple"',
        'items[0].tags[0].name: "fruit"',
        'items[1].name: "bread"',
        'items[2].name: "cheese"',
      ].join("\n"),
    );
    expect((await query("scripts.*", "package.json", 1)).content).toBe(
      'package.json: 2 values at scripts.* (the first 1; narrow the query or raise limit):\nscripts.build: "tsc -b"',
    );
    expect((await query("")).content).toMatch(/^package\.json: 1 value at \$:\n\$: \{\n {2}"name": "shop",/);
  });

  it("queries a JSONL file as an array of its lines' values", async () => {
    writeFileSync(join(ctx.root, "log.jsonl"), '{"level":"info"}\n\n{"level":"error","msg":"disk full"}\r\n');
    expect((await query("[*].level", "log.jsonl")).content).toBe(
      'log.jsonl: 2 values at [*].level:\n[0].level: "info"\n[1].level: "error"',
    );
    writeFileSync(join(ctx.root, "bad.ndjson"), '{"a":1}\n{"a":2,}\n');
    const out = await query("[*].a", "bad.ndjson");
    expect(out.isError).toBe(true);
    expect(out.content).toMatch(/^bad\.ndjson line 2 is not valid JSON: column 8: .+\.$/);
  });

  it("names the line and column of invalid JSON", async () => {
    writeFileSync(join(ctx.root, "broken.json"), '{\n  "a": 1,\n  "b" 2\n}\n');
    const out = await query("a", "broken.json");
    expect(out.isError).toBe(true);
    expect(out.content).toMatch(/^broken\.json is not valid JSON: line 3, column 7: .+\.$/);
    writeFileSync(join(ctx.root, "cut.json"), '{"a": [1, 2');
    expect((await query("a", "cut.json")).content).toMatch(
      /^cut\.json is not valid JSON: line 1, column 12: /,
    );
    writeFileSync(join(ctx.root, "comma.json"), "[1,\n]");
    expect((await query("[0]", "comma.json")).content).toMatch(
      /^comma\.json is not valid JSON: line 2, column 1: /,
    );
  });

  it("says which step of the query found nothing and what was there", async () => {
    const key = await query("scripts.tset");
    expect(key).toEqual({
      content:
        "No value at scripts.tset in package.json: .tset found nothing: scripts is an object with keys: build, test.",
      isError: true,
    });
    expect((await query("items[7]")).content).toBe(
      "No value at items[7] in package.json: [7] found nothing: items is an array of 3.",
    );
    expect((await query("name.first")).content).toBe(
      "No value at name.first in package.json: .first found nothing: name is a string.",
    );
    expect((await query("items[*].price")).content).toBe(
      "No value at items[*].price in package.json: .price found nothing: none of the 3 values at items[*] has it.",
    );
  });

  it("refuses a malformed query, naming the character", async () => {
    for (const [q, message] of [
      ["items[x]", 'query "items[x]": expected [integer], [*] or ["key"] at character 6.'],
      ["scripts..", 'query "scripts..": expected a key at character 10.'],
      ["a b", 'query "a b": expected ".", ".." or "[" at character 2.'],
    ] as const) {
      const out = await query(q);
      expect(out).toEqual({ content: `Invalid input for json_query: ${message}`, isError: true });
    }
  });

  it("keeps to the workspace and to regular files", async () => {
    const outside = mkdtempSync(join(tmpdir(), "json-outside-"));
    writeFileSync(join(outside, "secret.json"), '{"key":"x"}');
    const refused = await query("key", join(outside, "secret.json"));
    expect(refused.isError).toBe(true);
    expect(refused.content).toMatch(/outside the workspace/);
    expect((await query("a", "none.json")).content).toBe("File not found: none.json.");
    mkdirSync(join(ctx.root, "data"));
    expect((await query("a", "data")).content).toBe(
      "data is a folder; json_query reads one JSON or JSONL file.",
    );
    execFileSync("mkfifo", [join(ctx.root, "pipe.json")]);
    expect((await query("a", "pipe.json")).content).toBe(
      "pipe.json is not a regular file (device, socket or pipe).",
    );
    writeFileSync(join(ctx.root, "blob.json"), Buffer.from([0x7b, 0x00, 0x7d]));
    expect((await query("a", "blob.json")).content).toBe("blob.json is not UTF-8 text.");
  });

  it("keeps its answer within 16 KiB, saying what it left out", async () => {
    const rows = Array.from({ length: 400 }, (_, i) => ({ id: i, note: "x".repeat(900) }));
    writeFileSync(join(ctx.root, "big.json"), JSON.stringify({ rows }));
    const list = (await query("rows[*]", "big.json", 500)).content;
    expect(Buffer.byteLength(list)).toBeLessThanOrEqual(16 * 1024);
    expect(list).toMatch(
      /^big\.json: 400 values at rows\[\*\]:\nrows\[0\]: \{"id":0,"note":"x+… \(cut; query it alone\)$/m,
    );
    expect(list).toMatch(
      /\n… cut at 16384 bytes after \d+ of 400 values: narrow the query or lower limit\.$/,
    );
    const one = (await query("rows", "big.json")).content;
    expect(Buffer.byteLength(one)).toBeLessThanOrEqual(16 * 1024);
    expect(one).toMatch(/\n… cut at 16384 bytes of \d+: query a narrower path inside it\.$/);
  });
});
