/**
 * What changed in a workspace, read through git (workspace's `runGitSync`: no program the
 * repository names ever runs): every path `git status` reports — staged, unstaged, untracked —
 * with lines added and removed against HEAD (`git diff --numstat HEAD`, binary files counted as
 * changed with no line figures), and the commits made since a given one. Outside a repository (or
 * when git fails) the answer says why instead of throwing.
 */
import { gitBranch, runGitSync } from "@picasso/workspace";

export interface ChangedFile {
  path: string;
  /** `modified`, `added`, `deleted`, `renamed`, `untracked`, `conflicted` or `changed`. */
  status: string;
  /** Lines added and removed against HEAD; null for binary and untracked files. */
  added: number | null;
  removed: number | null;
}

export interface Commit {
  hash: string;
  subject: string;
}

export type WorkspaceChanges =
  | { ok: true; branch: string | null; head: string | null; files: ChangedFile[]; commits: Commit[] }
  | { ok: false; reason: string };

const STATUS: Record<string, string> = {
  M: "modified",
  A: "added",
  D: "deleted",
  R: "renamed",
  C: "added",
  U: "conflicted",
};

function statusOf(code: string): string {
  if (code === "??") return "untracked";
  if (code.includes("U") || code === "AA" || code === "DD") return "conflicted";
  const letter = code[0] !== " " && code[0] !== "?" ? code[0]! : code[1]!;
  return STATUS[letter] ?? "changed";
}

/** `git status --porcelain=v1 -z`: entries separated by NUL; a rename is followed by its old path. */
export function parseStatus(out: string): { path: string; status: string }[] {
  const parts = out.split("\0");
  const entries: { path: string; status: string }[] = [];
  for (let i = 0; i < parts.length; i++) {
    const entry = parts[i]!;
    if (entry.length < 4) continue;
    const code = entry.slice(0, 2);
    entries.push({ path: entry.slice(3), status: statusOf(code) });
    if (code[0] === "R" || code[0] === "C") i += 1;
  }
  return entries;
}

/** `git diff --numstat -z HEAD`: `added\tremoved\tpath` (`-` for binary), renames as two paths. */
export function parseNumstat(out: string): Map<string, { added: number | null; removed: number | null }> {
  const lines = new Map<string, { added: number | null; removed: number | null }>();
  const parts = out.split("\0");
  for (let i = 0; i < parts.length; i++) {
    const m = /^(-|\d+)\t(-|\d+)\t(.*)$/s.exec(parts[i]!);
    if (!m) continue;
    let path = m[3]!;
    // A rename: the path field is empty and the old and new paths follow.
    if (path === "") {
      path = parts[i + 2] ?? "";
      i += 2;
    }
    const num = (s: string) => (s === "-" ? null : Number(s));
    lines.set(path, { added: num(m[1]!), removed: num(m[2]!) });
  }
  return lines;
}

function firstLine(text: string): string {
  return text.trim().split("\n")[0] ?? "";
}

/** Git's own words for a folder outside any repository, said plainly. */
const NOT_A_REPOSITORY = /not a git repository/i;

export function workspaceChanges(root: string, since?: string): WorkspaceChanges {
  const status = runGitSync(root, ["status", "--porcelain=v1", "-z", "--untracked-files=all"]);
  if (!status.ok) {
    const said = status.failure ?? (firstLine(status.stderr) || "git status failed");
    return {
      ok: false,
      reason: NOT_A_REPOSITORY.test(said)
        ? "the workspace is not a git repository (git init to track changes)"
        : said,
    };
  }
  const head = runGitSync(root, ["rev-parse", "--verify", "--quiet", "HEAD"]);
  const headHash = head.ok ? head.stdout.trim() : null;
  const numstat = headHash ? runGitSync(root, ["diff", "--numstat", "-z", "HEAD"]) : undefined;
  const lines = numstat?.ok ? parseNumstat(numstat.stdout) : new Map();
  const files = parseStatus(status.stdout).map(({ path, status }) => ({
    path,
    status,
    added: lines.get(path)?.added ?? null,
    removed: lines.get(path)?.removed ?? null,
  }));
  const log =
    since && headHash && since !== headHash
      ? runGitSync(root, ["log", "--format=%h%x09%s", `${since}..HEAD`])
      : undefined;
  const commits = log?.ok
    ? log.stdout
        .split("\n")
        .filter(Boolean)
        .map((line) => {
          const [hash = "", ...subject] = line.split("\t");
          return { hash, subject: subject.join("\t") };
        })
    : [];
  return { ok: true, branch: gitBranch(root) ?? null, head: headHash, files, commits };
}
