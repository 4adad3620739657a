/**
 * The core `skill` tool: load a skill's instructions (Tier 2) by name.
 *
 * `skill({name})` re-reads the skill's `SKILL.md` (so an edit made during the session is seen),
 * returns its body inside `<skill name="…">` and lists the files bundled in its folder (scripts,
 * references, assets…), up to 100, in name order:
 * - a skill inside the workspace lists them relative to the working folder, for `read`;
 * - a skill outside it (a user skill) lists them relative to its folder, and
 *   `skill({name, file})` loads one of them (text only, never outside the skill's folder).
 * The result carries `tier2: skill_body` (logged as `tier2_load` with its bytes) and a
 * `dedupeKey`, so loading the same skill again in a session becomes a pointer to the first copy.
 * An unknown name is an error naming the known skills; a file that went bad since the session
 * started is an error naming the field.
 */
import { type Dirent, readdirSync } from "node:fs";
import { join, relative, sep } from "node:path";
import type { ToolContext, ToolDefinition, ToolOutput, ToolSpec } from "@picasso/protocol";
import { readBoundedFile, realPathOrResolved } from "@picasso/workspace";
import { readWorkspaceText } from "../io/workspace-text.js";
import type { Skill } from "./skill-discovery.js";
import { isSkillProblem, parseSkillFile } from "./skill-file.js";

export const SKILL_TOOL = "skill";
const MAX_FILES = 100;
const SKIPPED = new Set(["node_modules", "__pycache__", ".git"]);

export const skillSpec: ToolSpec = {
  name: SKILL_TOOL,
  description:
    "Load a skill named in the skill index or by skill_search: returns its instructions and lists its bundled files. Follow the instructions; open a bundled file only when a step needs it.",
  inputSchema: {
    type: "object",
    properties: {
      name: { type: "string" },
      file: {
        type: "string",
        description:
          "A bundled file to load instead, relative to the skill folder (for skills outside the workspace)",
      },
    },
    required: ["name"],
    additionalProperties: false,
  },
};

export function skillTool(skills: () => readonly Skill[]): ToolDefinition {
  return {
    spec: skillSpec,
    effect: "read",
    family: "skills",
    async run(input, ctx): Promise<ToolOutput> {
      const name = typeof input.name === "string" ? input.name.trim() : "";
      const known = skills();
      const skill = known.find((s) => s.name === name);
      if (!skill) {
        const names = known.map((s) => s.name).sort();
        const list = names.length
          ? `Known skills: ${names.slice(0, 40).join(", ")}${names.length > 40 ? ", …" : ""}.`
          : "No skills are installed.";
        return { content: `Unknown skill "${name}". ${list} Use skill_search to find one.`, isError: true };
      }
      if (typeof input.file === "string" && input.file !== "") return loadBundledFile(skill, input.file);
      return loadBody(skill, ctx);
    },
  };
}

/** The most of one bundled file the skill tool shows (the rest is read with `read`). */
const SKILL_FILE_READ_BYTES = 256 * 1024;

function loadBody(skill: Skill, ctx: ToolContext): ToolOutput {
  const file = readWorkspaceText(join(skill.dir, "SKILL.md"));
  if (file.kind !== "text")
    return { content: `${skill.path}: ${file.kind === "missing" ? "gone" : file.problem}.`, isError: true };
  const parsed = parseSkillFile(file.text);
  if (isSkillProblem(parsed))
    return { content: `${skill.path}: ${parsed.field}: ${parsed.message}.`, isError: true };
  const files = bundledFiles(skill.dir);
  const inside = isInside(skill.dir, ctx.workspaceRoot);
  const listed = files.map((f) => `- ${inside ? workspacePath(join(skill.dir, f), ctx.cwd) : f}`);
  const more = files.length === MAX_FILES ? ["- … (more files not listed)"] : [];
  const filesPart = files.length
    ? [
        "",
        inside
          ? "Bundled files (read one with the read tool when a step needs it):"
          : `Bundled files (outside the workspace: load one with skill({name: "${skill.name}", file: "<path>"})):`,
        ...listed,
        ...more,
      ]
    : [];
  return {
    content: [
      `<skill name="${skill.name}" path="${skill.path}">`,
      parsed.body,
      "</skill>",
      ...filesPart,
    ].join("\n"),
    tier2: [{ kind: "skill_body", name: skill.name }],
    dedupeKey: `skill ${skill.name}`,
    display: {
      kind: "text",
      text: `skill ${skill.name} loaded${files.length ? ` (${files.length} bundled files)` : ""}`,
    },
  };
}

function loadBundledFile(skill: Skill, file: string): ToolOutput {
  const target = join(skill.dir, file);
  if (!isInside(target, skill.dir) || file.split(/[\\/]/).includes(".."))
    return { content: `"${file}" is not inside the folder of skill ${skill.name}.`, isError: true };
  const read = readBoundedFile(target, SKILL_FILE_READ_BYTES);
  if (read.kind === "not-a-file" || read.kind === "unreadable")
    return {
      content: `${file} of skill ${skill.name}: ${read.kind === "not-a-file" ? `${read.what}, not a file` : `unreadable (${read.code})`}.`,
      isError: true,
    };
  if (read.kind === "missing") {
    const files = bundledFiles(skill.dir);
    return {
      content: `Skill ${skill.name} has no file "${file}". Its files: ${files.join(", ") || "none"}.`,
      isError: true,
    };
  }
  const bytes = read.bytes;
  if (bytes.subarray(0, 8192).includes(0))
    return {
      content: `${file} of skill ${skill.name} is binary; it cannot be shown as text.`,
      isError: true,
    };
  const more = read.truncated
    ? `\n[cut at ${SKILL_FILE_READ_BYTES} of ${read.size} bytes; read the rest with the read tool]`
    : "";
  return {
    content: `<skill-file skill="${skill.name}" path="${file}">\n${bytes.toString("utf8")}${more}\n</skill-file>`,
    tier2: [{ kind: "skill_body", name: `${skill.name}/${file}` }],
    dedupeKey: `skill file ${skill.name}/${file}`,
  };
}

/** Files under a skill's folder (SKILL.md, hidden and dependency folders left out), sorted. */
export function bundledFiles(dir: string): string[] {
  const out: string[] = [];
  const walk = (folder: string, depth: number) => {
    let entries: Dirent[];
    try {
      entries = readdirSync(folder, { withFileTypes: true });
    } catch {
      return;
    }
    for (const entry of entries.sort((a, b) => (a.name < b.name ? -1 : 1))) {
      if (out.length >= MAX_FILES) return;
      if (entry.name.startsWith(".") || SKIPPED.has(entry.name)) continue;
      const path = join(folder, entry.name);
      if (entry.isDirectory()) {
        if (depth < 4) walk(path, depth + 1);
      } else if (entry.isFile() && !(depth === 0 && entry.name === "SKILL.md")) {
        out.push(relative(dir, path).split(sep).join("/"));
      }
    }
  };
  walk(dir, 0);
  return out;
}

function isInside(path: string, root: string): boolean {
  const rel = relative(realPathOrResolved(root), realPathOrResolved(path));
  return rel === "" || (!rel.startsWith("..") && !rel.startsWith(sep) && !/^[a-zA-Z]:/.test(rel));
}

function workspacePath(path: string, cwd: string): string {
  return relative(realPathOrResolved(cwd), realPathOrResolved(path)).split(sep).join("/") || ".";
}
