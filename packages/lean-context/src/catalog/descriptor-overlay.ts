/**
 * Committed descriptors over the catalog: `catalog/descriptors/*.yml` give the `what` / `when` of
 * a family's members (descriptor-file.ts is the format) — Picasso's own, committed to its
 * repository, in every workspace, and a workspace's own over them, family by family.
 *
 * The files are workspace input, so untrusted. Loading (`loadDescriptorOverlay`) never throws:
 * - only regular files named `*.yml` / `*.yaml` directly in the folder (no symlinks, FIFOs or
 *   folders), at most `MAX_FILES` of them (by name), each at most `MAX_FILE_BYTES`;
 * - each must parse as YAML (no aliases) to `{family: text, members: {name: {what, when}}}`;
 *   a file that does not is left out with a note;
 * - a member's `what` and `when` are held to descriptor-text.ts: a value longer than 160
 *   characters is clipped (with a note); a value on several lines, with control characters,
 *   empty or not text refuses that member (with a note) — it keeps the descriptors it had;
 * - a family named by two files, or a member named twice, keeps the first (files by name).
 * Applying (`applyDescriptorOverlay`, pure) replaces only the `what` / `when` of `tool` and
 * `mcp_tool` leaves under the family (or `mcp:<server>`) the file names; names that are not
 * members there are ignored and reported by `unmatchedDescriptorNotes`. Nothing else — and so
 * never Tier 1, which is not built from the catalog — changes.
 */
import {
  closeSync,
  constants,
  fstatSync,
  lstatSync,
  openSync,
  readdirSync,
  readFileSync,
  realpathSync,
} from "node:fs";
import { join } from "node:path";
import { parse } from "yaml";
import { PICASSO_REPOSITORY_DIR } from "../composition/load-composition.js";
import { contentKey, isJsonExact, ParseCache, parseCachePath, parseSeedPath } from "../io/parse-cache.js";
import type { CatalogNode } from "./catalog-node.js";
import { cut } from "./catalog-node.js";
import { DESCRIPTORS_DIR } from "./descriptor-file.js";
import {
  DESCRIPTOR_FIELDS,
  DESCRIPTOR_MAX_CHARS,
  descriptorLineProblem,
  type MemberDescriptor,
} from "./descriptor-text.js";
import { familyNameOf, memberKey } from "./member-names.js";

export const MAX_FILES = 64;
export const MAX_FILE_BYTES = 64 * 1024;

export interface DescriptorOverlay {
  /** Family (`worktree`, `mcp:github`) → member key → its descriptors. */
  families: Map<string, Map<string, MemberDescriptor>>;
  /** The file each family came from (workspace-relative), for notes. */
  files: Map<string, string>;
  /** One line each: what was left out, refused or clipped. */
  notes: string[];
  /** Families described by Picasso's own committed files, not the workspace's. */
  builtIn: Set<string>;
}

export const emptyDescriptorOverlay = (): DescriptorOverlay => ({
  families: new Map(),
  files: new Map(),
  notes: [],
  builtIn: new Set(),
});

const printable = (text: string, max = 60) =>
  JSON.stringify(cut(text.replace(/[^\p{L}\p{N}\p{P}\p{S} ]/gu, "?"), max));

/**
 * The descriptors a workspace's catalog takes: its own `catalog/descriptors/*.yml`, then Picasso's
 * (the reviewed text committed to the product's repository, `productRoot`) for every family the
 * workspace does not describe itself. Picasso's apply in every workspace; they are not the
 * workspace's input, so a family or member of theirs missing from a composition is no note
 * (`productRoot` null: the workspace's alone).
 */
export function loadDescriptorOverlay(
  workspaceRoot: string,
  productRoot: string | null = PICASSO_REPOSITORY_DIR,
  picassoHome?: string,
): DescriptorOverlay {
  const cache = picassoHome ? openYamlCache(picassoHome) : undefined;
  try {
    return loadOverlay(workspaceRoot, productRoot, cache);
  } finally {
    cache?.flush();
  }
}

/**
 * YAML values of descriptor files parsed before, by path and content (io/parse-cache.ts): each
 * file is still read and hashed, and the value checked below as a fresh parse's is, so the cache
 * only saves the YAML parse. Given `picassoHome`, it is `$PICASSO_HOME/cache/descriptor-files.json`.
 */
function openYamlCache(picassoHome: string): ParseCache<unknown> {
  return new ParseCache(
    parseCachePath(picassoHome, "descriptor-files"),
    (v): v is unknown => isJsonExact(v),
    parseSeedPath("descriptor-files"),
  );
}

function loadOverlay(
  workspaceRoot: string,
  productRoot: string | null,
  cache: ParseCache<unknown> | undefined,
): DescriptorOverlay {
  const overlay = emptyDescriptorOverlay();
  readDescriptorFolder(overlay, workspaceRoot, DESCRIPTORS_DIR, cache);
  if (!productRoot || sameFolder(workspaceRoot, productRoot)) return overlay;
  const product = emptyDescriptorOverlay();
  readDescriptorFolder(product, productRoot, `picasso:${DESCRIPTORS_DIR}`, cache);
  overlay.notes.push(...product.notes);
  for (const [family, members] of product.families) {
    if (overlay.families.has(family)) continue;
    overlay.families.set(family, members);
    overlay.files.set(family, product.files.get(family)!);
    overlay.builtIn.add(family);
  }
  return overlay;
}

function sameFolder(a: string, b: string): boolean {
  try {
    return realpathSync(a) === realpathSync(b);
  } catch {
    return false;
  }
}

function readDescriptorFolder(
  overlay: DescriptorOverlay,
  root: string,
  shownDir: string,
  cache: ParseCache<unknown> | undefined,
): void {
  const dir = join(root, DESCRIPTORS_DIR);
  try {
    if (!lstatSync(dir).isDirectory()) {
      overlay.notes.push(`${shownDir}: not a folder (a symlink or a file); no descriptors applied`);
      return;
    }
  } catch {
    return;
  }
  let names: string[];
  try {
    names = readdirSync(dir)
      .filter((n) => /\.ya?ml$/.test(n))
      .sort();
  } catch (error) {
    overlay.notes.push(`${shownDir}: not read (${(error as NodeJS.ErrnoException).code ?? "error"})`);
    return;
  }
  if (names.length > MAX_FILES) {
    overlay.notes.push(`${shownDir}: ${names.length} files, only the first ${MAX_FILES} by name read`);
    names = names.slice(0, MAX_FILES);
  }
  for (const name of names) readDescriptorFile(overlay, join(dir, name), `${shownDir}/${name}`, cache);
}

/** Notes kept per file; the rest are counted in one last line. */
export const MAX_NOTES_PER_FILE = 8;

function readDescriptorFile(
  overlay: DescriptorOverlay,
  path: string,
  shown: string,
  cache: ParseCache<unknown> | undefined,
): void {
  let noted = 0;
  const note = (text: string) => {
    noted++;
    if (noted <= MAX_NOTES_PER_FILE) overlay.notes.push(`${shown}: ${text}`);
    else if (noted === MAX_NOTES_PER_FILE + 1) overlay.notes.push(`${shown}: more problems not listed`);
  };
  let text: string;
  let fd: number | undefined;
  try {
    // Opened without following a symlink and without blocking on a FIFO, then checked on the
    // open file itself, so a file swapped after listing cannot make us follow or hang.
    fd = openSync(path, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK);
    const stat = fstatSync(fd);
    if (!stat.isFile()) return void note("not a regular file; left out");
    if (stat.size > MAX_FILE_BYTES)
      return void note(`${stat.size} bytes (at most ${MAX_FILE_BYTES}); left out`);
    text = readFileSync(fd, "utf8");
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ELOOP") return void note("not a regular file; left out");
    return void note(`not read (${code ?? "error"}); left out`);
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
  const key = cache ? contentKey(path, text) : "";
  let value: unknown = cache?.get(key);
  if (value === undefined) {
    try {
      value = parse(text, { maxAliasCount: 0, uniqueKeys: true });
    } catch (error) {
      return void note(`not valid YAML (${cut((error as Error).message, 80)}); left out`);
    }
    cache?.set(key, value);
  }
  const doc = value as { family?: unknown; members?: unknown } | null;
  if (!doc || typeof doc !== "object" || Array.isArray(doc)) return void note("not a mapping; left out");
  if (
    typeof doc.family !== "string" ||
    descriptorLineProblem(doc.family) ||
    Array.from(doc.family).length > 80
  )
    return void note('"family" is not a family name; left out');
  const family = doc.family.trim();
  const unknownKeys = Object.keys(doc).filter((k) => k !== "family" && k !== "members");
  if (unknownKeys.length)
    note(`unknown field(s) ${unknownKeys.map((k) => printable(k, 30)).join(", ")} ignored`);
  if (!doc.members || typeof doc.members !== "object" || Array.isArray(doc.members))
    return void note('"members" is not a mapping of member names; left out');
  if (overlay.families.has(family))
    return void note(
      `family ${printable(family)} already described by ${overlay.files.get(family)}; left out`,
    );
  const members = new Map<string, MemberDescriptor>();
  for (const [member, entry] of Object.entries(doc.members as Record<string, unknown>)) {
    const label = `member ${printable(member)}`;
    if (!entry || typeof entry !== "object" || Array.isArray(entry)) {
      note(`${label} is not a mapping of what / when; ignored`);
      continue;
    }
    const descriptor = memberDescriptor(entry as Record<string, unknown>, (problem) =>
      note(`${label} ${problem}`),
    );
    if (descriptor) members.set(member, descriptor);
  }
  overlay.families.set(family, members);
  overlay.files.set(family, shown);
}

/** A member's descriptors from a file: clipped when too long, refused (undefined) when not one clean line. */
function memberDescriptor(
  entry: Record<string, unknown>,
  note: (problem: string) => void,
): MemberDescriptor | undefined {
  const out: Partial<MemberDescriptor> = {};
  for (const field of DESCRIPTOR_FIELDS) {
    const value = entry[field];
    const problem = descriptorLineProblem(value);
    if (problem && !(typeof value === "string" && problem.endsWith(`(at most ${DESCRIPTOR_MAX_CHARS})`))) {
      note(`${field} ${problem}; ignored`);
      return undefined;
    }
    if (problem) note(`${field} ${problem}; clipped`);
    out[field] = cut(value as string, DESCRIPTOR_MAX_CHARS);
  }
  return out as MemberDescriptor;
}

/** The members a node list's families have, by family name and member key. */
function membersByFamily(nodes: readonly CatalogNode[]): Map<string, Map<string, CatalogNode>> {
  const branches = new Map(
    nodes.filter((n) => n.kind === "family" || n.kind === "mcp_server").map((b) => [b.id, familyNameOf(b)]),
  );
  const out = new Map<string, Map<string, CatalogNode>>();
  for (const node of nodes) {
    if ((node.kind !== "tool" && node.kind !== "mcp_tool") || !node.parent) continue;
    const family = branches.get(node.parent);
    if (!family) continue;
    if (!out.has(family)) out.set(family, new Map());
    out.get(family)!.set(memberKey(node), node);
  }
  return out;
}

/** The nodes with the overlay's `what` / `when` on the members it names; the others unchanged. */
export function applyDescriptorOverlay(
  nodes: CatalogNode[],
  overlay: DescriptorOverlay | undefined,
): CatalogNode[] {
  if (!overlay || overlay.families.size === 0) return nodes;
  const members = membersByFamily(nodes);
  const replaced = new Map<string, MemberDescriptor>();
  for (const [family, descriptors] of overlay.families)
    for (const [key, descriptor] of descriptors) {
      const node = members.get(family)?.get(key);
      if (node) replaced.set(node.id, descriptor);
    }
  return nodes.map((n) => {
    const d = replaced.get(n.id);
    return d ? { ...n, what: d.what, when: d.when } : n;
  });
}

/** One note per family or member name of the overlay that names nothing in this catalog. */
export function unmatchedDescriptorNotes(
  nodes: readonly CatalogNode[],
  overlay: DescriptorOverlay | undefined,
): string[] {
  if (!overlay) return [];
  const members = membersByFamily(nodes);
  const notes: string[] = [];
  for (const [family, descriptors] of overlay.families) {
    const file = overlay.files.get(family);
    const known = members.get(family);
    // Picasso's own files are checked against the real tools by a test, not in every workspace.
    if (overlay.builtIn.has(family)) continue;
    if (!known) {
      notes.push(`${file}: no family ${printable(family)} in this catalog; ignored`);
      continue;
    }
    const unknown = [...descriptors.keys()].filter((key) => !known.has(key));
    for (const key of unknown.slice(0, MAX_NOTES_PER_FILE))
      notes.push(`${file}: ${printable(key)} is not a member of ${family}; ignored`);
    if (unknown.length > MAX_NOTES_PER_FILE)
      notes.push(
        `${file}: ${unknown.length - MAX_NOTES_PER_FILE} more names that are not members of ${family}; ignored`,
      );
  }
  return notes;
}
