#!/usr/bin/env node
/**
 * Benchmark runner: `npm run bench`.
 *
 * Runs every `bench/*.bench.mjs` file under packages/* and apps/* (or only those below the folders
 * given as arguments) one after another, each in its own node process, after the build. A bench
 * prints its figures as lines `BENCH {"name", "value", "unit", "note"?}`; everything else it prints
 * is passed through. The figures are written into docs/benchmarks.md between the generated
 * markers, each with the command that produced it, the date and the machine. Benchmarks are not
 * tests: they never fail on a number.
 */
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { cpus, totalmem } from "node:os";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const only = process.argv.slice(2).map((p) => relative(root, join(process.cwd(), p)));

function benchFiles() {
  const files = [];
  for (const group of ["packages", "apps"]) {
    for (const name of readdirSync(join(root, group)).sort()) {
      const dir = join(root, group, name, "bench");
      if (!existsSync(dir)) continue;
      for (const file of readdirSync(dir).sort()) {
        if (!file.endsWith(".bench.mjs")) continue;
        const rel = `${group}/${name}/bench/${file}`;
        if (only.length === 0 || only.some((o) => o === "" || rel.startsWith(o))) files.push(rel);
      }
    }
  }
  return files;
}

const rows = [];
for (const file of benchFiles()) {
  process.stdout.write(`\n== ${file}\n`);
  const run = spawnSync(process.execPath, ["--expose-gc", join(root, file)], {
    cwd: root,
    encoding: "utf8",
    maxBuffer: 64 * 1024 * 1024,
    env: { ...process.env, PICASSO_BENCH: "1" },
  });
  for (const line of (run.stdout ?? "").split("\n")) {
    if (line.startsWith("BENCH ")) {
      const figure = JSON.parse(line.slice(6));
      rows.push({ ...figure, file });
      process.stdout.write(
        `${figure.name}: ${figure.value} ${figure.unit}${figure.note ? ` (${figure.note})` : ""}\n`,
      );
    } else if (line.trim()) process.stdout.write(`${line}\n`);
  }
  if (run.status !== 0) {
    process.stderr.write(run.stderr ?? "");
    process.stderr.write(`bench ${file} exited with ${run.status}\n`);
    process.exitCode = 1;
  }
}

const docPath = join(root, "docs", "benchmarks.md");
const start = "<!-- bench:start -->";
const end = "<!-- bench:end -->";
const doc = existsSync(docPath) ? readFileSync(docPath, "utf8") : `# Benchmarks\n\n${start}\n${end}\n`;
const previous = new Map();
const block = doc.slice(doc.indexOf(start) + start.length, doc.indexOf(end));
for (const line of block.split("\n")) {
  const m = line.match(/^\| `([^`]+)` \|/);
  if (m) previous.set(m[1], line);
}
const machine = `${cpus().length} cores, ${Math.round(totalmem() / 2 ** 30)} GiB, node ${process.version}`;
const date = new Date().toISOString().slice(0, 10);
for (const r of rows) {
  const cmd = `node scripts/bench.mjs ${dirname(dirname(r.file))}`;
  previous.set(r.name, `| \`${r.name}\` | ${r.value} ${r.unit} | ${r.note ?? ""} | \`${cmd}\` | ${date} |`);
}
const table = [
  "",
  `Last run on: ${machine}. Regenerate all with \`npm run bench\`; one package with the command in its row.`,
  "",
  "| figure | value | note | command | date |",
  "| --- | --- | --- | --- | --- |",
  ...[...previous.keys()].sort().map((k) => previous.get(k)),
  "",
].join("\n");
const next = doc.slice(0, doc.indexOf(start) + start.length) + table + doc.slice(doc.indexOf(end));
writeFileSync(docPath, next);
process.stdout.write(`\nwrote ${rows.length} figures to docs/benchmarks.md\n`);
