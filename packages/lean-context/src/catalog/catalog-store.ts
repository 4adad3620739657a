/**
 * The catalog between sessions: each build's node identities are stored under
 * `$PICASSO_HOME/catalog-state/<workspace key>.json` (one file per workspace), and the next build
 * of that workspace compares against them — which nodes were added, changed, removed or kept —
 * so `picasso tools`, `/context` and the session log can say what changed since the last build.
 *
 * What is stored is identity only: each node's id, kind and hashes (node-hash.ts), never its
 * text. A build always derives every node from its sources (pure and cheap: no model, no spawn),
 * and keeps the identity of each node whose sources did not change; nothing read from the file
 * ever reaches the catalog, so a file planted by a workspace or another user cannot put text in
 * front of the model. The file is still untrusted input: it is read only as a regular file of at
 * most `MAX_STATE_BYTES`, its shape is checked, and one that is corrupt, of another format or of
 * another workspace is ignored with a note (the build then counts every node as added) — never
 * an error. It is written through a temporary file and a rename, so a reader never sees half.
 */
import { lstatSync, mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { canonicalJson, sha256 } from "@picasso/protocol";
import type { Catalog } from "./build-catalog.js";
import { type CatalogNode, isLeaf } from "./catalog-node.js";
import { nodeHash } from "./node-hash.js";

export const CATALOG_STATE_FORMAT = 1;
/** A stored state larger than this is not read (a real one is a few KB per hundred nodes). */
export const MAX_STATE_BYTES = 4 * 1024 * 1024;
/** Changed ids listed in a report; the counts cover the rest. */
export const LISTED_CHANGES = 20;

/** One stored node: its id, kind, own hash (its content) and hash (with its children's). */
interface StoredNode {
  id: string;
  kind: string;
  own: string;
  hash: string;
}

interface StoredState {
  format: number;
  workspace: string;
  /** The hash of the whole catalog: its groups' hashes in order. */
  catalog: string;
  nodes: StoredNode[];
  /** What the session's files were built from and how they were left (catalog-sync.ts); absent
   *  when the build wrote no files (`picasso tools`) or could not. */
  stamp?: BuildStamp;
}

/**
 * How a session left its catalog files: the key of the sources they were built from
 * (`catalogSourcesKey`), the leaf count, and the stat signature of each file and of the folder
 * (`statSignature`). A start whose sources key and signatures all match has nothing to build.
 */
export interface BuildStamp {
  sources: string;
  entries: number;
  /** File name in `$PICASSO_HOME/tool-catalog/` → its signature when written. */
  files: Record<string, string>;
  /** The folder's signature after the writes (an added or removed file changes it). */
  dir: string;
}

/** What changed since the workspace's last stored build. */
export interface CatalogChanges {
  /** Leaves in this build (as `picasso tools` counts entries). */
  entries: number;
  /** The hash of the whole catalog. */
  hash: string;
  /** Whether an earlier build was found to compare with. */
  compared: boolean;
  /** Counts over every node, leaves and branches; a node changed when its own content did. */
  added: number;
  changed: number;
  removed: number;
  unchanged: number;
  /** Ids added, changed or removed (changed first), at most `LISTED_CHANGES`. */
  ids: string[];
  /** Why the stored state was ignored or not written, one line; absent when all went well. */
  note?: string;
}

/** The file a workspace's catalog state is stored in. */
export function catalogStatePath(picassoHome: string, workspaceRoot: string): string {
  return join(picassoHome, "catalog-state", `${sha256(resolve(workspaceRoot)).slice(0, 16)}.json`);
}

/** The whole catalog's hash: its groups' hashes, in order. */
export function catalogHash(catalog: Catalog): string {
  return sha256(canonicalJson(catalog.groups.map((g) => g.hash))).slice(0, 16);
}

const ownHash = (node: CatalogNode) => (isLeaf(node) ? node.hash : nodeHash(node));

function stateOf(catalog: Catalog, workspaceRoot: string, stamp?: BuildStamp): StoredState {
  return {
    format: CATALOG_STATE_FORMAT,
    workspace: resolve(workspaceRoot),
    catalog: catalogHash(catalog),
    nodes: catalog.nodes.map((n) => ({ id: n.id, kind: n.kind, own: ownHash(n), hash: n.hash })),
    ...(stamp ? { stamp } : {}),
  };
}

const FILE_NAME = /^[A-Za-z0-9_.-]{1,128}\.(md|json)$/;
const SIGNATURE = /^[0-9.:]{1,120}$/;

/** A stored stamp of the right shape, else undefined (the build then starts from its sources). */
function stampOf(value: unknown): BuildStamp | undefined {
  if (!isRecord(value) || Object.keys(value).some((k) => !["sources", "entries", "files", "dir"].includes(k)))
    return undefined;
  const { sources, entries, files, dir } = value;
  if (typeof sources !== "string" || !/^[0-9a-f]{64}$/.test(sources)) return undefined;
  if (typeof entries !== "number" || !Number.isInteger(entries) || entries < 0) return undefined;
  if (typeof dir !== "string" || !SIGNATURE.test(dir) || !isRecord(files)) return undefined;
  const names = Object.entries(files);
  if (
    names.length > 1024 ||
    names.some(([n, sig]) => !FILE_NAME.test(n) || typeof sig !== "string" || !SIGNATURE.test(sig))
  )
    return undefined;
  return { sources, entries, files: Object.fromEntries(names) as Record<string, string>, dir };
}

const HASH = /^[0-9a-f]{8,64}$/;
/** A stored node has these fields and no others (no text: see the top of this file). */
const NODE_KEYS = new Set(["id", "kind", "own", "hash"]);
/** An id is printable text on one line, at most 512 characters (it may be shown as a removed node). */
const ID = /^[^\p{Cc}\p{Cf}\p{Zl}\p{Zp}]{1,512}$/u;
const KINDS = new Set<string>([
  "group",
  "family",
  "tool",
  "skill",
  "mcp_server",
  "mcp_tool",
  "doc",
  "command",
  "agent",
]);
const isRecord = (v: unknown): v is Record<string, unknown> =>
  !!v && typeof v === "object" && !Array.isArray(v);

/** The stored nodes of a workspace's last build, or why there are none to compare with. */
export function readCatalogState(
  path: string,
  workspaceRoot: string,
): { nodes: Map<string, StoredNode>; catalog?: string; stamp?: BuildStamp } | { note?: string } {
  let text: string;
  try {
    const stat = lstatSync(path);
    if (!stat.isFile()) return { note: `${path}: not a regular file; ignored` };
    if (stat.size > MAX_STATE_BYTES)
      return { note: `${path}: larger than ${MAX_STATE_BYTES} bytes; ignored` };
    text = readFileSync(path, "utf8");
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    return code === "ENOENT" ? {} : { note: `${path}: unreadable (${code ?? "error"}); ignored` };
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { note: `${path}: not valid JSON; ignored` };
  }
  if (!isRecord(value) || value.format !== CATALOG_STATE_FORMAT)
    return { note: `${path}: not a catalog state of format ${CATALOG_STATE_FORMAT}; ignored` };
  if (value.workspace !== resolve(workspaceRoot))
    return { note: `${path}: the state of another workspace; ignored` };
  if (!Array.isArray(value.nodes)) return { note: `${path}: no node list; ignored` };
  const nodes = new Map<string, StoredNode>();
  for (const n of value.nodes) {
    if (
      !isRecord(n) ||
      Object.keys(n).some((k) => !NODE_KEYS.has(k)) ||
      typeof n.id !== "string" ||
      !ID.test(n.id) ||
      typeof n.kind !== "string" ||
      !KINDS.has(n.kind) ||
      typeof n.own !== "string" ||
      typeof n.hash !== "string" ||
      !HASH.test(n.own) ||
      !HASH.test(n.hash) ||
      nodes.has(n.id)
    )
      return { note: `${path}: a malformed node entry; ignored` };
    nodes.set(n.id, { id: n.id, kind: n.kind, own: n.own, hash: n.hash });
  }
  const catalog = typeof value.catalog === "string" && HASH.test(value.catalog) ? value.catalog : undefined;
  const stamp = catalog ? stampOf(value.stamp) : undefined;
  return { nodes, ...(catalog ? { catalog } : {}), ...(stamp ? { stamp } : {}) };
}

/** What changed between a stored build (none: every node is new) and this one. */
export function diffCatalog(
  previous: ReadonlyMap<string, StoredNode> | undefined,
  catalog: Catalog,
): CatalogChanges {
  const added: string[] = [];
  const changed: string[] = [];
  let unchanged = 0;
  const now = new Set<string>();
  for (const node of catalog.nodes) {
    now.add(node.id);
    const before = previous?.get(node.id);
    if (!before) added.push(node.id);
    else if (before.own !== ownHash(node) || before.kind !== node.kind) changed.push(node.id);
    else unchanged += 1;
  }
  const removed = [...(previous?.keys() ?? [])].filter((id) => !now.has(id));
  return {
    entries: catalog.leaves.length,
    hash: catalogHash(catalog),
    compared: previous !== undefined,
    added: added.length,
    changed: changed.length,
    removed: removed.length,
    unchanged,
    ids: previous ? [...changed, ...added, ...removed].slice(0, LISTED_CHANGES) : [],
  };
}

/** Writes the state through a temporary file and a rename. */
export function writeCatalogState(
  path: string,
  catalog: Catalog,
  workspaceRoot: string,
  stamp?: BuildStamp,
): void {
  mkdirSync(dirname(path), { recursive: true });
  const temp = `${path}.${process.pid}.tmp`;
  writeFileSync(temp, `${JSON.stringify(stateOf(catalog, workspaceRoot, stamp))}\n`);
  renameSync(temp, path);
}

/**
 * Compares this build with the workspace's stored one and stores this one in its place. Never
 * throws: a state that cannot be read or written is a `note`.
 */
export function recordCatalogBuild(
  picassoHome: string,
  workspaceRoot: string,
  catalog: Catalog,
  options: {
    stamp?: (catalog: Catalog) => BuildStamp | undefined;
    read?: ReturnType<typeof readCatalogState>;
  } = {},
): CatalogChanges {
  const path = catalogStatePath(picassoHome, workspaceRoot);
  const read = options.read ?? readCatalogState(path, workspaceRoot);
  const changes = diffCatalog("nodes" in read ? read.nodes : undefined, catalog);
  const notes = "note" in read && read.note ? [read.note] : [];
  try {
    writeCatalogState(path, catalog, workspaceRoot, options.stamp?.(catalog));
  } catch (error) {
    notes.push(`${path}: not written (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`);
  }
  return notes.length ? { ...changes, note: notes.join("; ") } : changes;
}

/** One line for people: `catalog: 49 entries; 3 changed since the last build (web_fetch, …)`. */
export function changesLine(changes: CatalogChanges, catalog: Catalog): string {
  const head = `catalog: ${changes.entries} entries`;
  if (!changes.compared) return `${head}; first build here${changes.note ? ` (${changes.note})` : ""}`;
  const moved = changes.added + changes.changed + changes.removed;
  if (moved === 0) return `${head}; unchanged since the last build`;
  // A removed node is named by its id (the stored file holds no names).
  const names = changes.ids.slice(0, 5).map((id) => catalog.node(id)?.name ?? id);
  const more = moved > names.length ? ", …" : "";
  const parts = [
    changes.changed ? `${changes.changed} changed` : "",
    changes.added ? `${changes.added} added` : "",
    changes.removed ? `${changes.removed} removed` : "",
  ].filter(Boolean);
  return `${head}; ${parts.join(", ")} since the last build (${names.join(", ")}${more})`;
}
