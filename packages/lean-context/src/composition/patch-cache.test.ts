import { mkdirSync, mkdtempSync, readFileSync, statSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { approveProjectFile } from "@picasso/workspace";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseCachePath, parseCacheStats, setParseSeedDir } from "../io/parse-cache.js";
import {
  type LoadCompositionOptions,
  loadComposition,
  PROJECT_PATCH_FILE,
  reviewProjectPatch,
} from "./load-composition.js";

function place(): LoadCompositionOptions {
  return {
    surface: "cli",
    picassoHome: mkdtempSync(join(tmpdir(), "lc-pc-home-")),
    workspaceRoot: mkdtempSync(join(tmpdir(), "lc-pc-ws-")),
  };
}

const cacheFile = (o: LoadCompositionOptions) => parseCachePath(o.picassoHome, "patch-files");
const uncached = (o: LoadCompositionOptions) => loadComposition({ ...o, cache: false });
/** Parses (cache misses) and cache writes during `run`. */
function counting<T>(run: () => T): { value: T; misses: number; hits: number; writes: number } {
  const before = { ...parseCacheStats };
  const value = run();
  return {
    value,
    misses: parseCacheStats.misses - before.misses,
    hits: parseCacheStats.hits - before.hits,
    writes: parseCacheStats.writes - before.writes,
  };
}

describe("the patch-file cache", () => {
  // The home cache alone (the package's shipped seed is tested below).
  beforeAll(() => setParseSeedDir(null));
  afterAll(() => setParseSeedDir(undefined));

  it("a second load parses nothing, writes nothing and gives the same composition as no cache", () => {
    const o = place();
    writeFileSync(
      join(o.picassoHome, "picasso.patch.yml"),
      "- insert:\n    tools:\n      - { name: terminal_open, tier: deferred, family: terminal }\n- insert:\n    settings: { catalog.answerBudgetBytes: 2048 }\n",
    );
    const first = counting(() => loadComposition(o));
    expect(first.misses).toBeGreaterThan(0);
    expect(first.writes).toBe(1);
    const written = statSync(cacheFile(o)).mtimeMs;
    const second = counting(() => loadComposition(o));
    expect(second.misses).toBe(0);
    expect(second.hits).toBe(first.misses);
    expect(second.writes).toBe(0);
    expect(statSync(cacheFile(o)).mtimeMs).toBe(written);
    expect(JSON.stringify(second.value)).toBe(JSON.stringify(uncached(o)));
    expect(JSON.stringify(first.value)).toBe(JSON.stringify(uncached(o)));
    expect(second.value.settings["catalog.answerBudgetBytes"]).toBe(2048);
  });

  it("a changed patch file is parsed again (only that file) and its new content applies", () => {
    const o = place();
    const user = join(o.picassoHome, "picasso.patch.yml");
    writeFileSync(user, "- insert:\n    settings: { catalog.answerBudgetBytes: 2048 }\n");
    loadComposition(o);
    // Same size, same modification time: only the content differs.
    const { mtime } = statSync(user);
    writeFileSync(user, "- insert:\n    settings: { catalog.answerBudgetBytes: 3072 }\n");
    utimesSync(user, mtime, mtime);
    const again = counting(() => loadComposition(o));
    expect(again.misses).toBe(1);
    expect(again.value.settings["catalog.answerBudgetBytes"]).toBe(3072);
    expect(JSON.stringify(again.value)).toBe(JSON.stringify(uncached(o)));
  });

  it("a change in an included file misses for that file and applies", () => {
    const o = place();
    writeFileSync(join(o.picassoHome, "picasso.patch.yml"), "- include: extra.patch.yml\n");
    const extra = join(o.picassoHome, "extra.patch.yml");
    writeFileSync(extra, "- insert:\n    settings: { catalog.answerBudgetBytes: 2048 }\n");
    expect(loadComposition(o).settings["catalog.answerBudgetBytes"]).toBe(2048);
    writeFileSync(extra, "- insert:\n    settings: { catalog.answerBudgetBytes: 1024 }\n");
    const again = counting(() => loadComposition(o));
    expect(again.misses).toBe(1);
    expect(again.value.settings["catalog.answerBudgetBytes"]).toBe(1024);
    // The include's position and the included rows' files are as the parser gives them.
    expect(JSON.stringify(again.value)).toBe(JSON.stringify(uncached(o)));
  });

  it("a damaged, foreign or tampered cache is ignored and rewritten, never trusted", () => {
    const o = place();
    const good = JSON.stringify(uncached(o));
    loadComposition(o);
    const file = cacheFile(o);
    const stored = JSON.parse(readFileSync(file, "utf8"));

    writeFileSync(file, "{ not json");
    expect(JSON.stringify(loadComposition(o))).toBe(good);
    expect(JSON.parse(readFileSync(file, "utf8")).entries).toEqual(stored.entries);

    writeFileSync(file, JSON.stringify({ ...stored, code: "another build" }));
    const stale = counting(() => loadComposition(o));
    expect(stale.hits).toBe(0);
    expect(JSON.stringify(stale.value)).toBe(good);
    expect(JSON.parse(readFileSync(file, "utf8")).code).toBe(stored.code);

    // A planted entry under the right key: a core tool made deferred, then an unknown op kind.
    const tampered = structuredClone(stored);
    let spoiled = 0;
    for (const entry of Object.values(tampered.entries) as { items: Record<string, unknown>[] }[]) {
      const tool = entry.items.find((item) => item.kind === "insert-tool");
      if (tool) (tool.row as { tier: string }).tier = "sideways";
      else entry.items.push({ kind: "insert-anything", at: entry.items[0]?.at });
      spoiled++;
    }
    writeFileSync(file, JSON.stringify(tampered));
    const checked = counting(() => loadComposition(o));
    expect(spoiled).toBeGreaterThan(1);
    expect(checked.hits).toBe(0);
    expect(checked.misses).toBe(spoiled);
    expect(JSON.stringify(checked.value)).toBe(good);
    // The malformed entries were replaced by fresh parses.
    expect(JSON.parse(readFileSync(file, "utf8")).entries).toEqual(stored.entries);
  });

  it("a file with a mistake is not cached: its error is reported on every load", () => {
    const o = place();
    writeFileSync(join(o.picassoHome, "picasso.patch.yml"), "- insert:\n    tools:\n      - { name: x }\n");
    for (let i = 0; i < 2; i++)
      expect(() => loadComposition(o)).toThrow(
        /picasso\.patch\.yml:3: .*a tool row needs name, tier and family/,
      );
  });

  it("the project's patch still applies only while its approved content is on disk", () => {
    const o = place();
    mkdirSync(join(o.workspaceRoot, ".picasso"));
    const project = join(o.workspaceRoot, PROJECT_PATCH_FILE);
    writeFileSync(project, "- insert:\n    settings: { catalog.answerBudgetBytes: 2048 }\n");
    const review = reviewProjectPatch(o);
    approveProjectFile(o.picassoHome, o.workspaceRoot, PROJECT_PATCH_FILE, review.digest);
    expect(loadComposition(o).settings["catalog.answerBudgetBytes"]).toBe(2048);
    expect(loadComposition(o).settings["catalog.answerBudgetBytes"]).toBe(2048);
    // Changed after approval: withheld, though the cache holds the approved content's parse.
    writeFileSync(project, "- insert:\n    settings: { catalog.answerBudgetBytes: 1024 }\n");
    const changed = loadComposition(o);
    expect(changed.withheld?.[0]?.state).toBe("changed");
    expect(changed.settings["catalog.answerBudgetBytes"]).toBe(4096);
    expect(reviewProjectPatch(o).digest).toBe(reviewProjectPatch({ ...o, cache: false }).digest);
  });
});

describe("the shipped seed", () => {
  afterAll(() => setParseSeedDir(undefined));

  it("answers for the surface's files on a first start: nothing parsed, nothing written, the same composition", () => {
    // A seed made as the build makes it: the cache of one load, copied aside.
    setParseSeedDir(null);
    const maker = place();
    loadComposition(maker);
    const seedDir = mkdtempSync(join(tmpdir(), "lc-seed-"));
    const seeded = readFileSync(cacheFile(maker), "utf8");
    writeFileSync(join(seedDir, "patch-files.json"), seeded);
    setParseSeedDir(seedDir);

    const o = place();
    const first = counting(() => loadComposition(o));
    expect(first.misses).toBe(0);
    expect(first.hits).toBeGreaterThan(0);
    expect(first.writes).toBe(0);
    expect(() => statSync(cacheFile(o))).toThrow();
    expect(JSON.stringify(first.value)).toBe(JSON.stringify(uncached(o)));

    // A seed entry that does not pass the checks is parsed instead, and the parse cached at home.
    const spoiled = JSON.parse(seeded);
    for (const entry of Object.values(spoiled.entries) as { items: Record<string, unknown>[] }[])
      entry.items.push({ kind: "disable", target: "everything", name: "x", at: entry.items[0]?.at });
    writeFileSync(join(seedDir, "patch-files.json"), JSON.stringify(spoiled));
    const checked = counting(() => loadComposition(place()));
    expect(checked.hits).toBe(0);
    expect(checked.writes).toBe(1);
    expect(JSON.stringify(checked.value.tools)).toBe(JSON.stringify(first.value.tools));
  });
});
