#!/usr/bin/env node
/**
 * `npm run build`: everything a fresh checkout needs to run Picasso, with no work done twice.
 *
 * - better-sqlite3 (native-addons.mjs: taken from this machine's cache, or compiled) runs in a
 *   child process at the same time as the TypeScript build, on the other core.
 * - Every workspace's TypeScript is built by ONE `tsc -b` over all their tsconfigs, not one `tsc`
 *   process per package: each process parsed Node's types and its dependencies' declarations
 *   again, and turbo ran 13 of them at once on 2 cores (docs/benchmarks.md "Install (issue 37)":
 *   84 s through turbo, 22 s in one process). `tsc -b` builds them in reference order and skips
 *   what is up to date.
 * - Then the rest of each workspace's `build` script after its `tsc -b &&` (apps/cli's esbuild
 *   bundle); a workspace whose build script is something else is run whole through npm.
 *
 * `turbo run build` still builds one package and its dependencies (with turbo's cache), and
 * `npm test` builds through turbo as before. Exit code 1 if any part failed.
 */
import { spawn, spawnSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");

/**
 * The workspaces (`packages/*`, `apps/*` as the root package.json lists them) and what building
 * each takes: `tsc` when its build script starts with `tsc -b`, and `after`, the rest of it.
 */
export function buildPlan(dir = root) {
  const { workspaces } = JSON.parse(readFileSync(join(dir, "package.json"), "utf8"));
  const plan = [];
  for (const pattern of workspaces) {
    const parent = pattern.replace(/\/\*$/, "");
    for (const name of readdirSync(join(dir, parent)).sort()) {
      const folder = join(dir, parent, name);
      const manifest = join(folder, "package.json");
      if (!existsSync(manifest)) continue;
      const script = JSON.parse(readFileSync(manifest, "utf8")).scripts?.build;
      if (!script) continue;
      const match = /^tsc -b(?:\s*&&\s*(.+))?$/.exec(script.trim());
      plan.push(
        match && existsSync(join(folder, "tsconfig.json"))
          ? { folder, tsc: true, after: match[1] }
          : { folder, tsc: false, after: undefined, whole: script },
      );
    }
  }
  return plan;
}

function run(command, args, cwd) {
  const bins = [join(cwd, "node_modules", ".bin"), join(root, "node_modules", ".bin")];
  const env = { ...process.env, PATH: [...bins, process.env.PATH].join(":") };
  return spawnSync(command, args, { cwd, env, stdio: "inherit" }).status === 0;
}

function main() {
  const native = spawn(process.execPath, [join(root, "scripts", "native-addons.mjs")], {
    cwd: root,
    stdio: "inherit",
  });
  const nativeDone = new Promise((done) => native.on("close", (code) => done(code === 0)));

  const plan = buildPlan();
  const tsc = join(root, "node_modules", "typescript", "bin", "tsc");
  const started = Date.now();
  let ok = run(process.execPath, [tsc, "-b", ...plan.filter((p) => p.tsc).map((p) => p.folder)], root);
  if (ok) {
    process.stdout.write(
      `build: TypeScript of ${plan.length} workspaces in ${Math.round((Date.now() - started) / 1000)} s\n`,
    );
    for (const step of plan) {
      if (step.after) ok = run("sh", ["-c", step.after], step.folder) && ok;
      else if (!step.tsc) ok = run("npm", ["run", "build"], step.folder) && ok;
    }
  }
  nativeDone.then((nativeOk) => {
    if (!ok) process.stderr.write("build: the TypeScript build failed (above)\n");
    process.exit(ok && nativeOk ? 0 : 1);
  });
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
