/**
 * Where hooks are configured, and which of them may run. The files, in the order their hooks run:
 * - user (trusted): `$PICASSO_HOME/settings.yml` (or `.yaml`, `.json`) and Claude Code's user
 *   `settings.json` (`$CLAUDE_CONFIG_DIR` or `~/.claude`);
 * - project (untrusted workspace input): `.picasso/settings.yml` (or `.yaml`, `.json`),
 *   `.claude/settings.json` and `.claude/settings.local.json`.
 * A project file's hooks run only while the user approved the file's exact content
 * (@picasso/workspace project-trust: the digest of its text, the same approval `.claude/settings*.json`
 * allow rules use); a changed file is asked about again. `reviewProjectHookFiles` lists the
 * project files with hooks for the approval question and `picasso trust`.
 * A file that cannot be parsed, or whose block is malformed, is one problem line naming the file
 * and field; its hooks are left out and the rest still load.
 */
import { join } from "node:path";
import { type ApprovalState, approvalDigest, approvalState, readBoundedFile } from "@picasso/workspace";
import { parse as parseYaml } from "yaml";
import { type HookCommand, type HookScope, HooksConfigError, parseHooksBlock } from "./hook-config.js";

export const PROJECT_HOOK_FILES = [
  ".picasso/settings.yml",
  ".picasso/settings.yaml",
  ".picasso/settings.json",
  ".claude/settings.json",
  ".claude/settings.local.json",
] as const;

const USER_SETTINGS = ["settings.yml", "settings.yaml", "settings.json"] as const;
const MAX_SETTINGS_BYTES = 1024 * 1024;

export interface HookPlace {
  workspaceRoot: string;
  picassoHome: string;
  /** Claude Code's user folder; default `$CLAUDE_CONFIG_DIR` or `~/.claude` (the caller decides). */
  claudeHome?: string;
}

/** A configured hook, with whether it may run. */
export interface ConfiguredHook extends HookCommand {
  /** `approved` for user hooks; a project hook's file approval state. */
  approval: ApprovalState;
}

export interface HookSources {
  hooks: ConfiguredHook[];
  /** One line per file left out or entry skipped (malformed, unreadable, unknown event). */
  problems: string[];
}

interface SettingsFile {
  path: string;
  /** As people read it: workspace-relative for project files, `$PICASSO_HOME/…`, `~/.claude/…`. */
  source: string;
  scope: HookScope;
  claudeStyle: boolean;
  /** Workspace-relative (project files: the trust store's key). */
  file?: string;
}

function candidateFiles(place: HookPlace): SettingsFile[] {
  const user: SettingsFile[] = USER_SETTINGS.map((name) => ({
    path: join(place.picassoHome, name),
    source: `$PICASSO_HOME/${name}`,
    scope: "user",
    claudeStyle: false,
  }));
  if (place.claudeHome)
    user.push({
      path: join(place.claudeHome, "settings.json"),
      source: "~/.claude/settings.json",
      scope: "user",
      claudeStyle: true,
    });
  const project: SettingsFile[] = PROJECT_HOOK_FILES.map((file) => ({
    path: join(place.workspaceRoot, file),
    source: file,
    scope: "project",
    claudeStyle: file.startsWith(".claude/"),
    file,
  }));
  return [...user, ...project];
}

type Read = { kind: "missing" } | { kind: "text"; text: string } | { kind: "problem"; line: string };

function readSettings(file: SettingsFile): Read {
  const read = readBoundedFile(file.path, MAX_SETTINGS_BYTES);
  if (read.kind === "missing") return { kind: "missing" };
  if (read.kind === "not-a-file")
    return { kind: "problem", line: `${file.source}: ${read.what}, not a file; its hooks are left out` };
  if (read.kind === "unreadable")
    return { kind: "problem", line: `${file.source}: cannot be read (${read.code})` };
  if (read.truncated) return { kind: "problem", line: `${file.source}: larger than 1 MiB` };
  return { kind: "text", text: read.bytes.toString("utf8") };
}

function parseSettings(file: SettingsFile, text: string): unknown {
  try {
    return file.path.endsWith(".json") ? JSON.parse(text) : parseYaml(text);
  } catch (error) {
    const first = ((error as Error).message ?? "").split("\n")[0];
    throw new HooksConfigError(
      `${file.source}: not valid ${file.path.endsWith(".json") ? "JSON" : "YAML"} (${first})`,
    );
  }
}

/** One file's hooks (none when it has no `hooks` block), with its text; throws `HooksConfigError`. */
function fileHooks(file: SettingsFile, text: string): { hooks: HookCommand[]; notes: string[] } {
  return parseHooksBlock(parseSettings(file, text), {
    source: file.source,
    scope: file.scope,
    claudeStyle: file.claudeStyle,
  });
}

/** Every configured hook, user files first, each with its approval state. */
export function loadHooks(place: HookPlace): HookSources {
  const hooks: ConfiguredHook[] = [];
  const problems: string[] = [];
  for (const file of candidateFiles(place)) {
    const read = readSettings(file);
    if (read.kind === "missing") continue;
    if (read.kind === "problem") {
      problems.push(read.line);
      continue;
    }
    try {
      const found = fileHooks(file, read.text);
      problems.push(...found.notes);
      if (found.hooks.length === 0) continue;
      const approval: ApprovalState = file.file
        ? approvalState(place.picassoHome, place.workspaceRoot, file.file, approvalDigest(read.text))
        : "approved";
      hooks.push(...found.hooks.map((hook) => ({ ...hook, approval })));
    } catch (error) {
      if (!(error instanceof HooksConfigError)) throw error;
      problems.push(`${error.message}; its hooks are not used`);
    }
  }
  return { hooks, problems };
}

export interface ProjectHookFile {
  /** Workspace-relative. */
  file: string;
  state: ApprovalState;
  digest: string;
  /** `PreToolUse: ./guard.sh` lines, for the approval question. */
  commands: string[];
}

/** The project's settings files that configure hooks (well-formed ones), with their approval state. */
export function reviewProjectHookFiles(
  place: Pick<HookPlace, "workspaceRoot" | "picassoHome">,
): ProjectHookFile[] {
  const out: ProjectHookFile[] = [];
  for (const file of candidateFiles(place).filter((f) => f.file)) {
    const read = readSettings(file);
    if (read.kind !== "text") continue;
    let hooks: HookCommand[];
    try {
      hooks = fileHooks(file, read.text).hooks;
    } catch {
      continue;
    }
    if (hooks.length === 0) continue;
    const digest = approvalDigest(read.text);
    out.push({
      file: file.file!,
      state: approvalState(place.picassoHome, place.workspaceRoot, file.file!, digest),
      digest,
      commands: hooks.map((h) => `${h.event}: ${h.command}`),
    });
  }
  return out;
}
