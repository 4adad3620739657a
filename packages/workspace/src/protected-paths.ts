/**
 * Protected paths: files in a workspace that configure Picasso, git, the shell or another agent,
 * so that writing them is how a prompt injection would turn "the model wrote a file" into "a
 * program runs later" — the next session's MCP servers, a git hook or fsmonitor the user's own
 * `git status` runs, a direnv `.envrc`, an editor task that runs on folder open.
 *
 * Rules (on a workspace-relative path, `/`-separated, after symlinks are resolved):
 * - anywhere in the tree, a path with a component named `.git` (a repository's config, hooks,
 *   info/attributes; a submodule's or worktree's `.git` file), or whose file name is
 *   `.gitattributes`, `.gitmodules` or `.envrc`, or a shell start-up file (`.bashrc`, `.profile`…);
 * - at the workspace root: `.mcp.json`, `.picasso/**` (except `.picasso/worktrees/**`, the
 *   checkouts the worktree tools make, whose own `.git` files stay protected by the first rule),
 *   `.claude/settings.json`, `.claude/settings.local.json`, `.vscode/**`.
 * Writing one needs the user's approval in every permission mode (auto included); inside the
 * command sandbox the existing ones are mounted read-only (`protectedMounts`).
 */

/** Why a workspace-relative path is protected, or undefined when it is not. */
export function protectedPathReason(relative: string): string | undefined {
  const parts = relative.split("/").filter((p) => p !== "" && p !== ".");
  if (parts.length === 0 || parts[0] === "..") return undefined;
  const name = parts[parts.length - 1]!;
  if (parts.includes(".git"))
    return "it is part of a git repository's configuration (hooks and config run programs)";
  if (name === ".gitattributes") return "it routes files through git filters, which run programs";
  if (name === ".gitmodules") return "it tells git which submodules to fetch and how";
  if (name === ".envrc") return "direnv runs it when a shell enters the folder";
  if (SHELL_STARTUP_FILES.has(name)) return "a shell runs it at start-up";
  const [top, second] = parts;
  if (parts.length === 1 && top === ".mcp.json") return "it starts MCP servers (programs) in later sessions";
  if (top === ".picasso" && second !== "worktrees")
    return "it configures Picasso (its sandbox, network, tools and MCP servers)";
  if (
    top === ".claude" &&
    parts.length === 2 &&
    (second === "settings.json" || second === "settings.local.json")
  )
    return "it holds Claude Code settings: permissions, hooks and MCP allow rules";
  if (top === ".vscode") return "an editor runs its tasks and settings";
  return undefined;
}

const SHELL_STARTUP_FILES = new Set([
  ".bashrc",
  ".bash_profile",
  ".bash_login",
  ".bash_logout",
  ".profile",
  ".zshrc",
  ".zshenv",
  ".zprofile",
  ".zlogin",
  ".kshrc",
  ".cshrc",
  ".tcshrc",
]);

/**
 * The protected places at the top of a workspace that exist now, for the sandbox to mount
 * read-only: names relative to the root. `.git` and `.picasso` are folders the sandbox keeps
 * writable in part (commits write objects and refs; worktrees live in `.picasso/worktrees`), so
 * for them the read-only entries are their protected children.
 */
export const ROOT_PROTECTED_FILES = [
  ".mcp.json",
  ".gitattributes",
  ".gitmodules",
  ".envrc",
  ".vscode",
  ".claude/settings.json",
  ".claude/settings.local.json",
  ...SHELL_STARTUP_FILES,
] as const;

/** Inside `.git` (a folder): what runs programs or says where they are. */
export const GIT_PROTECTED_ENTRIES = [
  "config",
  "config.worktree",
  "hooks",
  "info",
  "modules",
  "commondir",
] as const;
