#!/usr/bin/env node
/**
 * What the installed packages are for (docs/dependencies.md): reads package-lock.json and, for each
 * direct dependency of a workspace, counts the packages it pulls in ("with its tree") and those no
 * other direct dependency shares ("only it"); then how many are reachable from what Picasso runs
 * (workspaces' `dependencies`) against those only for building and testing it (`devDependencies`).
 * Dependencies are resolved the way Node does: the nearest `node_modules` up the lock path.
 * `node scripts/dependency-count.mjs [--json]`.
 */
import { readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

/** npm's `os` / `cpu` / `libc` fields: a platform package for another machine is not installed. */
function fitsPlatform(entry, platform) {
  const fits = (allowed, value) =>
    !allowed ||
    allowed.some((a) => a === value) ||
    (allowed.every((a) => a.startsWith("!")) && !allowed.includes(`!${value}`));
  return fits(entry.os, platform.os) && fits(entry.cpu, platform.cpu) && fits(entry.libc, platform.libc);
}

/** `platform` defaults to this machine (glibc assumed on Linux, as Debian has). */
export function countDependencies(
  lock,
  platform = {
    os: process.platform,
    cpu: process.arch,
    libc: process.platform === "linux" ? "glibc" : undefined,
  },
) {
  const packages = lock.packages;
  const installed = new Set(
    Object.keys(packages).filter(
      (p) => p.includes("node_modules/") && !packages[p].link && fitsPlatform(packages[p], platform),
    ),
  );
  const find = (from, name) => {
    for (let base = from; ; ) {
      const path = `${base ? `${base}/` : ""}node_modules/${name}`;
      if (packages[path]) return packages[path].link ? packages[path].resolved : path;
      if (!base) return undefined;
      const cut = base.lastIndexOf("/node_modules/");
      base = cut < 0 ? "" : base.slice(0, cut);
    }
  };
  const tree = (start) => {
    const seen = new Set();
    const todo = [start];
    while (todo.length > 0) {
      const path = todo.pop();
      if (seen.has(path) || !packages[path]) continue;
      seen.add(path);
      const entry = packages[path];
      for (const name of Object.keys({ ...entry.dependencies, ...entry.optionalDependencies })) {
        const found = find(path, name);
        if (found) todo.push(found);
      }
    }
    return new Set([...seen].filter((p) => installed.has(p)));
  };
  const workspaces = Object.entries(packages).filter(([path]) => !path.includes("node_modules"));
  const direct = new Map();
  for (const [path, entry] of workspaces)
    for (const [field, dev] of [
      ["dependencies", false],
      ["devDependencies", true],
    ])
      for (const name of Object.keys(entry[field] ?? {})) {
        const found = find(path, name);
        if (!found || !installed.has(found)) continue;
        const row = direct.get(name) ?? { name, tree: tree(found), usedBy: [] };
        row.usedBy.push(`${path || "root"}${dev ? " (dev)" : ""}`);
        direct.set(name, row);
      }
  const runtime = new Set();
  for (const [path, entry] of workspaces)
    for (const name of Object.keys(entry.dependencies ?? {})) {
      const found = find(path, name);
      if (found) for (const p of tree(found)) runtime.add(p);
    }
  const rows = [...direct.values()].map(({ name, tree: own, usedBy }) => {
    const others = new Set();
    for (const other of direct.values()) if (other.name !== name) for (const p of other.tree) others.add(p);
    return { name, withTree: own.size, onlyIt: [...own].filter((p) => !others.has(p)).length, usedBy };
  });
  rows.sort((a, b) => b.withTree - a.withTree || a.name.localeCompare(b.name));
  return {
    installed: installed.size,
    runtime: runtime.size,
    buildAndTestOnly: installed.size - runtime.size,
    rows,
  };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
  const counts = countDependencies(JSON.parse(readFileSync(join(root, "package-lock.json"), "utf8")));
  if (process.argv.includes("--json")) process.stdout.write(`${JSON.stringify(counts, null, 2)}\n`);
  else
    process.stdout.write(
      [
        `${counts.installed} packages: ${counts.runtime} reachable from what Picasso runs, ${counts.buildAndTestOnly} only to build and test it`,
        "with its tree\tonly it\tdependency\tused by",
        ...counts.rows.map((r) => `${r.withTree}\t${r.onlyIt}\t${r.name}\t${r.usedBy.join(", ")}`),
        "",
      ].join("\n"),
    );
}
