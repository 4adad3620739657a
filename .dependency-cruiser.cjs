/**
 * The package direction of docs/architecture.md, checked by dependency-cruiser on the TypeScript
 * sources (runtime code, tests, benches) of every package and app: `npm run deps`, part of
 * `npm test`.
 *
 * How it is read:
 * - Imports of `@picasso/<pkg>` resolve through `node_modules/@picasso/<pkg>` (symlinks kept), so
 *   dependency-cruiser classifies each one against the importing package's package.json:
 *   `npm` (dependencies), `npm-dev` (devDependencies) or `npm-no-pkg` (not declared).
 * - Runtime code is `src/` without `*.test.ts(x)`; it may import only the packages its row in
 *   RUNTIME_MAY_IMPORT names. Tests, test harnesses and benches may import more, but only what
 *   their package.json declares (`no-non-package-json`).
 * - Resolution needs each package's built `dist/` (its `exports` point there): run it after
 *   `npm run build`; turbo orders that in `npm test`.
 */

/**
 * The direction, one row per package and app, keyed by its folder: the `@picasso` packages its
 * runtime code may import. A folder's package is `@picasso/<folder name>` (apps/cli is
 * `@picasso/cli`). Every folder of packages/* and apps/* has a row (scripts/dependency-rules.test.ts
 * fails otherwise), so a new package states its direction before its first import.
 */
const RUNTIME_MAY_IMPORT = {
  "packages/protocol": [],
  "packages/workspace": ["protocol"],
  "packages/mock-provider": ["protocol", "workspace"],
  "packages/providers": ["protocol", "workspace"],
  "packages/images": ["protocol"],
  "packages/tools": ["protocol", "workspace", "images"],
  "packages/memory": ["protocol"],
  "packages/mcp": ["protocol", "workspace", "images"],
  "packages/lean-context": ["protocol", "workspace"],
  "packages/timeline": ["protocol"],
  "packages/engine": ["protocol", "workspace"],
  "packages/tui": ["protocol", "engine"],
  "packages/changes": ["protocol", "workspace"],
  "packages/commands": ["protocol", "workspace"],
  "packages/hooks": ["protocol", "workspace"],
  "packages/init": ["protocol", "workspace"],
  "packages/agents": ["protocol", "workspace"],
  "packages/watch": ["protocol", "tools"],
  "packages/workflows": ["protocol", "workspace"],
  "packages/loops": ["protocol", "tools"],
  "packages/teams": ["protocol"],
  "packages/surface": [
    "protocol",
    "workspace",
    "engine",
    "lean-context",
    "timeline",
    "tools",
    "memory",
    "mcp",
    "changes",
    "commands",
    "hooks",
    "agents",
    "images",
    "init",
    "watch",
    "workflows",
    "loops",
    "teams",
  ],
  "packages/acp-server": ["protocol", "workspace", "engine", "tools", "surface"],
  "packages/cache-probe": [
    "protocol",
    "workspace",
    "providers",
    "mock-provider",
    "tools",
    "memory",
    "mcp",
    "lean-context",
    "engine",
    "surface",
    "acp-server",
  ],
  "apps/cli": [
    "protocol",
    "workspace",
    "providers",
    "mock-provider",
    "tools",
    "memory",
    "mcp",
    "lean-context",
    "timeline",
    "engine",
    "tui",
    "surface",
    "acp-server",
    "cache-probe",
    "workflows",
  ],
};

const FOLDERS = Object.keys(RUNTIME_MAY_IMPORT);
/** `packages/lean-context` → `lean-context`: the package's name after `@picasso/`. */
const nameOf = (folder) => folder.slice(folder.lastIndexOf("/") + 1);
const TEST_FILE = "[.]test[.]tsx?$";

/**
 * One rule per row: the folder's runtime code imports no @picasso package outside its row — a
 * package added later included, until the row names it.
 */
function directionRule(folder) {
  const pkg = nameOf(folder);
  const allowed = RUNTIME_MAY_IMPORT[folder];
  return {
    name:
      allowed.length === 0 ? `${pkg}-imports-no-picasso-package` : `${pkg}-imports-only-${allowed.join("-")}`,
    severity: "error",
    comment:
      allowed.length === 0
        ? `@picasso/${pkg} depends on no other @picasso package (docs/architecture.md).`
        : `@picasso/${pkg} (runtime code) may import only ${allowed.map((a) => `@picasso/${a}`).join(", ")} ` +
          "(docs/architecture.md); move the code to a package allowed to depend on it, or invert the dependency.",
    from: { path: `^${folder}/src/`, pathNot: TEST_FILE },
    // Any @picasso package but the row's and its own (a self-import is no matter of direction).
    to: {
      path: "^node_modules/@picasso/",
      pathNot: `^node_modules/@picasso/(${[pkg, ...allowed].join("|")})/`,
    },
  };
}

module.exports = {
  forbidden: [
    ...FOLDERS.map(directionRule),
    {
      name: "no-reaching-into-another-package",
      severity: "error",
      comment:
        "Import another package as `@picasso/<pkg>` (its exports), never by a relative path into its folder.",
      from: { path: "^(packages|apps)/([^/]+)/" },
      to: { path: "^(packages|apps)/", pathNot: "^$1/$2/" },
    },
    {
      name: "no-reaching-into-src-or-dist",
      severity: "error",
      comment:
        "Import `@picasso/<pkg>` (or a subpath its package.json exports), not files under its src/ or dist/.",
      from: {},
      to: { path: "^node_modules/@picasso/[^/]+/src/" },
    },
    {
      name: "no-circular",
      severity: "error",
      comment:
        "Modules of one package import each other in a cycle; move the shared part into its own module.",
      from: {},
      to: { circular: true },
    },
    {
      name: "no-non-package-json",
      severity: "error",
      comment:
        "This file imports a package its package.json does not declare; add it to dependencies " +
        "(runtime code) or devDependencies (tests, benches).",
      from: {},
      to: { dependencyTypes: ["npm-no-pkg", "npm-unknown"] },
    },
    {
      name: "not-to-dev-dep",
      severity: "error",
      comment:
        "Runtime code imports a package declared only in devDependencies; declare it in dependencies, " +
        "or keep the import in tests.",
      from: { path: "^(packages|apps)/[^/]+/src/", pathNot: TEST_FILE },
      to: {
        dependencyTypes: ["npm-dev"],
        dependencyTypesNot: ["type-only"],
        pathNot: "^node_modules/@types/",
      },
    },
    {
      name: "not-to-unresolvable",
      severity: "error",
      comment:
        "This import resolves to no file: a typo, a subpath the package does not export, or a package " +
        "not built yet (`npm run build`).",
      from: {},
      to: { couldNotResolve: true },
    },
    {
      name: "not-to-test",
      severity: "error",
      comment: "Runtime code imports a test file or a test folder; tests may import code, not the other way.",
      from: { path: "^(packages|apps)/[^/]+/src/", pathNot: TEST_FILE },
      to: { path: `${TEST_FILE}|^(packages|apps)/[^/]+/(test|e2e|bench)/` },
    },
  ],
  options: {
    // Built output is not cruised, but a relative import of another package's dist/ still shows.
    doNotFollow: { path: ["^node_modules/", "^(packages|apps)/[^/]+/dist/"] },
    // Keep `node_modules/@picasso/<pkg>`: the path names the package and dependency-cruiser
    // checks it against package.json (see the module comment).
    preserveSymlinks: true,
    // package.json of the importing package, merged with the root one (vitest, typescript, …).
    combinedDependencies: true,
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.base.json" },
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["types", "import", "node", "default"],
      extensions: [".ts", ".tsx", ".d.ts", ".js", ".mjs"],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
