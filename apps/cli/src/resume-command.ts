/**
 * The command that resumes a session, spelled the way this binary was reached, so the hint
 * printed on exit works when pasted:
 * 1. `picasso --resume ID` when the first `picasso` on PATH is this binary (after symlinks —
 *    `npm link` and global installs link to this very main.js);
 * 2. `npm start -- --resume ID` when running as the `start` script of a package whose script
 *    runs this main.js (`npm start` in a checkout);
 * 3. otherwise `node <absolute path of main.js> --resume ID` (quoted for the shell when needed).
 */
import { accessSync, constants, statSync } from "node:fs";
import { delimiter, dirname, isAbsolute, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { realPathOrResolved } from "@picasso/workspace";

/** main.js of this build (this module sits beside it in dist/). */
export const MAIN_PATH = join(dirname(fileURLToPath(import.meta.url)), "main.js");

export interface InvocationContext {
  env: NodeJS.ProcessEnv;
  /** The binary's main.js. */
  mainPath: string;
}

export function resumeCommand(
  id: string,
  context: InvocationContext = { env: process.env, mainPath: MAIN_PATH },
): string {
  return `${picassoInvocation(context)} --resume ${id}`;
}

export function picassoInvocation(context: InvocationContext): string {
  const main = realPathOrResolved(context.mainPath);
  const onPath = firstOnPath("picasso", context.env.PATH ?? "");
  if (onPath && realPathOrResolved(onPath) === main) return "picasso";
  if (runByNpmStart(context.env, main)) return "npm start --";
  return `node ${shellWord(resolve(context.mainPath))}`;
}

function firstOnPath(name: string, path: string): string | undefined {
  for (const dir of path.split(delimiter)) {
    if (dir === "" || !isAbsolute(dir)) continue;
    const candidate = join(dir, name);
    try {
      if (!statSync(candidate).isFile()) continue;
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
      // not here
    }
  }
  return undefined;
}

function runByNpmStart(env: NodeJS.ProcessEnv, main: string): boolean {
  if (env.npm_lifecycle_event !== "start" || !env.npm_package_json || !env.npm_lifecycle_script) return false;
  const root = dirname(env.npm_package_json);
  return env.npm_lifecycle_script
    .split(/\s+/)
    .some((word) => word !== "" && realPathOrResolved(resolve(root, word)) === main);
}

function shellWord(text: string): string {
  return /^[\w@%+=:,./-]+$/.test(text) ? text : `'${text.replace(/'/g, `'\\''`)}'`;
}
