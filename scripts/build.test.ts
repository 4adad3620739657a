/**
 * `npm run build` (build.mjs) builds every workspace's TypeScript in one `tsc -b`: the plan takes
 * each workspace whose build script is `tsc -b` (plus what follows its `&&`), and runs any other
 * build script whole, so no workspace is left unbuilt when its script changes.
 */
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";
// @ts-expect-error: a plain .mjs script of the repository's tooling, without types
import { buildPlan } from "./build.mjs";

function workspace(root: string, folder: string, build: string | undefined, tsconfig = true) {
  mkdirSync(join(root, folder), { recursive: true });
  writeFileSync(join(root, folder, "package.json"), JSON.stringify({ scripts: build ? { build } : {} }));
  if (tsconfig) writeFileSync(join(root, folder, "tsconfig.json"), "{}");
}

describe("the root build's plan", () => {
  it("puts every tsc -b workspace in the one tsc pass and keeps the rest of each script", () => {
    const root = mkdtempSync(join(tmpdir(), "build-plan-"));
    writeFileSync(join(root, "package.json"), JSON.stringify({ workspaces: ["packages/*", "apps/*"] }));
    workspace(root, "packages/a", "tsc -b");
    workspace(root, "packages/b", "vite build");
    workspace(root, "packages/c", undefined);
    workspace(root, "packages/d", "tsc -b", false);
    workspace(root, "apps/cli", "tsc -b && node build.mjs");
    mkdirSync(join(root, "packages", "not-a-package"));
    expect(buildPlan(root)).toEqual([
      { folder: join(root, "packages/a"), tsc: true, after: undefined },
      { folder: join(root, "packages/b"), tsc: false, after: undefined, whole: "vite build" },
      { folder: join(root, "packages/d"), tsc: false, after: undefined, whole: "tsc -b" },
      { folder: join(root, "apps/cli"), tsc: true, after: "node build.mjs" },
    ]);
  });

  it("covers every workspace of this repository", () => {
    const plan = buildPlan();
    expect(plan.length).toBeGreaterThan(20);
    expect(plan.filter((p: { tsc: boolean }) => !p.tsc)).toEqual([]);
    expect(plan.find((p: { folder: string }) => p.folder.endsWith(join("apps", "cli")))?.after).toBe(
      "node build.mjs",
    );
  });

  it("builds in reference order, so every workspace dependency is a tsconfig reference", () => {
    // One `tsc -b` orders projects by their tsconfig references only (turbo used package.json): a
    // runtime dependency missing from `references` could be compiled before the package it needs.
    const plan: { folder: string }[] = buildPlan();
    const read = (file: string) => JSON.parse(readFileSync(file, "utf8"));
    const byName = new Map(plan.map((p) => [read(join(p.folder, "package.json")).name as string, p.folder]));
    const missing: string[] = [];
    for (const { folder } of plan) {
      const references = new Set(
        (read(join(folder, "tsconfig.json")).references ?? []).map((r: { path: string }) =>
          resolve(folder, r.path),
        ),
      );
      for (const name of Object.keys(read(join(folder, "package.json")).dependencies ?? {})) {
        const dependency = byName.get(name);
        if (dependency && !references.has(dependency))
          missing.push(`${relative(process.cwd(), folder)} → ${name}`);
      }
    }
    expect(missing).toEqual([]);
  });
});
