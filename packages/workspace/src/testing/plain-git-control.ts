/**
 * The control for a hostile repository: plain git, run the ways that start each planted program,
 * so a test first proves the plants are live (these markers appear) before it proves that Picasso's
 * git leaves them all unwritten. Failures of these git commands are expected and ignored (a
 * planted filter that exits 1 makes git give up); only the markers count.
 */
import { execFile, spawnSync } from "node:child_process";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { type HostileRepository, plainGitEnvironment } from "./hostile-repository.js";

/** The markers the control writes with git `version` ([major, minor]). */
export function controlMarkers(version: readonly [number, number]): string[] {
  const configuredHooks = version[0] > 2 || (version[0] === 2 && version[1] >= 54);
  return [
    "alternate-refs",
    "askpass",
    ...(configuredHooks ? ["config-hook"] : []),
    "credential-helper",
    "diff-external",
    "editor",
    "ext-protocol",
    "filter-clean",
    "filter-process",
    "filter-smudge",
    "fsmonitor",
    "git-proxy",
    "gpg",
    "hook-commit-msg",
    "hook-post-checkout",
    "hook-post-commit",
    "hook-post-index-change",
    "hook-post-merge",
    "hook-pre-auto-gc",
    "hook-pre-commit",
    "hook-pre-merge-commit",
    "hook-pre-rebase",
    "hook-prepare-commit-msg",
    "hook-reference-transaction",
    "merge-driver",
    "onbranch-smudge",
    "pager",
    "sequence-editor",
    "ssh-command",
    "submodule-clean",
    "textconv",
    "upload-pack",
  ].sort();
}

/** The installed git's [major, minor]. */
export function gitVersion(): [number, number] {
  const text = spawnSync("git", ["--version"], { encoding: "utf8" }).stdout ?? "";
  const match = /(\d+)\.(\d+)/.exec(text);
  return [Number(match?.[1] ?? 0), Number(match?.[2] ?? 0)];
}

function plainly(repo: HostileRepository, args: string[], cwd = repo.root): void {
  spawnSync("git", args, {
    cwd,
    env: plainGitEnvironment(),
    timeout: 30_000,
    stdio: ["ignore", "ignore", "ignore"],
  });
}

/** `git ls-remote` against a local server that answers 401: credential helper, then askpass. */
async function askForCredentials(repo: HostileRepository): Promise<void> {
  const server = createServer((_req, res) => {
    res.writeHead(401, { "WWW-Authenticate": 'Basic realm="planted"' });
    res.end();
  });
  await new Promise<void>((listening) => server.listen(0, "127.0.0.1", listening));
  const { port } = server.address() as AddressInfo;
  try {
    await new Promise<void>((done) =>
      execFile(
        "git",
        ["ls-remote", `http://127.0.0.1:${port}/planted.git`],
        { cwd: repo.root, env: plainGitEnvironment(), timeout: 30_000 },
        () => done(),
      ),
    );
  } finally {
    server.close();
  }
}

/** Runs plain git on `repo` so that every planted program git ≥ 2.39 can start is started. */
export async function firePlantsWithPlainGit(repo: HostileRepository): Promise<void> {
  const noProcessFilter = ["-c", "filter.planted-process.process="];
  // status: fsmonitor, clean and process filters (the process filter fails, git stops) …
  repo.stir();
  plainly(repo, ["status", "--porcelain"]);
  // … then without it: the index is refreshed (post-index-change), the submodule's status runs.
  repo.stir();
  plainly(repo, [...noProcessFilter, "status", "--porcelain"]);
  plainly(repo, ["diff", "HEAD~2", "HEAD~1"]);
  plainly(repo, ["diff", "--no-ext-diff", "HEAD~2", "HEAD~1"]);
  plainly(repo, ["log", "-1", "signed"]);
  // The pager runs only for a terminal.
  spawnSync("script", ["-qec", "git log -1 main", "/dev/null"], {
    cwd: repo.root,
    env: plainGitEnvironment(),
    timeout: 30_000,
    stdio: ["ignore", "ignore", "ignore"],
  });
  // worktree add: smudge (the onbranch filter too), post-checkout, reference-transaction.
  plainly(repo, [
    ...noProcessFilter,
    "worktree",
    "add",
    "-q",
    "-b",
    "feature/control",
    join(repo.root, "..", "control"),
  ]);
  plainly(repo, ["commit", "--allow-empty"]);
  plainly(repo, ["rebase", "-i", "HEAD~1"]);
  plainly(repo, ["merge", "--no-edit", "side"]);
  plainly(repo, ["-c", "gc.auto=1", "-c", "gc.autoPackLimit=1", "-c", "gc.autoDetach=false", "gc", "--auto"]);
  plainly(repo, ["ls-remote", "ssh://planted.invalid/x"]);
  plainly(repo, ["ls-remote", "git://planted.invalid/x"]);
  plainly(repo, ["ls-remote", `ext::${join(repo.programs, "ext-protocol")}`]);
  plainly(repo, ["ls-remote", "origin"]);
  plainly(repo, ["rev-list", "--alternate-refs", "-1"]);
  await askForCredentials(repo);
}
