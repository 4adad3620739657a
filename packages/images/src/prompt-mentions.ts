/**
 * The image paths a prompt names, in order, each once:
 * - `@path` mentions (`@shot.png`, `@"my shot.png"`, `@my\ shot.png`) — explicit: a mention that
 *   is not an attachable image gets a note;
 * - pasted or dropped paths, as terminals insert them: a token ending in .png/.jpg/.jpeg/.gif/.webp
 *   (any case) that is absolute, starts with `./`, `../` or `~/`, holds a `/`, is quoted (`'…'`,
 *   `"…"`) or has backslash-escaped spaces (`my\ shot.png`), or a `file://` URI. A bare `shot.png`
 *   in a sentence stays text. Such a path is attached only when it is an existing file (otherwise
 *   it is just text, and no note is given).
 * Resolving, the workspace check and reading are the caller's (prompt-images.ts in @picasso/surface).
 */
import { homedir } from "node:os";

export interface ImageMention {
  /** The path as written, unquoted and unescaped (`~/` expanded, `file://` decoded). */
  path: string;
  /** `@path`: the user asked for it, so a failure is reported. */
  explicit: boolean;
}

const IMAGE_EXTENSION = /\.(png|jpe?g|gif|webp)$/i;
const TRAILING = /[.,;:!?)\]]+$/;

export function isImageFileName(path: string): boolean {
  return IMAGE_EXTENSION.test(path);
}

export function findImageMentions(prompt: string): ImageMention[] {
  const out: ImageMention[] = [];
  const seen = new Set<string>();
  for (const token of tokens(prompt)) {
    const explicit = token.at;
    let path = token.text;
    if (!token.quoted) path = path.replace(TRAILING, "");
    if (path.startsWith("file://")) {
      try {
        path = decodeURIComponent(new URL(path).pathname);
      } catch {
        continue;
      }
    }
    if (!isImageFileName(path)) continue;
    if (!explicit && !token.quoted && !token.escaped && !path.includes("/")) continue;
    if (path === "~" || path.startsWith("~/")) path = homedir() + path.slice(1);
    if (seen.has(path)) continue;
    seen.add(path);
    out.push({ path, explicit });
  }
  return out;
}

interface Token {
  text: string;
  at: boolean;
  quoted: boolean;
  escaped: boolean;
}

/** Split on whitespace, keeping `'…'`/`"…"` quoted runs and `\ `-escaped spaces in one token. */
function tokens(prompt: string): Token[] {
  const out: Token[] = [];
  let i = 0;
  while (i < prompt.length) {
    while (i < prompt.length && /\s/.test(prompt[i]!)) i++;
    if (i >= prompt.length) break;
    const at = prompt[i] === "@";
    if (at) i++;
    const quote = prompt[i];
    if (quote === "'" || quote === '"') {
      const end = prompt.indexOf(quote, i + 1);
      if (end !== -1) {
        out.push({ text: prompt.slice(i + 1, end), at, quoted: true, escaped: false });
        i = end + 1;
        continue;
      }
    }
    let text = "";
    let escaped = false;
    while (i < prompt.length && !/\s/.test(prompt[i]!)) {
      if (prompt[i] === "\\" && i + 1 < prompt.length && /[\s'"()&;\\]/.test(prompt[i + 1]!)) {
        text += prompt[i + 1];
        escaped = true;
        i += 2;
        continue;
      }
      text += prompt[i];
      i++;
    }
    out.push({ text, at, quoted: false, escaped });
  }
  return out;
}
