/**
 * The CLI's version, from its own package.json — one source of truth. The bundle (build.mjs)
 * writes it in at build time, so `picasso --version` reads no file; an unbundled build reads the
 * package.json beside `dist/`.
 */
import { readFileSync } from "node:fs";

declare const __PICASSO_VERSION__: string | undefined;

export const VERSION: string =
  typeof __PICASSO_VERSION__ === "string"
    ? __PICASSO_VERSION__
    : (JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8")) as { version: string })
        .version;
