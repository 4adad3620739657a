#!/usr/bin/env node
/**
 * Builds the shipped `picasso` binary: one ESM bundle with lazily loaded chunks (esbuild).
 *
 * - Entry `src/main.ts` → `dist/main.js`; every dynamic `import()` (each command, the TUI, the
 *   engine wiring, the provider SDKs, the mock, the cache-probe…) becomes a chunk of its own in
 *   `dist/`, loaded only when used — so `--version` loads one small file and the TUI's first
 *   frame loads only what it draws.
 * - Everything else is bundled, workspace packages and npm dependencies alike (fewer files to
 *   resolve and read at start-up is most of the win). Left outside, loaded from node_modules at run
 *   time: native addons (better-sqlite3, node-pty) and js-tiktoken (its multi-megabyte ranks are
 *   read only when a token count is needed).
 * - Source maps are written beside each chunk; main.ts turns them on, so stacks name TypeScript.
 * - The version is written in from package.json (`__PICASSO_VERSION__`).
 * `--metafile` writes dist/meta.json for `npx esbuild --analyze`-style inspection.
 */
import { chmodSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

const here = dirname(fileURLToPath(import.meta.url));
const { version } = JSON.parse(readFileSync(join(here, "package.json"), "utf8"));
const outdir = join(here, "dist");

/** Packages that must be loaded from node_modules at run time, not bundled. */
export const EXTERNAL = ["better-sqlite3", "@lydell/node-pty", "js-tiktoken", "js-tiktoken/*"];

rmSync(outdir, { recursive: true, force: true });
const result = await build({
  entryPoints: [join(here, "src/main.ts")],
  outdir,
  bundle: true,
  splitting: true,
  format: "esm",
  platform: "node",
  target: "node20",
  sourcemap: "linked",
  sourcesContent: false,
  legalComments: "none",
  chunkNames: "[name]-[hash]",
  external: EXTERNAL,
  // Ink loads React's devtools only under DEV=true; the bundle never does.
  alias: { "react-devtools-core": join(here, "build-support/no-devtools.mjs") },
  // React (Ink's renderer) ships a development build chosen at run time; the bundle takes production.
  define: {
    __PICASSO_VERSION__: JSON.stringify(version),
    "process.env.NODE_ENV": JSON.stringify("production"),
  },
  // Bundled CommonJS dependencies call `require` for Node's built-ins.
  banner: {
    js: 'import { createRequire as __picassoRequire } from "node:module"; const require = __picassoRequire(import.meta.url);',
  },
  metafile: true,
  logLevel: "warning",
});
chmodSync(join(outdir, "main.js"), 0o755);
writeFileSync(join(outdir, "meta.json"), JSON.stringify(result.metafile));
