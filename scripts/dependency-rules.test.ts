/**
 * The dependency rules of `.dependency-cruiser.cjs` (`npm run deps`) fail on a forbidden import,
 * and every package and app has its row in the direction.
 *
 * The test writes small monorepos into a temporary folder — fake `@picasso/*` packages with a
 * package.json, linked into `node_modules/@picasso/` as npm links workspaces — and runs the
 * repository's depcruise binary and config on it, the same command as `npm run deps`. Each case
 * names a rule and the line it must report; the clean tree shows that declared imports in the
 * package direction pass. The row check reads the config's direction rules against the folders
 * of packages/* and apps/*, in this repository and in a tree with a package the config lacks.
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { basename, dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const depcruise = join(root, "node_modules", "dependency-cruiser", "bin", "dependency-cruise.mjs");
const config = join(root, ".dependency-cruiser.cjs");

interface FakePackage {
  dependencies?: string[];
  devDependencies?: string[];
  /** Source files below the package folder, path → text. */
  files?: Record<string, string>;
}

const folders: string[] = [];
afterAll(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

function write(path: string, text: string): void {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, text);
}

/**
 * A monorepo with the given packages, each built (dist/index.d.ts) and linked. A key is a folder
 * (`apps/cli`) or, alone, a folder under packages/ (`engine`); the package is `@picasso/<its name>`.
 */
function monorepo(packages: Record<string, FakePackage>): string {
  const dir = mkdtempSync(join(tmpdir(), "picasso-deps-"));
  folders.push(dir);
  write(join(dir, "package.json"), JSON.stringify({ private: true, workspaces: ["packages/*", "apps/*"] }));
  write(
    join(dir, "tsconfig.base.json"),
    JSON.stringify({ compilerOptions: { module: "NodeNext", moduleResolution: "NodeNext", strict: true } }),
  );
  for (const [key, pkg] of Object.entries(packages)) {
    const path = key.includes("/") ? key : `packages/${key}`;
    const name = basename(path);
    const folder = join(dir, path);
    const versions = (names: string[] = []) =>
      Object.fromEntries(names.map((n) => [`@picasso/${n}`, "0.1.0"]));
    write(
      join(folder, "package.json"),
      JSON.stringify({
        name: `@picasso/${name}`,
        type: "module",
        exports: { ".": { types: "./dist/index.d.ts", import: "./dist/index.js" } },
        dependencies: versions(pkg.dependencies),
        devDependencies: versions(pkg.devDependencies),
      }),
    );
    write(join(folder, "dist", "index.d.ts"), "export declare const x: number;\n");
    write(join(folder, "dist", "index.js"), "export const x = 1;\n");
    for (const [path, text] of Object.entries(pkg.files ?? { "src/index.ts": "export const x = 1;\n" }))
      write(join(folder, path), text);
    mkdirSync(join(dir, "node_modules", "@picasso"), { recursive: true });
    symlinkSync(join("..", "..", path), join(dir, "node_modules", "@picasso", name), "dir");
  }
  return dir;
}

function runDepcruise(dir: string): { status: number | null; output: string } {
  const env = { ...process.env, NO_COLOR: "1" };
  delete env.FORCE_COLOR;
  const trees = ["packages", "apps"].filter((tree) => existsSync(join(dir, tree)));
  const run = spawnSync(
    process.execPath,
    [depcruise, ...trees, "--config", config, "--output-type", "err-long"],
    {
      cwd: dir,
      encoding: "utf8",
      env,
    },
  );
  return { status: run.status, output: run.stdout + run.stderr };
}

/** One tree with one forbidden import per rule (a run costs seconds, so the cases share it). */
const forbidden: Record<string, FakePackage> = {
  protocol: {
    dependencies: ["engine"],
    files: { "src/index.ts": 'export { x } from "@picasso/engine";\n' },
  },
  engine: {
    dependencies: ["tui"],
    files: { "src/index.ts": 'import type { x } from "@picasso/tui";\nexport const y: typeof x = 1;\n' },
  },
  providers: {
    dependencies: ["mock-provider"],
    files: { "src/index.ts": 'export { x } from "@picasso/mock-provider";\n' },
  },
  "mock-provider": {
    dependencies: ["providers"],
    files: { "src/index.ts": 'export { x } from "@picasso/providers";\n' },
  },
  workspace: {
    dependencies: ["tools"],
    files: { "src/index.ts": 'export { x } from "@picasso/tools";\n' },
  },
  timeline: {
    dependencies: ["lean-context"],
    files: { "src/index.ts": 'export { x } from "@picasso/lean-context";\n' },
  },
  "acp-server": {
    dependencies: ["providers"],
    files: { "src/index.ts": 'export { x } from "@picasso/providers";\n' },
  },
  "cache-probe": {
    dependencies: ["tui"],
    files: { "src/index.ts": 'export { x } from "@picasso/tui";\n' },
  },
  // A package no row names yet: the CLI may not import it until the CLI's row does.
  newcomer: {},
  "apps/cli": {
    dependencies: ["newcomer"],
    files: { "src/main.ts": 'export { x } from "@picasso/newcomer";\n' },
  },
  "lean-context": {
    files: {
      "src/index.ts": "export const x = 1;\n",
      "test/session.test.ts": 'import { x } from "@picasso/engine";\nconsole.log(x);\n',
    },
  },
  tui: {
    dependencies: ["providers"],
    devDependencies: ["engine"],
    files: {
      "src/index.ts": 'export { x } from "@picasso/engine";\n',
      "src/model.ts": 'export { x } from "@picasso/providers";\n',
    },
  },
  surface: {
    dependencies: ["engine", "providers"],
    files: {
      "src/index.ts": 'export { x } from "../../engine/src/index.js";\n',
      "src/provider.ts": 'export { x } from "@picasso/providers";\n',
      "src/deep.ts": 'export { x } from "@picasso/engine/src/index.js";\n',
      "src/built.ts": 'export { x } from "../../engine/dist/index.js";\n',
    },
  },
  tools: {
    files: {
      "src/index.ts": 'export { a } from "./a.js";\n',
      "src/a.ts": 'import { b } from "./b.js";\nexport const a = () => b();\n',
      "src/b.ts": 'import { a } from "./a.js";\nexport const b = (): number => (a ? 1 : 0);\n',
    },
  },
};

/** Each rule and the line it reports for the tree above (`error <rule>: <from> → <to>`). */
const cases: { rule: string; violation: string }[] = [
  {
    rule: "protocol-imports-no-picasso-package",
    violation: "packages/protocol/src/index.ts → node_modules/@picasso/engine/dist/index.d.ts",
  },
  {
    rule: "engine-imports-only-protocol-workspace",
    violation: "packages/engine/src/index.ts → node_modules/@picasso/tui/dist/index.d.ts",
  },
  {
    rule: "providers-imports-only-protocol-workspace",
    violation: "packages/providers/src/index.ts → node_modules/@picasso/mock-provider/dist/index.d.ts",
  },
  {
    rule: "mock-provider-imports-only-protocol-workspace",
    violation: "packages/mock-provider/src/index.ts → node_modules/@picasso/providers/dist/index.d.ts",
  },
  {
    rule: "workspace-imports-only-protocol",
    violation: "packages/workspace/src/index.ts → node_modules/@picasso/tools/dist/index.d.ts",
  },
  {
    rule: "timeline-imports-only-protocol",
    violation: "packages/timeline/src/index.ts → node_modules/@picasso/lean-context/dist/index.d.ts",
  },
  {
    rule: "tui-imports-only-protocol-engine",
    violation: "packages/tui/src/model.ts → node_modules/@picasso/providers/dist/index.d.ts",
  },
  {
    rule: "surface-imports-only-protocol-workspace-engine-lean-context-timeline-tools-memory-mcp-changes-commands-hooks-agents-images-init-watch-workflows-loops-teams",
    violation: "packages/surface/src/provider.ts → node_modules/@picasso/providers/dist/index.d.ts",
  },
  {
    rule: "acp-server-imports-only-protocol-workspace-engine-tools-surface",
    violation: "packages/acp-server/src/index.ts → node_modules/@picasso/providers/dist/index.d.ts",
  },
  {
    rule: "cache-probe-imports-only-protocol-workspace-providers-mock-provider-tools-memory-mcp-lean-context-engine-surface-acp-server",
    violation: "packages/cache-probe/src/index.ts → node_modules/@picasso/tui/dist/index.d.ts",
  },
  {
    rule: "cli-imports-only-protocol-workspace-providers-mock-provider-tools-memory-mcp-lean-context-timeline-engine-tui-surface-acp-server-cache-probe-workflows",
    violation: "apps/cli/src/main.ts → node_modules/@picasso/newcomer/dist/index.d.ts",
  },
  {
    rule: "no-non-package-json",
    violation: "packages/lean-context/test/session.test.ts → node_modules/@picasso/engine/dist/index.d.ts",
  },
  {
    rule: "not-to-dev-dep",
    violation: "packages/tui/src/index.ts → node_modules/@picasso/engine/dist/index.d.ts",
  },
  {
    rule: "no-reaching-into-another-package",
    violation: "packages/surface/src/index.ts → packages/engine/src/index.ts",
  },
  {
    rule: "no-reaching-into-another-package",
    violation: "packages/surface/src/built.ts → packages/engine/dist/index.js",
  },
  {
    rule: "not-to-unresolvable",
    violation: "packages/surface/src/deep.ts → @picasso/engine/src/index.js",
  },
  {
    rule: "no-circular",
    violation: "packages/tools/src/a.ts → packages/tools/src/b.ts → packages/tools/src/a.ts",
  },
];

interface DirectionRule {
  name: string;
  from: { path?: string };
}

/** The folders of packages/* and apps/* under `dir` whose runtime code no direction rule covers. */
function foldersWithoutRow(dir: string): string[] {
  const rules = (createRequire(import.meta.url)(config) as { forbidden: DirectionRule[] }).forbidden;
  const covered = new Set(rules.map((rule) => rule.from.path));
  return ["packages", "apps"]
    .flatMap((tree) =>
      existsSync(join(dir, tree))
        ? readdirSync(join(dir, tree), { withFileTypes: true })
            .filter((entry) => entry.isDirectory() && existsSync(join(dir, tree, entry.name, "package.json")))
            .map((entry) => `${tree}/${entry.name}`)
        : [],
    )
    .filter((folder) => !covered.has(`^${folder}/src/`));
}

describe("the direction's rows", () => {
  it("has a row for every package and app of this repository", () => {
    expect(foldersWithoutRow(root)).toEqual([]);
  });

  it("finds a package added without a row", () => {
    const dir = monorepo({ protocol: {}, newcomer: {}, "apps/cli": {} });
    expect(foldersWithoutRow(dir)).toEqual(["packages/newcomer"]);
  });

  it("names only folders that exist: no row for a package that is gone", () => {
    const rules = (createRequire(import.meta.url)(config) as { forbidden: DirectionRule[] }).forbidden;
    const rowFolders = rules
      .map((rule) => /^\^((?:packages|apps)\/[^/]+)\/src\/$/.exec(rule.from.path ?? "")?.[1])
      .filter((folder) => folder !== undefined);
    expect(rowFolders.length).toBeGreaterThan(0);
    for (const folder of rowFolders)
      expect(existsSync(join(root, folder, "package.json")), folder).toBe(true);
  });
});

describe("npm run deps", () => {
  let result: { status: number | null; output: string };
  beforeAll(() => {
    result = runDepcruise(monorepo(forbidden));
  });

  it("exits non-zero on a tree with forbidden imports", () => {
    expect(result.status).not.toBe(0);
    expect(result.output).toContain(`x ${cases.length} dependency violations (${cases.length} errors`);
  });

  it.each(cases)("reports $rule", ({ rule, violation }) => {
    // The err reporter wraps a cycle over lines; compare with whitespace collapsed.
    expect(result.output.replace(/\s+/g, " ")).toContain(`error ${rule}: ${violation}`);
  });

  it("passes the same kind of tree when every import follows the direction and is declared", () => {
    const dir = monorepo({
      protocol: {},
      engine: {
        dependencies: ["protocol"],
        devDependencies: ["tools"],
        files: {
          "src/index.ts": 'export { x } from "@picasso/protocol";\n',
          "test/loop.test.ts": 'import { x } from "@picasso/tools";\nconsole.log(x);\n',
        },
      },
      tools: {
        dependencies: ["protocol"],
        files: { "src/index.ts": 'export { x } from "@picasso/protocol";\n' },
      },
    });
    const { status, output } = runDepcruise(dir);
    expect(output).toContain("no dependency violations found");
    expect(status).toBe(0);
  });
});
