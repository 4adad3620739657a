/**
 * CLI start-up (`node scripts/bench.mjs packages/cache-probe`):
 * - probe.cli-version-ms: `node apps/cli/dist/main.js --version`, spawn to exit; median of 11.
 * - probe.node-empty-ms: `node -e ""` in the same run, the floor any node CLI pays; the ratio
 *   shows what Picasso's imports add.
 */
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { bench, median, round } from "./bench-kit.mjs";

const binary = resolve(dirname(fileURLToPath(import.meta.url)), "../../../apps/cli/dist/main.js");
if (!existsSync(binary)) throw new Error(`${binary} is missing: run npm run build first`);

function timeSpawn(args) {
  const samples = [];
  for (let i = 0; i < 11; i++) {
    const start = performance.now();
    const run = spawnSync(process.execPath, args, { encoding: "utf8" });
    samples.push(performance.now() - start);
    if (run.status !== 0) throw new Error(`${args.join(" ")} exited with ${run.status}: ${run.stderr}`);
  }
  return median(samples);
}

const empty = timeSpawn(["-e", ""]);
const version = timeSpawn([binary, "--version"]);
bench("probe.cli-version-ms", round(version, 1), "ms", "picasso --version, spawn to exit; median of 11");
bench("probe.node-empty-ms", round(empty, 1), "ms", "node -e '' in the same run; median of 11");
bench("probe.cli-version-vs-node-ratio", round(version / empty, 2), "x", "same run");
