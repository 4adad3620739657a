/**
 * After `tsc`: parse Picasso's own patch files (both surfaces) and committed descriptor files
 * once, into `dist/parse-seed/patch-files.json` and `descriptor-files.json` — the read-only seed
 * under the `$PICASSO_HOME` parse cache (src/io/parse-cache.ts), so a first start parses no YAML
 * of Picasso's own. Keyed by path and bytes: a moved checkout or an edited file just misses.
 */
import { copyFileSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const dist = join(dirname(fileURLToPath(import.meta.url)), "..", "dist");
const { loadComposition } = await import(join(dist, "composition", "load-composition.js"));
const { loadDescriptorOverlay } = await import(join(dist, "catalog", "descriptor-overlay.js"));
const { setParseSeedDir } = await import(join(dist, "io", "parse-cache.js"));
// Parsed from the files themselves, not from an earlier seed.
setParseSeedDir(null);
const temp = mkdtempSync(join(tmpdir(), "picasso-parse-seed-"));
try {
  const home = join(temp, "home");
  const workspace = join(temp, "workspace");
  mkdirSync(workspace, { recursive: true });
  for (const surface of ["cli", "sdk"])
    loadComposition({ surface, picassoHome: home, workspaceRoot: workspace });
  loadDescriptorOverlay(workspace, undefined, home);
  const out = join(dist, "parse-seed");
  mkdirSync(out, { recursive: true });
  for (const name of ["patch-files", "descriptor-files"])
    copyFileSync(join(home, "cache", `${name}.json`), join(out, `${name}.json`));
} finally {
  rmSync(temp, { recursive: true, force: true });
}
