import type { CatalogEntry } from "@picasso/protocol";
import { describe, expect, it } from "vitest";
import { deferredTools, families, groups } from "../../test/fixtures/tools.js";
import { buildCatalog } from "./build-catalog.js";
import { answerQuery } from "./catalog-answer.js";
import { formatCost } from "./subtree-cost.js";

const entries: CatalogEntry[] = [
  { kind: "mcp_server", name: "pg", description: "Postgres.", rules: "Read-only: never write." },
  {
    kind: "mcp_tool",
    server: "pg",
    name: "run_query",
    description: "Run SQL.",
    inputSchema: { type: "object" },
  },
  { kind: "mcp_tool", server: "pg", name: "list_tables", description: "List tables." },
  { kind: "doc", name: "docs/tools.md", description: "Core tools — ü." },
];
const catalog = buildCatalog({ deferred: deferredTools(), entries, families, groups });

describe("branch byte costs", () => {
  it("a branch costs exactly what an answer showing all its leaves in full takes, with its rules once", () => {
    for (const id of ["workspace/terminal", "workspace", "mcp/pg", "mcp", "docs", "web/web"]) {
      const branch = catalog.node(id)!;
      const leaves = catalog.leavesUnder(id);
      // The same budget-free rendering an expanded answer does: every leaf in full, rules once.
      const full = answerQuery(catalog, id, 1_000_000, "full");
      const shownInFull = full.shown.filter((s) => s.full);
      expect(branch.subtree, id).toEqual({ leaves: leaves.length, bytes: expect.any(Number) });
      if (shownInFull.length === leaves.length)
        expect(branch.subtree!.bytes, id).toBe(
          shownInFull.reduce((n, s) => n + s.bytes!, 0) + (shownInFull.length - 1),
        );
    }
    const pg = catalog.node("mcp/pg")!;
    const texts = catalog.leavesUnder("mcp/pg").map((l) => Buffer.byteLength(l.text!));
    const rules = Buffer.byteLength("Rules (server pg): Read-only: never write.");
    expect(pg.subtree).toEqual({ leaves: 2, bytes: texts[0]! + texts[1]! + rules + 2 });
    expect(catalog.node("mcp")!.subtree).toEqual(pg.subtree);
    const group = catalog.node("workspace")!;
    const familiesBelow = catalog.children("workspace");
    expect(group.subtree!.leaves).toBe(familiesBelow.reduce((n, f) => n + f.subtree!.leaves, 0));
    expect(group.subtree!.bytes).toBe(
      familiesBelow.reduce((n, f) => n + f.subtree!.bytes, 0) + familiesBelow.length - 1,
    );
    for (const leaf of catalog.leaves) expect(leaf.subtree).toBeUndefined();
  });

  it("is said compactly in list answers and group lists", () => {
    expect(formatCost({ leaves: 3, bytes: 4198 }, ["tool", "tool", "tool"])).toBe("3 tools, 4.1 KB");
    expect(formatCost({ leaves: 1, bytes: 900 }, ["doc"])).toBe("1 doc, 900 B");
    expect(formatCost({ leaves: 2, bytes: 2048 }, ["skill", "doc"])).toBe("2 entries, 2.0 KB");
    const none = answerQuery(catalog, "zzzq", 4096);
    const pgBytes = catalog.node("mcp")!.subtree!.bytes;
    expect(none.text).toContain(`- mcp (2 tools, ${pgBytes} B): `);
    expect(answerQuery(catalog, "pg", 4096).text.split("\n")[0]).toBe(
      `pg (mcp server; 2 tools, ${pgBytes} B in full): Postgres.`,
    );
  });
});
