/**
 * This package's folder (the one holding its package.json), wherever this code runs from — its own
 * dist, or a bundle elsewhere (apps/cli/dist) that resolves `@picasso/lean-context` through
 * node_modules. Resolved once per process: a resolution walks node_modules and reads package.json
 * files (1–4 ms), and start-up asks for it for every file it parses.
 */
import { createRequire } from "node:module";
import { dirname } from "node:path";

let found: string | undefined;

export function leanContextPackageDir(): string {
  found ??= dirname(createRequire(import.meta.url).resolve("@picasso/lean-context/package.json"));
  return found;
}
