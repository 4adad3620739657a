/**
 * Finding the custom commands of a workspace and its user, in precedence order (the first folder
 * holding a name wins; a project's command overrides the user's of the same name):
 *   project: `.picasso/commands/**.md`, `.claude/commands/**.md`, `.gemini/commands/**.toml`;
 *   user:    `$PICASSO_HOME/commands/**.md`, `<claude home>/commands/**.md`,
 *            `~/.gemini/commands/**.toml`, `$CODEX_HOME/prompts/*.md` (as `prompts:<name>`).
 * A file's name is its path under the folder without the extension, lowercased, with `/` turned
 * into `:` (`frontend/component.md` → `/frontend:component`). A file that cannot be used — broken
 * front matter or TOML, a name Picasso cannot take, a name of a built-in command — is left out
 * with one warning line naming the file; the rest are used. Reads only: nothing runs here.
 */
import { readdirSync } from "node:fs";
import { homedir } from "node:os";
import { join, relative, sep } from "node:path";
import { OPERATION_NAME } from "@picasso/protocol";
import type { UserCommandSandbox } from "@picasso/workspace";
import { approvalDigest, readBoundedFile } from "@picasso/workspace";
import {
  type CommandFile,
  type CommandFormat,
  isCommandFileProblem,
  parseCommandFile,
} from "./command-file.js";

export type CommandOrigin = "project" | "user";
export type CommandSource = "picasso" | "claude" | "gemini" | "codex";

export interface CustomCommand extends CommandFile {
  /** Without the slash: `review`, `frontend:component`. */
  name: string;
  /** Absolute path of the file. */
  file: string;
  /** How the file is named to the user: workspace-relative for a project file, else absolute. */
  shown: string;
  origin: CommandOrigin;
  source: CommandSource;
  format: CommandFormat;
  /** The content's digest (what a project file's approval is for). */
  digest: string;
}

export interface CommandPlaces {
  workspaceRoot: string;
  picassoHome: string;
  /** Claude Code's user folder; default `$CLAUDE_CONFIG_DIR` or `~/.claude`. */
  claudeHome?: string;
  /** For `HOME`, `CODEX_HOME`, `CLAUDE_CONFIG_DIR`; default process.env. */
  env?: NodeJS.ProcessEnv;
  /** The command sandbox shell lines run in when it is on (the tool runtime's). */
  sandbox?: UserCommandSandbox;
}

export interface DiscoveredCommands {
  commands: CustomCommand[];
  /** One line per file left out. */
  warnings: string[];
}

interface CommandRoot {
  dir: string;
  origin: CommandOrigin;
  source: CommandSource;
  format: CommandFormat;
  /** Prepended to every name (`prompts` for Codex). */
  prefix?: string;
  /** Subfolders are namespaces (Codex reads only the top folder). */
  nested: boolean;
}

/** What a command may be called: the name of an operation (protocol extension.ts). */
export const COMMAND_NAME = OPERATION_NAME;
const MAX_FILE_BYTES = 256 * 1024;
const MAX_FILES = 500;

export function commandRoots(places: CommandPlaces): CommandRoot[] {
  const env = places.env ?? process.env;
  const home = env.HOME ?? homedir();
  const claudeHome = places.claudeHome ?? env.CLAUDE_CONFIG_DIR ?? join(home, ".claude");
  const codexHome = env.CODEX_HOME ?? join(home, ".codex");
  const ws = places.workspaceRoot;
  const md = "markdown" as const;
  return [
    { dir: join(ws, ".picasso", "commands"), origin: "project", source: "picasso", format: md, nested: true },
    { dir: join(ws, ".claude", "commands"), origin: "project", source: "claude", format: md, nested: true },
    {
      dir: join(ws, ".gemini", "commands"),
      origin: "project",
      source: "gemini",
      format: "toml",
      nested: true,
    },
    {
      dir: join(places.picassoHome, "commands"),
      origin: "user",
      source: "picasso",
      format: md,
      nested: true,
    },
    { dir: join(claudeHome, "commands"), origin: "user", source: "claude", format: md, nested: true },
    {
      dir: join(home, ".gemini", "commands"),
      origin: "user",
      source: "gemini",
      format: "toml",
      nested: true,
    },
    {
      dir: join(codexHome, "prompts"),
      origin: "user",
      source: "codex",
      format: md,
      prefix: "prompts",
      nested: false,
    },
  ];
}

/**
 * Every usable command, in precedence order; `reserved` are the built-in names (a file taking
 * one is left out with a warning).
 */
export function discoverCommands(
  places: CommandPlaces,
  reserved: readonly string[] = [],
): DiscoveredCommands {
  const taken = new Set(reserved);
  const byName = new Map<string, CustomCommand>();
  const warnings: string[] = [];
  for (const root of commandRoots(places)) {
    for (const file of commandFilesIn(root)) {
      const shown = root.origin === "project" ? relative(places.workspaceRoot, file) : file;
      const stem = relative(root.dir, file).slice(0, -(root.format === "toml" ? 5 : 3));
      const name = [root.prefix, ...stem.split(sep)]
        .filter((part) => part !== undefined)
        .join(":")
        .toLowerCase();
      if (!COMMAND_NAME.test(name)) {
        warnings.push(
          `${shown}: not used: "/${name}" is not a command name Picasso can take (letters, digits, - and _, : between folders)`,
        );
        continue;
      }
      if (taken.has(name)) {
        warnings.push(`${shown}: not used: /${name} is a built-in command; rename the file`);
        continue;
      }
      if (byName.has(name)) continue;
      const read = readBoundedFile(file, MAX_FILE_BYTES);
      if (read.kind !== "text") {
        warnings.push(`${shown}: not used: unreadable (${read.kind})`);
        continue;
      }
      if (read.truncated) {
        warnings.push(`${shown}: not used: larger than ${MAX_FILE_BYTES / 1024} KiB`);
        continue;
      }
      const parsed = parseCommandFile(read.bytes.toString("utf8"), root.format);
      if (isCommandFileProblem(parsed)) {
        warnings.push(`${shown}: not used: ${parsed.field} ${parsed.message}`);
        continue;
      }
      byName.set(name, {
        ...parsed,
        name,
        file,
        shown,
        origin: root.origin,
        source: root.source,
        format: root.format,
        digest: approvalDigest(read.bytes),
      });
    }
  }
  return { commands: [...byName.values()], warnings };
}

/** The command files under a root, sorted, at most MAX_FILES (a missing folder has none). */
function commandFilesIn(root: CommandRoot): string[] {
  const ext = root.format === "toml" ? ".toml" : ".md";
  const out: string[] = [];
  const walk = (dir: string, depth: number) => {
    let entries: import("node:fs").Dirent[];
    try {
      entries = readdirSync(dir, { withFileTypes: true });
    } catch {
      return;
    }
    entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    for (const entry of entries) {
      if (out.length >= MAX_FILES || entry.name.startsWith(".")) continue;
      const path = join(dir, entry.name);
      if (entry.isDirectory()) {
        if (root.nested && depth < 3) walk(path, depth + 1);
      } else if ((entry.isFile() || entry.isSymbolicLink()) && entry.name.endsWith(ext)) out.push(path);
    }
  };
  walk(root.dir, 0);
  return out;
}
