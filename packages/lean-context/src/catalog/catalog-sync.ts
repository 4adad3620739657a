/**
 * A session's catalog on disk, built only when its sources changed.
 *
 * The sources of a catalog — the deferred tools' specs, families and descriptors, the skills,
 * the contributed entries and doc topics, the declared families and group titles, the descriptor
 * overlay — are hashed into one key (`catalogSourcesKey`, with this build of the code: rendering
 * may change between builds). The workspace's catalog state (catalog-store.ts) stores that key
 * beside the stat signature of every file written to `$PICASSO_HOME/tool-catalog/` and of the
 * folder. At the next start (`syncCatalog`):
 * - same key, every file and the folder as they were left (size, times, inode: stat only, no
 *   read, no walk): nothing is built, rendered or written; the changes are "unchanged" from the
 *   stored counts;
 * - otherwise the catalog is built, rendered, and only the files whose content differs are
 *   written (catalog-files.ts); the state is compared and stored with the new stamp.
 * The catalog itself (for `tool_search`) is always built from the sources when first needed,
 * never read back from disk. A stamp that is missing, malformed or of another build just means
 * a full build.
 */
import { statSync } from "node:fs";
import { join } from "node:path";
import type { CatalogGroupTitle, ToolDefinition, ToolFamily } from "@picasso/protocol";
import { sha256 } from "@picasso/protocol";
import { codeStamp } from "../io/parse-cache.js";
import type { Catalog } from "./build-catalog.js";
import { renderCatalogFiles, writeCatalogFiles } from "./catalog-files.js";
import type { CatalogSources } from "./catalog-sources.js";
import {
  type BuildStamp,
  type CatalogChanges,
  catalogStatePath,
  readCatalogState,
  recordCatalogBuild,
} from "./catalog-store.js";

/** One key for everything `sessionCatalog` builds from (and this build of the code). */
export function catalogSourcesKey(
  deferred: readonly ToolDefinition[],
  sources: CatalogSources,
  declared: { families: readonly ToolFamily[]; groups: readonly CatalogGroupTitle[] },
): string {
  const d = sources.descriptors;
  return sha256(
    JSON.stringify([
      codeStamp(),
      deferred.map((t) => [t.spec, t.family, t.what ?? null, t.when ?? null]),
      sources.skills,
      sources.entries,
      declared.families,
      declared.groups,
      [...d.families].map(([family, members]) => [family, [...members]]),
      [...d.files],
      [...d.builtIn],
    ]),
  );
}

/** A file's or folder's stat signature: size, modification and change times, inode. */
export function statSignature(path: string): string | undefined {
  try {
    const s = statSync(path);
    return `${s.size}:${s.mtimeMs}:${s.ctimeMs}:${s.ino}`;
  } catch {
    return undefined;
  }
}

export interface CatalogSync {
  changes: CatalogChanges;
  /** Files written this time (absolute paths); none when nothing changed. */
  written: string[];
  /** Why the files could not be written, one line. */
  warning?: string;
}

export function syncCatalog(options: {
  picassoHome: string;
  workspaceRoot: string;
  /** `catalogSourcesKey` of this session's sources. */
  sourcesKey: string;
  /** Builds the catalog (called only when something changed). */
  catalog: () => Catalog;
}): CatalogSync {
  const { picassoHome, workspaceRoot, sourcesKey } = options;
  const dir = join(picassoHome, "tool-catalog");
  const read = readCatalogState(catalogStatePath(picassoHome, workspaceRoot), workspaceRoot);
  if ("nodes" in read && read.stamp && read.catalog && unchanged(dir, read.stamp, sourcesKey))
    return {
      changes: {
        entries: read.stamp.entries,
        hash: read.catalog,
        compared: true,
        added: 0,
        changed: 0,
        removed: 0,
        unchanged: read.nodes.size,
        ids: [],
      },
      written: [],
    };
  const catalog = options.catalog();
  const files = renderCatalogFiles(catalog, "home");
  let written: string[] = [];
  let warning: string | undefined;
  try {
    written = writeCatalogFiles(dir, files);
  } catch (error) {
    warning = `${dir}: not written (${(error as Error).message})`;
  }
  const stamp = (built: Catalog): BuildStamp | undefined => {
    if (warning) return undefined;
    const signatures: Record<string, string> = {};
    for (const name of files.keys()) {
      const sig = statSignature(join(dir, name));
      if (!sig) return undefined;
      signatures[name] = sig;
    }
    const folder = statSignature(dir);
    return folder
      ? { sources: sourcesKey, entries: built.leaves.length, files: signatures, dir: folder }
      : undefined;
  };
  const changes = recordCatalogBuild(picassoHome, workspaceRoot, catalog, { stamp, read });
  return { changes, written, ...(warning ? { warning } : {}) };
}

function unchanged(dir: string, stamp: BuildStamp, sourcesKey: string): boolean {
  if (stamp.sources !== sourcesKey || statSignature(dir) !== stamp.dir) return false;
  return Object.entries(stamp.files).every(([name, sig]) => statSignature(join(dir, name)) === sig);
}
