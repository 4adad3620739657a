/**
 * Read the patch files of a surface from disk and compose them (the thin I/O layer).
 *
 * Order: the surface's own file in `patches/` (`picasso-ecosystem.patch.yml` for the CLI,
 * `picasso-sdk.patch.yml` for the SDK server), then the user's `$PICASSO_HOME/picasso.patch.yml`,
 * then the project's `<workspace>/.picasso/picasso.patch.yml`. The last two are optional.
 * Both surface files include `picasso-tier1.patch.yml`, the one Tier-1 definition.
 *
 * `- include: <path>` in any of them is resolved relative to the including file's folder and
 * replaced by that file's ops (its own includes too). An include of a file that does not exist,
 * or of a file already being included (a cycle), is a UserError naming the including file and
 * line. Parsing and composing are pure (`parsePatchFile`, `composePatches`); this only reads files.
 *
 * The project's file is untrusted input (a model can write it): it applies only when the user
 * approved its exact content — the file and every file it includes, one digest over all of them
 * (`reviewProjectPatch`, @picasso/workspace project-trust). Otherwise it is left out, listed in
 * `withheld`, and the surfaces say how to approve it. A mistake in a file that is not approved is
 * not reported as an error either: it is simply not used.
 */
import { existsSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { UserError } from "@picasso/protocol";
import { type ApprovalState, approvalDigest, approvalState } from "@picasso/workspace";
import { leanContextPackageDir } from "../io/package-dir.js";
import { contentKey } from "../io/parse-cache.js";
import { readWorkspaceText } from "../io/workspace-text.js";
import { CANONICAL_SECTION_IDS } from "../sections/canonical-sections.js";
import {
  type Composition,
  composePatches,
  type PatchFile,
  type Surface,
  type WithheldPatch,
} from "./compose.js";
import { type IncludeMarker, openPatchCache, type PatchCache } from "./patch-cache.js";
import { type IncludeReader, type PatchOp, parsePatchFile } from "./patch-file.js";

/**
 * The folder of the Picasso repository (or installation) this code belongs to: two levels above
 * this package, found through the package's own package.json, so it holds wherever this code runs
 * from — its dist, or a bundle elsewhere (apps/cli/dist) that resolves `@picasso/lean-context`
 * through node_modules. Its `patches/` and `catalog/` are the repository's.
 */
export const PICASSO_REPOSITORY_DIR = join(leanContextPackageDir(), "..", "..");

/** The repository's `patches/` folder. */
export const DEFAULT_PATCHES_DIR = join(PICASSO_REPOSITORY_DIR, "patches");

export const SURFACE_PATCH_FILES: Record<Surface, string> = {
  cli: "picasso-ecosystem.patch.yml",
  sdk: "picasso-sdk.patch.yml",
};

export interface LoadCompositionOptions {
  surface: Surface;
  picassoHome: string;
  workspaceRoot: string;
  /** Where the surface patch files live; defaults to the repository's `patches/`. */
  patchesDir?: string;
  /** Reuse earlier parses from `$PICASSO_HOME/cache/patch-files.json` (default true; patch-cache.ts). */
  cache?: boolean;
}

/** The project's patch file, workspace-relative: the one that needs the user's approval. */
export const PROJECT_PATCH_FILE = ".picasso/picasso.patch.yml";

/** The files a surface reads, in the order they apply; optional ones may not exist. */
export function compositionFiles(
  options: LoadCompositionOptions,
): { path: string; required: boolean; project?: boolean }[] {
  return [
    {
      path: join(options.patchesDir ?? DEFAULT_PATCHES_DIR, SURFACE_PATCH_FILES[options.surface]),
      required: true,
    },
    { path: join(options.picassoHome, "picasso.patch.yml"), required: false },
    { path: join(options.workspaceRoot, PROJECT_PATCH_FILE), required: false, project: true },
  ];
}

export function loadComposition(options: LoadCompositionOptions): Composition {
  const files: PatchFile[] = [];
  const withheld: WithheldPatch[] = [];
  const cache = options.cache === false ? undefined : openPatchCache(options.picassoHome);
  for (const { path, required, project } of compositionFiles(options)) {
    if (!existsSync(path)) {
      if (required) throw new UserError(`${path}: the ${options.surface} composition file is missing`);
      continue;
    }
    if (project) {
      const review = reviewProjectPatch(options, cache);
      if (review.state !== "approved") {
        withheld.push({ file: PROJECT_PATCH_FILE, state: review.state, digest: review.digest });
        continue;
      }
    }
    files.push({ file: path, ops: readPatchFile(path, [path], undefined, cache) });
  }
  cache?.flush();
  const composition = composePatches(options.surface, files, { knownSections: CANONICAL_SECTION_IDS });
  return withheld.length > 0 ? { ...composition, withheld } : composition;
}

export interface ProjectPatchReview {
  state: ApprovalState;
  /** Over the file and every file it includes (path and bytes of each). */
  digest: string;
  /** The files the digest covers, as read (absolute paths). */
  files: string[];
  /** Why it could not be read or parsed, if so (it is then not usable even when approved). */
  problem?: string;
}

/** The project patch file's approval state and digest; undefined when the project has none. */
export function reviewProjectPatch(
  options: Pick<LoadCompositionOptions, "picassoHome" | "workspaceRoot" | "cache">,
  sharedCache?: PatchCache,
): ProjectPatchReview {
  const path = join(options.workspaceRoot, PROJECT_PATCH_FILE);
  const seen: { path: string; text: string }[] = [];
  let problem: string | undefined;
  const cache = sharedCache ?? (options.cache === false ? undefined : openPatchCache(options.picassoHome));
  try {
    readPatchFile(path, [path], seen, cache);
  } catch (error) {
    problem = (error as Error).message;
  }
  if (!sharedCache) cache?.flush();
  const digest = approvalDigest(
    seen.map((f) => `${relative(options.workspaceRoot, f.path)}\0${f.text}\0`).join(""),
  );
  return {
    state: approvalState(options.picassoHome, options.workspaceRoot, PROJECT_PATCH_FILE, digest),
    digest,
    files: seen.map((f) => f.path),
    ...(problem ? { problem } : {}),
  };
}

/**
 * The ops of one patch file, its includes read in place; `chain` is the include path to it;
 * `seen` collects every file read with its text (for the project file's approval digest). Every
 * file is read and its bytes hashed whether or not `cache` holds its parse (patch-cache.ts), so
 * the digest and the includes are always those of the files as they are now.
 */
function readPatchFile(
  path: string,
  chain: readonly string[],
  seen?: { path: string; text: string }[],
  cache?: PatchCache,
): PatchOp[] {
  const file = readWorkspaceText(path);
  if (file.kind !== "text")
    throw new UserError(
      `${path}: cannot read the patch file (${file.kind === "missing" ? "ENOENT" : file.problem})`,
    );
  if (file.truncated)
    throw new UserError(`${path}: the patch file is ${file.size} bytes; a patch file is at most 1 MiB`);
  const text = file.text;
  seen?.push({ path, text });
  const include: IncludeReader = (target, at, field) => {
    const included = resolve(dirname(path), target);
    const where = `${at.file}:${at.line}: ${field}`;
    if (chain.includes(included))
      throw new UserError(
        `${where}: "${target}" is already being included (${[...chain, included].join(" → ")}); remove the cycle`,
      );
    if (!existsSync(included))
      throw new UserError(
        `${where}: "${target}" does not exist (looked for ${included}; paths are relative to the including file)`,
      );
    return readPatchFile(included, [...chain, included], seen, cache);
  };
  if (!cache) return parsePatchFile(text, path, include);
  const key = contentKey(path, text);
  let items = cache.get(key)?.items;
  if (!items) {
    try {
      // Includes left as markers, resolved below as a cached file's are.
      items = parsePatchFile(text, path, (target, at, field): IncludeMarker[] => [
        { kind: "include", target, at, field },
      ]);
    } catch {
      // A mistake: parse again the plain way, so the first error in file order is the one reported.
      return parsePatchFile(text, path, include);
    }
    cache.set(key, { file: path, items });
  }
  return items.flatMap((item) =>
    item.kind === "include" ? include(item.target, item.at, item.field) : [item],
  );
}
