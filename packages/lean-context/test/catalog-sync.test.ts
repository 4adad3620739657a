/**
 * The catalog on disk is built only when its sources changed (catalog/catalog-sync.ts): a second
 * start with nothing changed builds and writes nothing and sends the same Tier 1; a changed
 * source rewrites only the files whose content changed; a damaged state or a tampered file is
 * never trusted.
 */
import {
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  realpathSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createSession } from "@picasso/engine";
import { type ModelProvider, type PicassoExtension, readLogFileAll } from "@picasso/protocol";
import { describe, expect, it } from "vitest";
import { catalogStatePath } from "../src/catalog/catalog-store.js";
import { syncCatalog } from "../src/catalog/catalog-sync.js";
import { createLeanContextPlugin, renderCatalogFiles } from "../src/index.js";
import { assembleWorkspaceTier1 } from "../src/tier1/workspace-tier1.js";
import { deferredTools, families, groups } from "./fixtures/tools.js";

const idle: ModelProvider = {
  name: "idle",
  model: "idle",
  contextWindow: 100_000,
  stream() {
    throw new Error("opening a session sends nothing");
  },
};

function place() {
  const root = realpathSync(mkdtempSync(join(tmpdir(), "catalog-sync-ws-")));
  const home = realpathSync(mkdtempSync(join(tmpdir(), "picasso-home-catalog-sync-")));
  mkdirSync(join(root, ".picasso"));
  mkdirSync(join(root, "docs"));
  writeFileSync(
    join(root, "AGENTS.md"),
    "| when | read |\n| --- | --- |\n| deploying | `docs/deploy.md` |\n",
  );
  writeFileSync(join(root, "docs/deploy.md"), "# Deployment\n\n## Rolling back\n");
  return { root, home };
}

async function opened(root: string, home: string) {
  const lean = createLeanContextPlugin({ claudeHome: join(home, "no-claude") });
  const tools: PicassoExtension = { name: "tools", families, groups, registerTools: () => deferredTools() };
  const session = await createSession({
    provider: idle,
    plugins: [lean, tools],
    workspaceRoot: root,
    picassoHome: home,
  });
  try {
    const { events } = await readLogFileAll(session.logPath);
    const build = events.find((e) => e.type === "catalog_build");
    return { build, tier1: JSON.stringify(lean.assembly()?.tier1), lean };
  } finally {
    await session.close("done");
  }
}

/** Every file of the catalog folder and the workspace's state: name → inode, mtime, size. */
function snapshot(root: string, home: string): Map<string, string> {
  const dir = join(home, "tool-catalog");
  const out = new Map<string, string>();
  for (const path of [...readdirSync(dir).map((n) => join(dir, n)), catalogStatePath(home, root)]) {
    const s = statSync(path);
    out.set(path, `${s.ino}:${s.mtimeMs}:${s.size}`);
  }
  return out;
}

const changedFiles = (before: Map<string, string>, after: Map<string, string>) =>
  [...new Set([...before.keys(), ...after.keys()])]
    .filter((p) => before.get(p) !== after.get(p))
    .map((p) => p.split("/").pop())
    .sort();

describe("the catalog built only when changed", () => {
  it("a second start with nothing changed writes no file and sends the same Tier 1", async () => {
    const { root, home } = place();
    const first = await opened(root, home);
    const files = snapshot(root, home);
    expect(files.size).toBeGreaterThan(2);
    const second = await opened(root, home);
    expect(changedFiles(files, snapshot(root, home))).toEqual([]);
    expect(second.tier1).toBe(first.tier1);
    expect(second.build).toMatchObject({ compared: true, added: 0, changed: 0, removed: 0, ids: [] });
    expect(second.build?.unchanged).toBe(first.build?.added);
    expect(second.build?.entries).toBe(first.build?.entries);
    expect(second.build?.hash).toBe(first.build?.hash);
    // The catalog the gateways navigate is still the full one, built when first read.
    expect(second.lean.panel!().rows.find((r) => r.label === "Catalog")?.value).toMatch(/unchanged/);
    const search = second.lean.registerTools!({} as never).find((t) => t.spec.name === "tool_search")!;
    const answer = await search.run({ query: "docs/deploy.md" }, {} as never);
    expect(answer.content).toContain("Rolling back");
    const manifest = JSON.parse(readFileSync(join(home, "tool-catalog", "manifest.json"), "utf8"));
    expect(manifest.nodes.map((n: { id: string }) => n.id)).toContain("docs/docs/deploy.md");
  });

  it("a changed source rewrites only the files whose content changed, and Tier 1 stays the same", async () => {
    const { root, home } = place();
    const first = await opened(root, home);
    const before = snapshot(root, home);
    writeFileSync(join(root, "docs/deploy.md"), "# Deployment\n\n## Rolling back\n\n## Canary\n");
    const second = await opened(root, home);
    expect(second.build).toMatchObject({ compared: true, changed: 1, ids: ["docs/docs/deploy.md"] });
    const state = catalogStatePath(home, root).split("/").pop();
    expect(changedFiles(before, snapshot(root, home))).toEqual(["docs.md", "manifest.json", state].sort());
    expect(second.tier1).toBe(first.tier1);
    expect(readFileSync(join(home, "tool-catalog", "docs.md"), "utf8")).toContain("Canary");
  });

  it("a tampered or stray file in the folder is put right at the next start; a damaged state is ignored", async () => {
    const { root, home } = place();
    await opened(root, home);
    const dir = join(home, "tool-catalog");
    const docs = readFileSync(join(dir, "docs.md"), "utf8");
    writeFileSync(join(dir, "docs.md"), "planted text\n");
    writeFileSync(join(dir, "planted.md"), "planted\n");
    const again = await opened(root, home);
    expect(again.build).toMatchObject({ compared: true, added: 0, changed: 0, removed: 0 });
    expect(readFileSync(join(dir, "docs.md"), "utf8")).toBe(docs);
    expect(readdirSync(dir)).not.toContain("planted.md");

    writeFileSync(catalogStatePath(home, root), "{ damaged");
    const before = snapshot(root, home);
    const damaged = await opened(root, home);
    expect(damaged.build).toMatchObject({ compared: false });
    expect(String(damaged.build?.note)).toMatch(/not valid JSON; ignored/);
    // Files of the same content are not rewritten; the state is.
    expect(changedFiles(before, snapshot(root, home))).toEqual([
      catalogStatePath(home, root).split("/").pop(),
    ]);
    const third = await opened(root, home);
    expect(third.build).toMatchObject({ compared: true, changed: 0, added: 0, removed: 0 });
  });

  it("builds the catalog only when the sources key or the files differ", () => {
    const { root, home } = place();
    const ws = assembleWorkspaceTier1({
      surface: "cli",
      workspaceRoot: root,
      cwd: root,
      picassoHome: home,
      claudeHome: join(home, "no-claude"),
      tools: deferredTools(),
      families,
      groups,
    });
    let builds = 0;
    const sync = (sourcesKey: string) =>
      syncCatalog({
        picassoHome: home,
        workspaceRoot: root,
        sourcesKey,
        catalog: () => {
          builds++;
          return ws.catalog;
        },
      });
    const key = ws.catalogKey();
    expect(key).toMatch(/^[0-9a-f]{64}$/);
    const first = sync(key);
    expect(builds).toBe(1);
    expect(first.written.length).toBe(renderCatalogFiles(ws.catalog, "home").size);
    expect(sync(key).written).toEqual([]);
    expect(builds).toBe(1);
    // Another key (a source changed): built again, nothing written since the content is the same.
    const other = sync("0".repeat(64));
    expect(builds).toBe(2);
    expect(other.written).toEqual([]);
    // A state planted with a stamp of another shape is no fast path.
    const path = catalogStatePath(home, root);
    const state = JSON.parse(readFileSync(path, "utf8"));
    writeFileSync(
      path,
      JSON.stringify({ ...state, stamp: { ...state.stamp, files: { "../x.md": "1:2:3:4" } } }),
    );
    sync("0".repeat(64));
    expect(builds).toBe(3);
  });
});
