/**
 * The dependency count behind docs/dependencies.md: a package shared by two direct dependencies is
 * in both trees but "only" in neither; runtime and build-and-test-only partition what is installed;
 * a nested copy is resolved the way Node resolves it. Then the real lockfile: no package ships an
 * install script we would rely on, and the browser driver stays a single package.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
// @ts-expect-error: a plain .mjs script of the repository's tooling, without types
import { countDependencies } from "./dependency-count.mjs";

const lock = {
  packages: {
    "": { devDependencies: { tester: "1" } },
    "packages/app": { dependencies: { ui: "1", db: "1" } },
    "node_modules/@x/app": { link: true, resolved: "packages/app" },
    "node_modules/ui": { dependencies: { shared: "1" } },
    "node_modules/db": { dependencies: { shared: "1", helper: "2" } },
    "node_modules/db/node_modules/helper": {},
    "node_modules/helper": {},
    "node_modules/shared": {},
    "node_modules/tester": { dependencies: { helper: "1" } },
    "node_modules/@x/bin-darwin": { os: ["darwin"], cpu: ["arm64"] },
    "node_modules/@x/bin-linux-musl": { os: ["linux"], cpu: ["x64"], libc: ["musl"] },
  },
};
const linux = { os: "linux", cpu: "x64", libc: "glibc" };

describe("countDependencies", () => {
  it("counts each tree, what only it pulls in, and runtime against build-and-test only", () => {
    const counts = countDependencies(lock, linux);
    const row = (name: string) => counts.rows.find((r: { name: string }) => r.name === name);
    expect(counts.installed).toBe(6);
    expect(row("ui")).toMatchObject({ withTree: 2, onlyIt: 1, usedBy: ["packages/app"] });
    expect(row("db")).toMatchObject({ withTree: 3, onlyIt: 2 }); // its own nested helper
    expect(row("tester")).toMatchObject({ withTree: 2, onlyIt: 2, usedBy: ["root (dev)"] });
    expect(counts.runtime).toBe(4);
    expect(counts.buildAndTestOnly).toBe(2);
  });

  it("leaves out other platforms' binaries, which npm does not install", () => {
    expect(countDependencies(lock, linux).installed).toBe(6);
    expect(countDependencies(lock, { os: "linux", cpu: "x64", libc: "musl" }).installed).toBe(7);
    expect(countDependencies(lock, { os: "darwin", cpu: "arm64" }).installed).toBe(7);
  });

  it("on the real lockfile: the HTML-timeline browser driver is one package", () => {
    const real = countDependencies(
      JSON.parse(readFileSync(new URL("../package-lock.json", import.meta.url), "utf8")),
    );
    expect(real.rows.find((r: { name: string }) => r.name === "playwright-core")).toMatchObject({
      withTree: 1,
    });
    expect(real.rows.some((r: { name: string }) => r.name === "puppeteer-core")).toBe(false);
    expect(real.runtime + real.buildAndTestOnly).toBe(real.installed);
  });
});
