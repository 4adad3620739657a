/**
 * The session's image resolver (`SessionOptions.images`, docs/images.md): a user turn's images —
 * those its prompt names (`@shot.png`, a pasted or dropped path: @picasso/images
 * `findImageMentions`) and those attached to it (`--image <path>`, an ACP image block) — as image
 * blocks, each with one note line:
 * - attached: `info`, `attached shot.png (image/png, 800×600, 12.0 KB)` (and what it was
 *   downscaled from);
 * - not attached: `warn`, `@name: not attached: <why>` — no such file, outside the workspace, not
 *   a PNG/JPEG/GIF/WebP, too large. A pasted path that names nothing is just text: no note.
 * Files are read as the `read` tool reads them (@picasso/tools `loadWorkspaceImage`: relative to
 * the session's cwd, inside the workspace unless allowed). At most `MAX_IMAGES_PER_TURN` a turn.
 */

import { isAbsolute, resolve, sep } from "node:path";
import { describeImage, findImageMentions, MAX_IMAGES_PER_TURN, prepareImage } from "@picasso/images";
import type { ImageBlock, ImageInput, ImageResolver, ResolvedImages } from "@picasso/protocol";
import { loadWorkspaceImage } from "@picasso/tools";

export interface ImagePlace {
  workspaceRoot: string;
  cwd?: string;
  /** Folders outside the workspace the user allowed (engine setting `allowedOutsidePaths`). */
  allowedOutsidePaths?: readonly string[];
}

type Candidate = { label: string; explicit: boolean } & ({ path: string } | { data: string; name: string });

export function promptImageResolver(place: ImagePlace): ImageResolver {
  const cwd = place.cwd ?? place.workspaceRoot;
  const allowed = (place.allowedOutsidePaths ?? []).map((p) => resolve(p));
  const scope = {
    cwd,
    workspaceRoot: place.workspaceRoot,
    isOutsideAllowed: (abs: string) => {
      const target = resolve(abs);
      return allowed.some((root) => target === root || target.startsWith(root + sep));
    },
  };
  return async (prompt: string, attached: readonly ImageInput[]): Promise<ResolvedImages> => {
    const candidates: Candidate[] = [
      ...findImageMentions(prompt).map((m) => ({
        path: m.path,
        explicit: m.explicit,
        label: m.explicit ? `@${m.path}` : m.path,
      })),
      ...attached.map(
        (input, i): Candidate =>
          "path" in input
            ? { path: input.path, explicit: true, label: input.path }
            : {
                data: input.data,
                name: input.name ?? `attached image ${i + 1}`,
                explicit: true,
                label: input.name ?? `attached image ${i + 1}`,
              },
      ),
    ];
    const out: ResolvedImages = { images: [], notes: [] };
    const seen = new Set<string>();
    for (const candidate of candidates) {
      if ("path" in candidate) {
        const key = isAbsolute(candidate.path) ? candidate.path : resolve(cwd, candidate.path);
        if (seen.has(key)) continue;
        seen.add(key);
      }
      const loaded =
        "path" in candidate
          ? await loadWorkspaceImage(scope, candidate.path)
          : prepareImage(Buffer.from(candidate.data, "base64"), candidate.name);
      if (!loaded.ok) {
        if (!candidate.explicit && "missing" in loaded && loaded.missing) continue;
        out.notes.push({ tone: "warn", message: `${candidate.label}: not attached: ${loaded.reason}` });
        continue;
      }
      if (out.images.length >= MAX_IMAGES_PER_TURN) {
        out.notes.push({
          tone: "warn",
          message: `${candidate.label}: not attached: a prompt takes at most ${MAX_IMAGES_PER_TURN} images`,
        });
        continue;
      }
      out.images.push(loaded.block);
      out.notes.push({ tone: "info", message: attachedNote(loaded.block, loaded.downscaledFrom) });
    }
    return out;
  };
}

function attachedNote(block: ImageBlock, from: { width: number; height: number } | undefined): string {
  return `attached ${describeImage(block)}${from ? `, downscaled from ${from.width}×${from.height}` : ""}`;
}
