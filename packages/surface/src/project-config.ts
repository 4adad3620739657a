/**
 * The project files that need the user's approval before Picasso uses them, in one list for
 * every surface: `.mcp.json` (starts programs), the project's patch file with its includes (can
 * loosen the sandbox and the network), Claude Code's project settings with `mcp__…` allow
 * rules (let calls run without asking), and custom command files with shell lines (run them when
 * the command is used: @picasso/commands command-shell.ts). Each is used only while its content's digest is the one
 * rules (let calls run without asking), and the project's settings files with hooks (run
 * commands on lifecycle events: `.picasso/settings.*`, `.claude/settings*.json`; one entry per
 * file, its effects joined, since one approval covers the file's whole content). Each is used only while its content's digest is the one
 * the user approved (@picasso/workspace project-trust); the loaders enforce that themselves
 * (lean context's `loadComposition`, mcp's `loadMcpConfig` and `loadAllowRules`, hooks' `loadHooks`).
 *
 * Surfaces ask here what is pending and approve through here: the TUI asks at start, headless
 * runs print `withheldLines` and take `--approve-project-config`, `picasso trust` lists and
 * approves; ACP sessions print the lines to the editor's log.
 */
import { existsSync } from "node:fs";
import { join } from "node:path";
import { discoverCommands, reviewProjectCommands } from "@picasso/commands";
import { reviewProjectHookFiles } from "@picasso/hooks";
import { PROJECT_PATCH_FILE, reviewProjectPatch } from "@picasso/lean-context";
import { PROJECT_CONFIG, reviewProjectAllowFiles, reviewProjectMcpConfig } from "@picasso/mcp";
import { type ApprovalState, approveProjectFile, readBoundedFile } from "@picasso/workspace";

export interface ProjectConfigFile {
  /** Workspace-relative. */
  file: string;
  state: ApprovalState;
  digest: string;
  /** What using it does, one line (for the approval question and `picasso trust`). */
  effect: string;
}

export interface ProjectPlace {
  workspaceRoot: string;
  picassoHome: string;
}

/** Settings a project patch may set that loosen Picasso's walls. */
const LOOSENING_SETTINGS = [
  "sandbox.mode",
  "sandbox.network",
  "web.allowPrivateNetwork",
  "web.searchUrl",
  "memory.embeddings.baseUrl",
  "memory.embeddings.apiKeyEnv",
];

export function reviewProjectConfig(place: ProjectPlace): ProjectConfigFile[] {
  const out: ProjectConfigFile[] = [];
  const mcp = reviewProjectMcpConfig(place);
  if (mcp)
    out.push({ file: PROJECT_CONFIG, state: mcp.state, digest: mcp.digest, effect: mcpEffect(mcp.text) });
  const patch = existsSync(join(place.workspaceRoot, PROJECT_PATCH_FILE))
    ? reviewProjectPatch(place)
    : undefined;
  if (patch) {
    const text = patch.files.length > 1 ? ` (with ${patch.files.length - 1} included file(s))` : "";
    out.push({
      file: PROJECT_PATCH_FILE,
      state: patch.state,
      digest: patch.digest,
      effect: `configures Picasso for this project${text}${patchLoosening(patch.files)}`,
    });
  }
  for (const allow of reviewProjectAllowFiles(place))
    out.push({
      file: allow.file,
      state: allow.state,
      digest: allow.digest,
      effect: `lets MCP calls run without asking: ${allow.rules.join(", ")}`,
    });
  out.push(...reviewProjectCommands(place, discoverCommands(place).commands));
  for (const hooks of reviewProjectHookFiles(place)) {
    const effect = `runs hook commands: ${hooksEffect(hooks.commands)}`;
    const same = out.find((f) => f.file === hooks.file);
    if (same) same.effect = `${same.effect}; ${effect}`;
    else out.push({ file: hooks.file, state: hooks.state, digest: hooks.digest, effect });
  }
  return out;
}

/** The files not approved (new, or changed since their approval). */
export function pendingProjectConfig(place: ProjectPlace): ProjectConfigFile[] {
  return reviewProjectConfig(place).filter((f) => f.state !== "approved");
}

/**
 * Approve `files` as they were reviewed (default: every file pending now): the digest recorded is
 * the one the user was shown, so a file changed in between stays unapproved. Returns them.
 */
export function approveProjectConfig(
  place: ProjectPlace,
  files: readonly ProjectConfigFile[] = pendingProjectConfig(place),
): ProjectConfigFile[] {
  for (const f of files) approveProjectFile(place.picassoHome, place.workspaceRoot, f.file, f.digest);
  return [...files];
}

const stateText = (state: ApprovalState) =>
  state === "changed" ? "changed since you approved it" : "not approved yet";

/** One line per pending file: what it would do and how to approve it (headless, ACP, warnings). */
export function withheldLines(pending: readonly ProjectConfigFile[]): string[] {
  return pending.map(
    (f) =>
      `not using ${f.file} (${stateText(f.state)}; it ${f.effect}); approve it with --approve-project-config or \`picasso trust approve ${f.file}\``,
  );
}

/** The approval question the TUI asks at start. */
export function approvalQuestion(pending: readonly ProjectConfigFile[]): string {
  const items = pending.map((f) => `- ${f.file} (${stateText(f.state)}): it ${f.effect}`);
  return [
    "This project has configuration that can run programs or loosen Picasso's sandbox, and you have not approved it:",
    ...items,
    "Use it? Approval is remembered for exactly this content; a later change asks again.",
  ].join("\n");
}

function hooksEffect(commands: readonly string[]): string {
  const shown = commands.slice(0, 4).map((c) => (c.length > 80 ? `${c.slice(0, 77)}...` : c));
  return `${shown.join(", ")}${commands.length > 4 ? ` and ${commands.length - 4} more` : ""}`;
}

function mcpEffect(text: string): string {
  let servers: Record<string, { command?: unknown; args?: unknown; url?: unknown }> = {};
  try {
    const parsed = JSON.parse(text) as { mcpServers?: typeof servers };
    servers = parsed?.mcpServers && typeof parsed.mcpServers === "object" ? parsed.mcpServers : {};
  } catch {
    return "is not valid JSON (nothing would start)";
  }
  const names = Object.entries(servers).map(([name, s]) => {
    const target =
      typeof s?.command === "string"
        ? [s.command, ...(Array.isArray(s.args) ? s.args.filter((a) => typeof a === "string") : [])].join(" ")
        : typeof s?.url === "string"
          ? s.url
          : "?";
    return `${name} (${target.length > 80 ? `${target.slice(0, 77)}...` : target})`;
  });
  if (names.length === 0) return "configures no MCP server";
  return `starts ${names.length} MCP server${names.length === 1 ? "" : "s"}: ${names.join(", ")}`;
}

function patchLoosening(files: readonly string[]): string {
  const found = new Set<string>();
  for (const file of files) {
    const text = readText(file);
    for (const key of LOOSENING_SETTINGS) if (text.includes(key)) found.add(key);
  }
  return found.size > 0 ? `; sets ${[...found].join(", ")}` : "";
}

function readText(file: string): string {
  const read = readBoundedFile(file, 1024 * 1024);
  return read.kind === "text" ? read.bytes.toString("utf8") : "";
}
