// Run by build.mjs on the finished bundle: writes the compile cache's seed (src/compile-cache.ts,
// `compileCacheSeedDir`) — V8's code for the chunks on the way to a session, as loading them makes
// it — so that a first start on a fresh PICASSO_HOME skips most of their parsing too.
// Usage: node build-support/seed-compile-cache.cjs <dist folder>
"use strict";
const { readdirSync, rmSync } = require("node:fs");
const { join } = require("node:path");

const dist = process.argv[2];
const files = readdirSync(dist);
/** The chunk named `<prefix><esbuild's hash>.js` (not `interactive-loader-…` for `interactive-`). */
const chunk = (prefix) => {
  const found = files.find((f) => f.startsWith(prefix) && /^[A-Z0-9]{8}\.js$/.test(f.slice(prefix.length)));
  if (!found) throw new Error(`seed-compile-cache: no ${prefix}*.js in ${dist}`);
  return join(dist, found);
};
const { compileCacheSeedDir, installCompileCache } = require(chunk("compile-cache-"));
const seedDir = compileCacheSeedDir(dist);
rmSync(join(dist, "code-cache"), { recursive: true, force: true });
// This run's own caches go to the seed's folder: what it saves is the seed.
const cache = installCompileCache(dist, seedDir);
// What a TUI start loads, in its order: the commands, the TUI, the engine wiring, the mock provider.
for (const prefix of ["cli-", "interactive-loader-", "interactive-", "wiring-", "open-mock-provider-"])
  require(chunk(prefix));
const written = cache.save();
if (written === 0) throw new Error(`seed-compile-cache: nothing written to ${seedDir}`);
process.stdout.write(`compile cache seed: ${written} chunks in ${seedDir}\n`);
