/**
 * A real git repository planted with every kind of program a workspace can make git run, for
 * tests in any package (`@picasso/workspace/testing`; no product code imports it). Each planted
 * program writes its own marker file into `markers/`, outside the working tree, so a test asks
 * "did git run anything the repository named?" with `fired()`.
 *
 * Plants (marker names in brackets):
 * - core.fsmonitor [fsmonitor];
 * - a hook for every githooks(5) event [hook-<event>], in `.git/hooks` (layout `plain`) or in the
 *   folder core.hooksPath names (the other layouts); a configured hook of git ≥ 2.54 on
 *   post-checkout [config-hook];
 * - filter drivers assigned by the committed `.gitattributes`: clean + smudge (required) on `*.txt`
 *   [filter-clean, filter-smudge], a long-running process filter on `*.dat` [filter-process], and
 *   one defined only on branches `feature/*` (an `includeIf "onbranch:feature/**"`) on
 *   `onbranch.txt` [onbranch-clean, onbranch-smudge]; `stir()` gives the tracked files a new mtime, so that
 *   `git status` must read them again through the clean and process filters;
 * - diff.external [diff-external] and a diff driver with textconv on `*.diff` [textconv]
 *   (`changed.diff` differs between HEAD~1 and HEAD);
 * - a merge driver on `*.mrg` [merge-driver], with branch `side` conflicting with main;
 * - core.pager [pager], core.editor [editor], sequence.editor [sequence-editor];
 * - core.sshCommand [ssh-command], core.gitProxy [git-proxy], an ext:: remote allowed by
 *   protocol.ext.allow [ext-protocol], remote origin's uploadpack [upload-pack],
 *   core.alternateRefsCommand with an alternate object store [alternate-refs];
 * - credential.helper [credential-helper], core.askPass [askpass];
 * - gpg.program with log.showSignature and a commit carrying a signature on branch `signed` [gpg];
 * - a submodule `sub` (ignore = none) whose own config defines a clean filter [submodule-clean].
 *
 * Layouts: `plain` — all of it in `.git/config`; `included` — `.git/config` only says
 * `[include] path = …` and the plants sit in that file; `gitfile` — `.git` is a file whose
 * `gitdir:` names a git directory elsewhere, whose config pulls the plants in with
 * `[includeIf "gitdir:…"]`. The working tree is clean (nothing to commit) in every layout.
 */
import { execFileSync } from "node:child_process";
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  realpathSync,
  utimesSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { HOOK_EVENTS } from "../safe-git-config.js";

export type HostileLayout = "plain" | "included" | "gitfile";

export const HOSTILE_LAYOUTS: readonly HostileLayout[] = ["plain", "included", "gitfile"];

export interface HostileRepository {
  layout: HostileLayout;
  /** The working tree: what Picasso takes as the workspace root. */
  root: string;
  /** The git directory (`root/.git`, or elsewhere for `gitfile`). */
  gitDir: string;
  /** Where the planted programs write their markers. */
  markers: string;
  /** The planted programs (`ext-protocol` is for an `ext::` URL). */
  programs: string;
  /** A bare repository that remote `origin` points at. */
  origin: string;
  /** The markers written so far, sorted. */
  fired(): string[];
  /**
   * New mtimes for the tracked files of the working tree `tree` (default: the repository's; the
   * submodule's too): the next status there must read them again, through the filters.
   */
  stir(tree?: string): void;
  /** Plain git in the repository, with a test identity, no system/global config, no prompt. */
  git(args: string[], options?: { cwd?: string; env?: Record<string, string> }): string;
}

/** The githooks(5) events planted as hooks: every one git knows (safe-git-config.ts keeps the list). */
export const PLANTED_HOOK_EVENTS: readonly string[] = HOOK_EVENTS;

/** Plain git's environment for fixtures and controls: the caller's, without any GIT_* of its own. */
export function plainGitEnvironment(extra: Record<string, string> = {}): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [name, value] of Object.entries(process.env))
    if (value !== undefined && !name.startsWith("GIT_")) env[name] = value;
  return {
    ...env,
    GIT_CONFIG_NOSYSTEM: "1",
    GIT_CONFIG_GLOBAL: "/dev/null",
    GIT_TERMINAL_PROMPT: "0",
    GIT_AUTHOR_NAME: "Planter",
    GIT_AUTHOR_EMAIL: "planter@example.com",
    GIT_COMMITTER_NAME: "Planter",
    GIT_COMMITTER_EMAIL: "planter@example.com",
    ...extra,
  };
}

function runGitPlainly(cwd: string, args: string[], env: Record<string, string> = {}): string {
  return execFileSync("git", args, {
    cwd,
    env: plainGitEnvironment(env),
    encoding: "utf8",
    timeout: 30_000,
    stdio: ["ignore", "pipe", "pipe"],
  });
}

/** A shell script at `path` that writes `marker`, then does `then`. */
function program(path: string, marker: string, markers: string, then = "exit 0"): string {
  writeFileSync(path, `#!/bin/sh\ntouch '${join(markers, marker)}'\n${then}\n`);
  chmodSync(path, 0o755);
  return path;
}

const quote = (value: string) => `"${value.replace(/\\/g, "\\\\").replace(/"/g, '\\"')}"`;

/** The program-naming config (one text), and the programs it names, written under `bin`. */
function plantedConfig(bin: string, markers: string, hooksPath: string | undefined): string {
  const p = (name: string, marker: string, then?: string) =>
    quote(program(join(bin, name), marker, markers, then));
  return [
    "[core]",
    `\tfsmonitor = ${p("fsmonitor", "fsmonitor", "exit 1")}`,
    ...(hooksPath ? [`\thooksPath = ${quote(hooksPath)}`] : []),
    `\tpager = ${p("pager", "pager", "cat")}`,
    `\teditor = ${p("editor", "editor", `printf 'planted\\n' > "$1"`)}`,
    `\tsshCommand = ${p("ssh", "ssh-command", "exit 1")}`,
    `\tgitProxy = ${p("git-proxy", "git-proxy", "exit 1")}`,
    `\taskPass = ${p("askpass", "askpass", "echo planted")}`,
    `\talternateRefsCommand = ${p("alternate-refs", "alternate-refs")}`,
    "[sequence]",
    `\teditor = ${p("sequence-editor", "sequence-editor")}`,
    "[credential]",
    `\thelper = ${p("credential-helper", "credential-helper")}`,
    "[gpg]",
    `\tprogram = ${p("gpg", "gpg", "exit 1")}`,
    "[log]",
    "\tshowSignature = true",
    '[protocol "ext"]',
    "\tallow = always",
    '[filter "planted-cs"]',
    `\tclean = ${p("filter-clean", "filter-clean", "cat")}`,
    `\tsmudge = ${p("filter-smudge", "filter-smudge", "cat")}`,
    "\trequired = true",
    '[filter "planted-process"]',
    `\tprocess = ${p("filter-process", "filter-process", "exit 1")}`,
    "[diff]",
    `\texternal = ${p("diff-external", "diff-external")}`,
    '[diff "planted-diff"]',
    `\ttextconv = ${p("textconv", "textconv", `cat "$1"`)}`,
    '[merge "planted-merge"]',
    `\tdriver = ${p("merge-driver", "merge-driver")} %O %A %B`,
    '[hook "planted"]',
    `\tcommand = ${p("config-hook", "config-hook")}`,
    "\tevent = post-checkout",
    "",
  ].join("\n");
}

const ATTRIBUTES = [
  "*.txt filter=planted-cs",
  "onbranch.txt filter=planted-onbranch",
  "*.dat filter=planted-process",
  "*.diff diff=planted-diff",
  "*.mrg merge=planted-merge",
  "",
].join("\n");

/** A fresh hostile repository (a new temporary folder each call). */
export function plantHostileRepository(layout: HostileLayout = "plain"): HostileRepository {
  const base = realpathSync(mkdtempSync(join(tmpdir(), `picasso-hostile-${layout}-`)));
  const root = join(base, "work");
  const markers = join(base, "markers");
  const bin = join(base, "bin");
  for (const dir of [root, markers, bin]) mkdirSync(dir);
  const gitDir = layout === "gitfile" ? join(base, "gitdir") : join(root, ".git");
  const plain = (args: string[], cwd = root) => runGitPlainly(cwd, args);

  plain(["init", "-q", "-b", "main", ...(layout === "gitfile" ? ["--separate-git-dir", gitDir] : [])]);
  const files: Record<string, string> = {
    ".gitattributes": ATTRIBUTES,
    "filtered.txt": "hello\n",
    "onbranch.txt": "on a branch\n",
    "processed.dat": "data\n",
    "changed.diff": "one\n",
    "merge.mrg": "base\n",
  };
  for (const [name, text] of Object.entries(files)) writeFileSync(join(root, name), text);
  plain(["add", "."]);
  plain(["commit", "-q", "-m", "first"]);
  plain(["repack", "-q"]); // a first pack; the second comes below (pre-auto-gc wants two)
  plain(["branch", "side"]);
  writeFileSync(join(root, "changed.diff"), "two\n");
  writeFileSync(join(root, "merge.mrg"), "main\n");
  plain(["commit", "-q", "-am", "second"]);
  plain(["checkout", "-q", "side"]);
  writeFileSync(join(root, "merge.mrg"), "side\n");
  plain(["commit", "-q", "-am", "side"]);
  plain(["checkout", "-q", "main"]);

  // A submodule with a clean filter of its own, which git status would run inside it.
  const sub = join(root, "sub");
  mkdirSync(sub);
  plain(["init", "-q", "-b", "main"], sub);
  writeFileSync(join(sub, ".gitattributes"), "*.txt filter=sub-planted\n");
  writeFileSync(join(sub, "inner.txt"), "inner\n");
  plain(["add", "."], sub);
  plain(["commit", "-q", "-m", "sub"], sub);
  writeFileSync(
    join(root, ".gitmodules"),
    '[submodule "sub"]\n\tpath = sub\n\turl = ./sub\n\tignore = none\n',
  );
  plain(["add", ".gitmodules", "sub"]);
  plain(["commit", "-q", "-m", "submodule"]);
  plain(["repack", "-q"]);

  // A commit carrying a (fake) signature, on branch `signed`.
  const head = plain(["rev-parse", "HEAD"]).trim();
  const tree = plain(["rev-parse", "HEAD^{tree}"]).trim();
  const signature = ["-----BEGIN PGP SIGNATURE-----", "", "iQEzBAABCAAdFiEE", "-----END PGP SIGNATURE-----"];
  const signedCommit = [
    `tree ${tree}`,
    `parent ${head}`,
    "author Planter <planter@example.com> 1700000000 +0000",
    "committer Planter <planter@example.com> 1700000000 +0000",
    `gpgsig ${signature.join("\n ")}`,
    "",
    "signed",
    "",
  ].join("\n");
  const signedId = execFileSync("git", ["hash-object", "-t", "commit", "-w", "--stdin"], {
    cwd: root,
    env: plainGitEnvironment(),
    input: signedCommit,
    encoding: "utf8",
  }).trim();
  plain(["update-ref", "refs/heads/signed", signedId]);

  // origin: a bare clone; an alternate object store for alternateRefsCommand.
  const origin = join(base, "origin.git");
  plain(["clone", "-q", "--bare", root, origin], base);
  plain(["remote", "add", "origin", origin]);
  plain([
    "config",
    "remote.origin.uploadpack",
    program(join(bin, "upload-pack"), "upload-pack", markers, "exit 1"),
  ]);
  writeFileSync(join(gitDir, "objects", "info", "alternates"), `${join(origin, "objects")}\n`);

  // The program-naming config, placed as the layout says.
  const hooksPath = layout === "plain" ? join(gitDir, "hooks") : join(base, "hooks");
  mkdirSync(hooksPath, { recursive: true });
  for (const event of PLANTED_HOOK_EVENTS) program(join(hooksPath, event), `hook-${event}`, markers);
  const planted = plantedConfig(bin, markers, layout === "plain" ? undefined : hooksPath);
  const onBranch = join(base, "onbranch.cfg");
  writeFileSync(
    onBranch,
    [
      '[filter "planted-onbranch"]',
      `\tclean = ${quote(program(join(bin, "onbranch-clean"), "onbranch-clean", markers, "cat"))}`,
      `\tsmudge = ${quote(program(join(bin, "onbranch-smudge"), "onbranch-smudge", markers, "cat"))}`,
      "",
    ].join("\n"),
  );
  program(join(bin, "ext-protocol"), "ext-protocol", markers, "exit 1");
  const subClean = program(join(bin, "submodule-clean"), "submodule-clean", markers, "cat");
  plain(["config", "filter.sub-planted.clean", subClean], sub);
  const configPath = join(gitDir, "config");
  const extra =
    layout === "plain"
      ? planted
      : layout === "included"
        ? `[include]\n\tpath = ${quote(write(join(base, "included.cfg"), planted))}\n`
        : conditionalInclude(gitDir, write(join(base, "conditional.cfg"), planted));
  writeFileSync(
    configPath,
    `${readFileSync(configPath, "utf8")}${extra}[includeIf "onbranch:feature/**"]\n\tpath = ${quote(onBranch)}\n`,
  );

  let tick = 0;
  return {
    layout,
    root,
    gitDir,
    markers,
    programs: bin,
    origin,
    fired: () => readdirSync(markers).sort(),
    stir(tree = root) {
      tick += 1;
      const when = new Date(Date.UTC(2001, 0, 1) + tick * 60_000);
      for (const path of ["filtered.txt", "onbranch.txt", "processed.dat", "sub/inner.txt"])
        if (existsSync(join(tree, path))) utimesSync(join(tree, path), when, when);
    },
    git: (args, options = {}) => runGitPlainly(options.cwd ?? root, args, options.env),
  };
}

/** Included for the git directory itself and for its linked worktrees' (`<gitDir>/worktrees/…`). */
function conditionalInclude(gitDir: string, path: string): string {
  return [`gitdir:${gitDir}`, `gitdir:${gitDir}/**`]
    .map((condition) => `[includeIf ${quote(condition)}]\n\tpath = ${quote(path)}\n`)
    .join("");
}

function write(path: string, text: string): string {
  writeFileSync(path, text);
  return path;
}
