/**
 * Read the patch files of a surface from disk and compose them (the thin I/O layer).
 *
 * Order: the surface's own file in `patches/` (`picasso-ecosystem.patch.yml` for the CLI,
 * `picasso-sdk.patch.yml` for the SDK server), then the user's `$PICASSO_HOME/picasso.patch.yml`,
 * then the project's `<workspace>/.picasso/picasso.patch.yml`. The last two are optional.
 * Parsing and composing are pure (`parsePatchFile`, `composePatches`); this only reads files.
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { UserError } from "@picasso/protocol";
import { CANONICAL_SECTION_IDS } from "../sections/canonical-sections.js";
import { type Composition, composePatches, type PatchFile, type Surface } from "./compose.js";
import { parsePatchFile } from "./patch-file.js";

/** The repository's `patches/` folder (this file sits at `<pkg>/{src,dist}/composition/`). */
export const DEFAULT_PATCHES_DIR = fileURLToPath(new URL("../../../../patches/", import.meta.url));

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
}

/** The files a surface reads, in the order they apply; optional ones may not exist. */
export function compositionFiles(options: LoadCompositionOptions): { path: string; required: boolean }[] {
  return [
    {
      path: join(options.patchesDir ?? DEFAULT_PATCHES_DIR, SURFACE_PATCH_FILES[options.surface]),
      required: true,
    },
    { path: join(options.picassoHome, "picasso.patch.yml"), required: false },
    { path: join(options.workspaceRoot, ".picasso", "picasso.patch.yml"), required: false },
  ];
}

export function loadComposition(options: LoadCompositionOptions): Composition {
  const files: PatchFile[] = [];
  for (const { path, required } of compositionFiles(options)) {
    if (!existsSync(path)) {
      if (required) throw new UserError(`${path}: the ${options.surface} composition file is missing`);
      continue;
    }
    let text: string;
    try {
      text = readFileSync(path, "utf8");
    } catch (error) {
      throw new UserError(
        `${path}: cannot read the patch file (${(error as NodeJS.ErrnoException).code ?? error})`,
      );
    }
    files.push({ file: path, ops: parsePatchFile(text, path) });
  }
  return composePatches(options.surface, files, { knownSections: CANONICAL_SECTION_IDS });
}
