import type { CatalogEntry, ToolFamily } from "@picasso/protocol";
import { describe, expect, it } from "vitest";
import { deferredTools, families, groups } from "../../test/fixtures/tools.js";
import { buildCatalog } from "./build-catalog.js";

const entries: CatalogEntry[] = [
  { kind: "mcp_server", name: "pg", description: "Postgres.", instructions: "Read-only access." },
  {
    kind: "mcp_tool",
    server: "pg",
    name: "run_query",
    description: "Run SQL.",
    inputSchema: { type: "object" },
  },
  { kind: "doc", name: "docs/tools.md", description: "Core tools.", when: "Working on a core tool" },
];
const build = (e = entries, f: readonly ToolFamily[] = families) =>
  buildCatalog({ deferred: deferredTools(), entries: e, families: f, groups });
const hashes = (c: ReturnType<typeof build>) => new Map(c.nodes.map((n) => [n.id, n.hash]));

describe("content-hash identity", () => {
  it("every node has a short hash, the same for the same sources whatever their order", () => {
    const a = build();
    const b = buildCatalog({
      deferred: [...deferredTools()].reverse(),
      entries: [...entries].reverse(),
      families,
      groups,
    });
    for (const node of a.nodes) expect(node.hash, node.id).toMatch(/^[0-9a-f]{16}$/);
    expect(hashes(b)).toEqual(hashes(a));
    expect(new Set(a.nodes.map((n) => n.hash)).size).toBe(a.nodes.length);
  });

  it("a changed source changes its node and every branch above it, nothing else", () => {
    const before = hashes(build());
    const changed = entries.map((e) =>
      e.name === "run_query" ? { ...e, inputSchema: { type: "object", required: ["sql"] } } : e,
    );
    const after = hashes(build(changed));
    const differ = [...before.keys()].filter((id) => before.get(id) !== after.get(id));
    expect(differ.sort()).toEqual(["mcp", "mcp/pg", "mcp/pg/run_query"]);
  });

  it("server instructions reach the hash of the tools whose when they shape; family rules reach the family", () => {
    const before = hashes(build());
    const changed = entries.map((e) =>
      e.kind === "mcp_server" ? { ...e, instructions: "Write access too." } : e,
    );
    expect(hashes(build(changed)).get("mcp/pg/run_query")).not.toBe(before.get("mcp/pg/run_query"));
    const ruled = families.map((f) => (f.name === "web" ? { ...f, rules: "Other rules." } : f));
    const after = hashes(build(entries, ruled));
    expect(after.get("web/web")).not.toBe(before.get("web/web"));
    expect(after.get("web/web/web_fetch")).toBe(before.get("web/web/web_fetch"));
  });
});
