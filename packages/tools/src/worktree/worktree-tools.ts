/**
 * The `worktree` family (deferred): parallel checkouts of the workspace's git repository on real
 * `git worktree`, so independent work (a risky refactor, a subagent's task) does not collide.
 *
 * Worktrees live inside the workspace, in `.picasso/worktrees/<branch>` (slashes in a branch name
 * become `-`), so the file tools and `bash` can reach them; a `.gitignore` of `*` in that folder
 * keeps them out of searches and of the main checkout's status. `worktree_create` makes a new
 * branch from `base` (default HEAD); `worktree_list` shows every worktree with its branch, commit
 * and how many uncommitted changes it has; `worktree_remove` refuses one with uncommitted changes
 * unless `force`, and deletes its branch when asked (`git branch -d`: only if merged, unless force).
 *
 * git runs through the safe runner (`@picasso/workspace`): no hook (post-checkout,
 * reference-transaction…), no smudge or clean filter, no other program the repository names. So a
 * new worktree is made with `--no-checkout` and checked out by `reset --hard` inside it (its own
 * config read first), and files come out as stored, unfiltered (an LFS pointer stays a pointer).
 */
import { existsSync, realpathSync } from "node:fs";
import { join, relative } from "node:path";
import type { ToolContext, ToolDefinition, ToolOutput } from "@picasso/protocol";
import { defineTool, toolError } from "../define-tool.js";
import { makeFolder, writeWholeFile } from "../file-mutations.js";
import { optionalBoolean, optionalString, requiredString } from "../tool-input.js";
import { workspaceFs } from "../workspace-fs/workspace-fs.js";
import { git, parseWorktrees, type WorktreeInfo } from "./git.js";

const WORKTREES_DIR = ".picasso/worktrees";

async function repoRoot(ctx: ToolContext): Promise<string> {
  const top = await git(ctx.workspaceRoot, ["rev-parse", "--show-toplevel"], { signal: ctx.signal });
  if (!top.ok)
    throw new Error("the workspace is not a git repository (git rev-parse failed); worktrees need one");
  return realpathSync(top.stdout);
}

async function listWorktrees(root: string, ctx: ToolContext): Promise<WorktreeInfo[]> {
  const list = await git(root, ["worktree", "list", "--porcelain"], { signal: ctx.signal });
  if (!list.ok) throw new Error(`git worktree list failed: ${list.stderr}`);
  return parseWorktrees(list.stdout);
}

async function changes(path: string, ctx: ToolContext): Promise<number | undefined> {
  const status = await git(path, ["status", "--porcelain"], { signal: ctx.signal });
  return status.ok ? status.stdout.split("\n").filter(Boolean).length : undefined;
}

const shown = (root: string, path: string) => relative(root, path) || ".";

export function worktreeTools(): ToolDefinition[] {
  const create = defineTool({
    name: "worktree_create",
    description:
      "Create a separate checkout (git worktree) of this repository on a new branch, to try a risky change or run a parallel task without disturbing the current one. " +
      "It lives in .picasso/worktrees/<branch>; work there with the usual tools (cwd or paths).",
    properties: {
      branch: { type: "string", description: "New branch name." },
      base: { type: "string", description: "Commit or branch to start from; default HEAD." },
    },
    required: ["branch"],
    effect: "write",
    family: "worktree",
    what: "Creates a separate git checkout on a new branch under .picasso/worktrees.",
    when: "Isolate a risky change or a parallel task from the current checkout; not for applying a diff (apply_patch) or running a server (terminal_start).",
    async run(input: Record<string, unknown>, ctx: ToolContext): Promise<ToolOutput> {
      const branch = requiredString(input, "branch").trim();
      const base = optionalString(input, "base")?.trim() || "HEAD";
      const valid = await git(ctx.workspaceRoot, ["check-ref-format", "--branch", branch], {
        signal: ctx.signal,
      });
      if (!valid.ok) return toolError(`"${branch}" is not a valid branch name.`);
      const root = await repoRoot(ctx);
      const exists = await git(root, ["rev-parse", "--verify", "--quiet", `refs/heads/${branch}`], {
        signal: ctx.signal,
      });
      if (exists.ok)
        return toolError(
          `Branch ${branch} already exists; pick another name, or use worktree_list to find its checkout.`,
        );
      const dir = join(root, WORKTREES_DIR);
      await makeFolder(ctx, dir);
      const ignore = join(dir, ".gitignore");
      if (!(await workspaceFs().stat(ctx, ignore))) await writeWholeFile(ctx, ignore, "*\n");
      const path = join(dir, branch.replace(/\//g, "-"));
      if (existsSync(path))
        return toolError(`${shown(root, path)} already exists; remove it or pick another branch name.`);
      // Checked out by reset --hard in the new tree: the tree's own config (an includeIf on the new
      // branch) is only known once the tree exists, and the safe runner must read it first.
      const add = await git(root, ["worktree", "add", "--no-checkout", "-b", branch, path, base], {
        signal: ctx.signal,
      });
      if (!add.ok) return toolError(`git worktree add failed: ${add.stderr}`);
      const checkout = await git(path, ["reset", "--hard", "--quiet"], { signal: ctx.signal });
      if (!checkout.ok)
        return toolError(`git worktree add failed: checking out ${branch}: ${checkout.stderr}`);
      const head = await git(path, ["rev-parse", "--short", "HEAD"], { signal: ctx.signal });
      const where = shown(root, path);
      return {
        content: `Created worktree ${where} on new branch ${branch} from ${base} (${head.stdout}). Work there: paths under ${where}/, or cwd ${where} for bash and terminals.`,
        display: { kind: "text", text: `worktree ${where} (${branch})` },
      };
    },
  });

  const list = defineTool({
    name: "worktree_list",
    description:
      "List this repository's worktrees (parallel checkouts): path, branch, commit, and how many uncommitted changes each has.",
    properties: {},
    required: [],
    effect: "read",
    family: "worktree",
    what: "Lists the repository's worktrees with branch, commit and uncommitted changes.",
    when: "Which parallel checkouts exist, or which still hold unsaved work.",
    async run(_input: Record<string, unknown>, ctx: ToolContext): Promise<ToolOutput> {
      const root = await repoRoot(ctx);
      const trees = await listWorktrees(root, ctx);
      const lines = await Promise.all(
        trees.map(async (t) => {
          const dirty = t.prunable ? undefined : await changes(t.path, ctx);
          const state = t.prunable
            ? "missing (prunable)"
            : dirty === undefined
              ? "status unknown"
              : dirty === 0
                ? "clean"
                : `${dirty} uncommitted change${dirty === 1 ? "" : "s"}`;
          return `${shown(root, t.path)}  ${t.branch ?? "(detached)"}  ${t.head.slice(0, 7)}  ${state}${t.main ? "  (main checkout)" : ""}${t.locked ? "  locked" : ""}`;
        }),
      );
      return { content: lines.join("\n") };
    },
  });

  const remove = defineTool({
    name: "worktree_remove",
    description:
      "Remove a worktree made with worktree_create (and its branch with delete_branch). Refuses one with uncommitted changes unless force is true: ask the user first.",
    properties: {
      branch: { type: "string", description: "The worktree's branch." },
      delete_branch: {
        type: "boolean",
        description: "Also delete the branch (only if merged, unless force).",
      },
      force: { type: "boolean", description: "Discard uncommitted changes / an unmerged branch." },
    },
    required: ["branch"],
    effect: "write",
    family: "worktree",
    what: "Removes a worktree made with worktree_create, and its branch if asked.",
    when: "A parallel checkout's work is merged or abandoned.",
    async run(input: Record<string, unknown>, ctx: ToolContext): Promise<ToolOutput> {
      const branch = requiredString(input, "branch").trim();
      const force = optionalBoolean(input, "force") ?? false;
      const root = await repoRoot(ctx);
      const trees = await listWorktrees(root, ctx);
      const tree = trees.find((t) => t.branch === branch && !t.main);
      if (!tree) {
        const known = trees.filter((t) => !t.main && t.branch).map((t) => t.branch);
        return toolError(
          `No worktree on branch ${branch}${known.length ? ` (worktrees: ${known.join(", ")})` : ""}.`,
        );
      }
      const where = shown(root, tree.path);
      const dirty = (await changes(tree.path, ctx)) ?? 0;
      if (dirty > 0 && !force)
        return toolError(
          `${where} has ${dirty} uncommitted change${dirty === 1 ? "" : "s"}; commit them, or ask the user and call again with force: true to discard them.`,
        );
      const removed = await git(root, ["worktree", "remove", ...(force ? ["--force"] : []), tree.path], {
        signal: ctx.signal,
        alsoIn: [tree.path],
      });
      if (!removed.ok) return toolError(`git worktree remove failed: ${removed.stderr}`);
      let note = "";
      if (optionalBoolean(input, "delete_branch")) {
        const del = await git(root, ["branch", force ? "-D" : "-d", branch], { signal: ctx.signal });
        note = del.ok
          ? ` Branch ${branch} deleted.`
          : ` The branch ${branch} was kept: ${del.stderr.split("\n")[0]} (force: true deletes it anyway).`;
      }
      return {
        content: `Removed worktree ${where}.${note}`,
        display: { kind: "text", text: `removed ${where}` },
      };
    },
  });

  return [create, list, remove];
}
