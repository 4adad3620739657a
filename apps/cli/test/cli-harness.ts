/**
 * Driving the built `picasso` binary (apps/cli/dist/main.js) with execa, in a temporary
 * workspace, against `--provider mock` with a YAML script written for the test.
 */
import { mkdirSync, mkdtempSync, realpathSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { execa, type Options } from "execa";
import { stringify } from "yaml";

export const BIN = join(dirname(fileURLToPath(import.meta.url)), "../dist/main.js");

export function workspace(files: Record<string, string> = {}): string {
  const root = realpathSync(mkdtempSync(join(tmpdir(), "picasso-cli-ws-")));
  mkdirSync(join(root, ".picasso"));
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), content);
  }
  return root;
}

export function script(dir: string, content: unknown, name = "script.yaml"): string {
  const path = join(dir, ".picasso", name);
  writeFileSync(path, stringify(content));
  return path;
}

export function picasso(cwd: string, args: string[], options: Options = {}) {
  return execa("node", [BIN, ...args], { cwd, reject: false, timeout: 60_000, ...options });
}
