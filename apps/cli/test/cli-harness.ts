/**
 * Driving the built `picasso` binary (apps/cli/dist/main.js) with execa, in a temporary
 * workspace, against `--provider mock` with a YAML script written for the test.
 */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, realpathSync, writeFileSync } from "node:fs";
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

/**
 * Host pids of the live processes whose command line contains `marker`. A sandboxed tool process
 * lives in a PID namespace of its own, so the `$!` or `$PPID` it writes down is not a host pid:
 * tests find their processes by a unique argument instead (`sleep 300.<marker>`).
 */
export function hostPids(marker: string): number[] {
  const out: number[] = [];
  for (const name of readdirSync("/proc")) {
    if (!/^\d+$/.test(name) || Number(name) === process.pid) continue;
    try {
      const cmdline = readFileSync(`/proc/${name}/cmdline`, "utf8").split("\0").join(" ");
      const stat = readFileSync(`/proc/${name}/stat`, "utf8");
      if (cmdline.includes(marker) && stat.slice(stat.lastIndexOf(")") + 2)[0] !== "Z")
        out.push(Number(name));
    } catch {
      // gone while we looked
    }
  }
  return out;
}

/** A marker for `hostPids`: digits only, so `sleep 300.<marker>` stays a valid duration. */
export function uniqueMarker(): string {
  return `${process.pid}${Date.now() % 1_000_000}${Math.floor(Math.random() * 1000)}`;
}
