/**
 * `search` on a big repository (`node scripts/bench.mjs packages/tools`), from the built dist.
 *
 * The bench writes its own repository into a temporary folder: 20,000 files (~80 MB) in 200
 * folders of 100, each ~4 KB of made-up TypeScript-like lines from a fixed seed, a `.gitignore`
 * (`dist/`, `*.log`) and a few ignored files. One regex query, `load\w+Config\(`, matches a few
 * hundred lines. Figures (median of 5 runs, 3 for the fallback):
 * - search.rg-alone-ms: `rg -n --hidden --no-require-git <regex> .` on its own (a process spawn);
 * - search.tool-rg-ms: the `search` tool with `rg` on the PATH; the note gives the ratio to rg alone;
 * - search.tool-fallback-ms: the `search` tool with no `rg` on the PATH (the JavaScript walk); the
 *   note gives its CPU time (user + system), which a busy shared machine inflates far less.
 */
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { rng } from "../../../scripts/bench-random.mjs";
import { searchTool } from "../dist/search.js";

function bench(name, value, unit, note) {
  console.log(`BENCH ${JSON.stringify({ name, value, unit, ...(note ? { note } : {}) })}`);
}
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const round = (x) => Number(x.toFixed(1));

const random = rng(21);
const WORDS = "const let value item config load save user order state result error cache index map list"
  .split(" ")
  .concat("fetch parse render update handle build check token stream buffer queue path node tree".split(" "));
const word = () => WORDS[Math.floor(random() * WORDS.length)];

function fileText(bytes) {
  const lines = [];
  let size = 0;
  while (size < bytes) {
    const roll = random();
    const line =
      roll < 0.0015
        ? `  const ${word()} = load${word()}Config(${word()});`
        : roll < 0.3
          ? `export function ${word()}${word()}(${word()}: string, ${word()}: number) {`
          : `  ${word()}.${word()}(${word()}, ${word()}, "${word()} ${word()}"); // ${word()} ${word()}`;
    lines.push(line);
    size += line.length + 1;
  }
  return `${lines.join("\n")}\n`;
}

const root = mkdtempSync(join(tmpdir(), "picasso-search-bench-"));
let total = 0;
for (let d = 0; d < 200; d++) {
  const dir = join(root, `pkg${String(d).padStart(3, "0")}`, "src");
  mkdirSync(dir, { recursive: true });
  for (let f = 0; f < 100; f++) {
    const text = fileText(3000 + Math.floor(random() * 2400));
    total += text.length;
    writeFileSync(join(dir, `module${f}.ts`), text);
  }
}
writeFileSync(join(root, ".gitignore"), "dist/\n*.log\n");
mkdirSync(join(root, "dist"));
writeFileSync(join(root, "dist", "bundle.js"), fileText(100_000));
writeFileSync(join(root, "debug.log"), fileText(100_000));

const ctx = {
  workspaceRoot: root,
  cwd: root,
  sessionId: "bench",
  lane: "main",
  signal: new AbortController().signal,
  spillDir: join(root, ".spill"),
  files: { markRead() {}, wasRead: () => false },
  isOutsideAllowed: () => false,
  askUser: async () => "",
  runSubagent: async () => "",
};
const PATTERN = "load\\w+Config\\(";

async function timeSearch(runs) {
  const times = [];
  const cpu = [];
  let out;
  for (let i = 0; i < runs; i++) {
    const c0 = process.cpuUsage();
    const t0 = performance.now();
    out = await searchTool.run({ pattern: PATTERN, max_results: 100 }, ctx);
    times.push(performance.now() - t0);
    const c = process.cpuUsage(c0);
    cpu.push((c.user + c.system) / 1000);
  }
  return { ms: median(times), cpuMs: median(cpu), out };
}

try {
  const rgCheck = spawnSync("rg", ["--version"], { encoding: "utf8" });
  if (rgCheck.status !== 0) throw new Error("ripgrep (rg) is not on the PATH; install it to run this bench");
  const rgTimes = [];
  let rgLines = 0;
  for (let i = 0; i < 5; i++) {
    const t0 = performance.now();
    const run = spawnSync("rg", ["-n", "--hidden", "--no-require-git", PATTERN, "."], {
      cwd: root,
      encoding: "utf8",
      maxBuffer: 64 * 1024 * 1024,
    });
    rgTimes.push(performance.now() - t0);
    rgLines = run.stdout.split("\n").filter(Boolean).length;
  }
  const rgAlone = median(rgTimes);
  const withRg = await timeSearch(5);
  const path = process.env.PATH;
  process.env.PATH = "";
  const fallback = await timeSearch(3);
  process.env.PATH = path;
  const same = withRg.out.content === fallback.out.content;
  const mb = (total / 1e6).toFixed(0);
  bench("search.rg-alone-ms", round(rgAlone), "ms", `20,000 files, ${mb} MB; ${rgLines} lines; median of 5`);
  bench(
    "search.tool-rg-ms",
    round(withRg.ms),
    "ms",
    `${(withRg.ms / rgAlone).toFixed(2)}× rg alone (target ≤ 3×); median of 5`,
  );
  bench(
    "search.tool-fallback-ms",
    round(fallback.ms),
    "ms",
    `JavaScript walk, no rg on PATH (target ≤ 1,500 ms); CPU ${round(fallback.cpuMs)} ms; ${(fallback.ms / rgAlone).toFixed(2)}× rg alone; ${same ? "same output as with rg" : "OUTPUT DIFFERS from rg"}; median of 3`,
  );
} finally {
  rmSync(root, { recursive: true, force: true });
}
