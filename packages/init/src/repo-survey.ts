/**
 * The repository survey `/init` hands the model: a compact, deterministic picture of the workspace
 * built from files only (nothing runs — no script, no git hook, no package manager), in a fixed
 * order, each part capped and the whole capped at `SURVEY_MAX_BYTES`:
 * 1. the instruction files a user may already have (AGENTS.md, CLAUDE.md, GEMINI.md, .cursorrules,
 *    .github/copilot-instructions.md) — the content `/init` must keep;
 * 2. the README's head;
 * 3. package manifests (package.json's name, scripts, workspaces; the heads of Cargo.toml,
 *    pyproject.toml, go.mod, Makefile…) and the test command they imply;
 * 4. the top-level layout (and the members of monorepo folders such as `packages/`);
 * 5. the docs: every `docs/*.md` with its first heading.
 * Every file is read bounded (a FIFO, a device or a 50 MB file cannot stall it). Everything here is
 * untrusted workspace text: init-request.ts quotes it to the model as data.
 */
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { byteLength } from "@picasso/protocol/basics";
import { readBoundedFile } from "@picasso/workspace";

/** The whole survey's cap. */
export const SURVEY_MAX_BYTES = 24_576;
/** One quoted file's cap (the existing AGENTS.md has its own, larger one). */
const FILE_MAX_BYTES = 3_072;
const README_MAX_BYTES = 3_072;
const LAYOUT_MAX_ENTRIES = 60;
const MEMBER_MAX_ENTRIES = 40;

/** Instruction files of Picasso and its peers, in the order they are quoted. */
export const INSTRUCTION_FILES = [
  "AGENTS.md",
  "CLAUDE.md",
  "GEMINI.md",
  ".cursorrules",
  ".github/copilot-instructions.md",
] as const;

const README_NAMES = ["README.md", "README", "README.rst", "README.txt", "readme.md", "Readme.md"];
/** Manifests quoted by their head (package.json is read as JSON instead). */
const MANIFESTS = [
  "Cargo.toml",
  "pyproject.toml",
  "setup.cfg",
  "go.mod",
  "Makefile",
  "justfile",
  "deno.json",
  "composer.json",
  "Gemfile",
  "pom.xml",
  "build.gradle",
  "build.gradle.kts",
  "CMakeLists.txt",
  "turbo.json",
  "pnpm-workspace.yaml",
];
const MEMBER_FOLDERS = ["packages", "apps", "crates", "libs", "services", "cmd", "internal", "src"];
const SKIPPED_TOP = new Set([".git", "node_modules", ".venv", "venv", "target", "dist", "build", ".next"]);

export interface SurveyPart {
  title: string;
  body: string;
}

export interface RepoSurvey {
  parts: SurveyPart[];
  /** The existing AGENTS.md (what `/init` improves), undefined when there is none. */
  existing: string | undefined;
  /** Workspace-relative paths of the `docs/*.md` files found. */
  docs: string[];
  /** The test command the manifests imply, when one does. */
  testCommand: string | undefined;
  /** Bytes of all parts' bodies. */
  bytes: number;
  /** Parts were cut or left out at `SURVEY_MAX_BYTES`. */
  cut: boolean;
}

/** Text of a workspace file, at most `max` bytes cut at a line end; undefined when absent or not a file. */
export function readText(root: string, path: string, max: number): string | undefined {
  const read = readBoundedFile(join(root, path), max);
  if (read.kind !== "text") return undefined;
  const text = read.bytes.toString("utf8");
  if (!read.truncated) return text;
  const lastLine = text.lastIndexOf("\n");
  return `${lastLine > 0 ? text.slice(0, lastLine) : text}\n[… cut at ${max} of ${read.size} bytes]`;
}

function listDir(root: string, path: string): { name: string; dir: boolean }[] {
  try {
    return readdirSync(join(root, path), { withFileTypes: true })
      .map((e) => ({ name: e.name, dir: e.isDirectory() }))
      .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  } catch {
    return [];
  }
}

function packageJsonPart(
  root: string,
  path: string,
): { body: string; scripts: Record<string, string> } | undefined {
  const raw = readText(root, path, 65_536);
  if (raw === undefined) return undefined;
  let parsed: Record<string, unknown>;
  try {
    const value: unknown = JSON.parse(raw);
    if (typeof value !== "object" || value === null || Array.isArray(value)) return undefined;
    parsed = value as Record<string, unknown>;
  } catch {
    return { body: "(not valid JSON)", scripts: {} };
  }
  const picked: Record<string, unknown> = {};
  for (const key of ["name", "description", "type", "packageManager", "workspaces", "engines", "scripts"])
    if (parsed[key] !== undefined) picked[key] = parsed[key];
  const scripts =
    typeof parsed.scripts === "object" && parsed.scripts !== null
      ? Object.fromEntries(
          Object.entries(parsed.scripts as Record<string, unknown>).filter(
            (e): e is [string, string] => typeof e[1] === "string",
          ),
        )
      : {};
  return { body: capped(JSON.stringify(picked, null, 2), FILE_MAX_BYTES), scripts };
}

/** The test command the manifests imply (how a user runs the tests), or undefined. */
function impliedTestCommand(
  root: string,
  scripts: Record<string, string>,
  present: Set<string>,
): string | undefined {
  if (scripts.test !== undefined) {
    if (present.has("pnpm-lock.yaml")) return "pnpm test";
    if (present.has("yarn.lock")) return "yarn test";
    if (present.has("bun.lockb") || present.has("bun.lock")) return "bun test";
    return "npm test";
  }
  if (present.has("Cargo.toml")) return "cargo test";
  if (present.has("go.mod")) return "go test ./...";
  if (present.has("Makefile") && /^test:/m.test(readText(root, "Makefile", 65_536) ?? "")) return "make test";
  if (present.has("pyproject.toml") || present.has("setup.cfg") || present.has("pytest.ini")) return "pytest";
  return undefined;
}

/** `text` cut at a line end to at most `max` bytes, saying so. */
function capped(text: string, max: number): string {
  if (byteLength(text) <= max) return text;
  let cut = Buffer.from(text, "utf8").subarray(0, max).toString("utf8");
  const lastLine = cut.lastIndexOf("\n");
  if (lastLine > 0) cut = cut.slice(0, lastLine);
  return `${cut.replace(/\uFFFD$/, "")}\n[… cut at ${max} bytes]`;
}

function firstHeading(text: string): string {
  for (const line of text.split("\n")) {
    const heading = /^#{1,3}\s+(.+?)\s*#*\s*$/.exec(line);
    if (heading) return heading[1]!;
  }
  return "(no heading)";
}

/** The survey of `root`; `existingMaxBytes` caps the existing AGENTS.md (default twice the hard cap). */
export function surveyRepository(root: string, existingMaxBytes = 16_384): RepoSurvey {
  const parts: SurveyPart[] = [];
  const top = listDir(root, "");
  const present = new Set(top.filter((e) => !e.dir).map((e) => e.name));

  const existing = readText(root, "AGENTS.md", existingMaxBytes);
  for (const file of INSTRUCTION_FILES) {
    const text = file === "AGENTS.md" ? existing : readText(root, file, FILE_MAX_BYTES);
    if (text !== undefined) parts.push({ title: `existing ${file}`, body: text });
  }

  const readme = README_NAMES.find((name) => present.has(name));
  const readmeText = readme ? readText(root, readme, README_MAX_BYTES) : undefined;
  if (readme && readmeText !== undefined) parts.push({ title: `${readme} (head)`, body: readmeText });

  let scripts: Record<string, string> = {};
  if (present.has("package.json")) {
    const pkg = packageJsonPart(root, "package.json");
    if (pkg) {
      scripts = pkg.scripts;
      parts.push({ title: "package.json (name, scripts, workspaces)", body: pkg.body });
    }
  }
  for (const manifest of MANIFESTS) {
    if (!present.has(manifest)) continue;
    const text = readText(root, manifest, 1_200);
    if (text !== undefined) parts.push({ title: `${manifest} (head)`, body: text });
  }
  const testCommand = impliedTestCommand(root, scripts, present);
  if (testCommand) parts.push({ title: "test command (from the manifests)", body: testCommand });

  const shown = top.filter((e) => !SKIPPED_TOP.has(e.name));
  const layout = shown.slice(0, LAYOUT_MAX_ENTRIES).map((e) => (e.dir ? `${e.name}/` : e.name));
  if (shown.length > LAYOUT_MAX_ENTRIES) layout.push(`… ${shown.length - LAYOUT_MAX_ENTRIES} more`);
  for (const folder of MEMBER_FOLDERS) {
    if (!top.some((e) => e.dir && e.name === folder)) continue;
    const members = listDir(root, folder).filter((e) => !SKIPPED_TOP.has(e.name));
    const names = members.slice(0, MEMBER_MAX_ENTRIES).map((e) => (e.dir ? `${e.name}/` : e.name));
    if (members.length > MEMBER_MAX_ENTRIES) names.push(`… ${members.length - MEMBER_MAX_ENTRIES} more`);
    layout.push(`${folder}/: ${names.join(" ")}`);
  }
  parts.push({ title: "top-level layout", body: layout.join("\n") });

  const docs = listDir(root, "docs")
    .filter((e) => !e.dir && e.name.endsWith(".md"))
    .map((e) => `docs/${e.name}`);
  if (docs.length > 0)
    parts.push({
      title: "docs/*.md (first heading)",
      body: docs.map((path) => `${path} — ${firstHeading(readText(root, path, 2_048) ?? "")}`).join("\n"),
    });

  return fitted(parts, existing, docs, testCommand);
}

/** The parts within `SURVEY_MAX_BYTES`: a part that does not fit is cut to what is left, later ones left out. */
function fitted(
  parts: SurveyPart[],
  existing: string | undefined,
  docs: string[],
  testCommand: string | undefined,
): RepoSurvey {
  const kept: SurveyPart[] = [];
  let bytes = 0;
  let cut = false;
  for (const part of parts) {
    const left = SURVEY_MAX_BYTES - bytes;
    const size = byteLength(part.body);
    if (size <= left) {
      kept.push(part);
      bytes += size;
      continue;
    }
    cut = true;
    if (left > 256) {
      const body = capped(part.body, left - 64);
      kept.push({ ...part, body });
      bytes += byteLength(body);
    }
    break;
  }
  return { parts: kept, existing, docs, testCommand, bytes, cut };
}
