/** Temporary folders for the tests: a workspace and a user's homes, with command files written in. */
import { mkdirSync, mkdtempSync, realpathSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import type { CommandPlaces } from "./command-discovery.js";

export function tempDir(prefix: string): string {
  return realpathSync(mkdtempSync(join(tmpdir(), prefix)));
}

export function writeFiles(root: string, files: Record<string, string>): void {
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), content);
  }
}

/** A workspace, `$PICASSO_HOME`, `HOME` (with `.claude`, `.gemini`, `.codex` under it). */
export function places(): CommandPlaces & { home: string } {
  const home = tempDir("picasso-cmd-home-");
  return {
    workspaceRoot: tempDir("picasso-cmd-ws-"),
    picassoHome: tempDir("picasso-home-cmd-"),
    home,
    env: { HOME: home },
  };
}
