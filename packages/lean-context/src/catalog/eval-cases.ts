/**
 * Loading a navigation eval: the cases file and, when it names one, its fixture catalog.
 *
 * Cases file (YAML):
 *   split: dev                # optional: dev (tuned on) or heldout (never tuned on); a label
 *                             # the report carries
 *   fixture: fixture          # optional: a folder beside this file (see below); without it the
 *                             # cases navigate the catalog of the workspace the eval runs in
 *   cases:
 *     - task: "Open a second checkout of the repo for a risky refactor"
 *       expect: worktree_create          # a node name or id, or a list of them
 *     - task: "Order pizza for the team lunch"
 *       expect: none                     # no entry fits: the navigator should choose nothing
 * A fixture folder holds what a session would find: `workspace/` (AGENTS.md with its docs routing
 * table, docs, `.picasso/skills`, `.claude/skills`), `home/` (a PICASSO_HOME with `skills/`),
 * `claude/` (a Claude Code folder with `skills/`), `entries.json` (catalog entries a plugin would
 * contribute: MCP servers and tools), `deferred-tools.json` (tool specs with a family, as a
 * tools plugin would register them; their handlers only say they are fixtures) and
 * `families.json` (the families that plugin declares: `{name, group, when?, rules?}`).
 * Every mistake is a one-line UserError naming the file, line and field.
 */
import { existsSync, readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { type CatalogEntry, type ToolDefinition, type ToolFamily, UserError } from "@picasso/protocol";
import { isSeq, type Node } from "yaml";
import { readYamlFile } from "../composition/patch-reader.js";
import type { NavigationCase } from "./navigation-eval.js";

export type EvalSplit = "dev" | "heldout";

export interface EvalCases {
  file: string;
  /** dev (tuned on) or heldout (never tuned on), when the file says. */
  split?: EvalSplit;
  cases: NavigationCase[];
  /** The fixture folder (absolute), when the file names one. */
  fixture?: string;
}

export interface EvalFixture {
  workspace: string;
  picassoHome: string;
  claudeHome: string;
  tools: ToolDefinition[];
  /** The families the fixture's tools plugin declares. */
  families: ToolFamily[];
  entries: CatalogEntry[];
}

/** What `expect` says when no catalog entry fits a task. */
export const NO_ENTRY = "none";

export function loadEvalCases(file: string): EvalCases {
  const { doc, reader } = readYamlFile(file, "cases file");
  const top = reader.entries(doc.contents, "cases file", ["split", "fixture", "cases"]);
  const casesNode = top.get("cases");
  if (!casesNode) return reader.fail(doc.contents as Node, "cases", "missing: list the cases (task, expect)");
  const cases = reader.list(casesNode.value, "cases").map((item, i) => {
    const fields = reader.entries(item, `cases[${i}]`, ["task", "expect"]);
    const task = reader.str(fields.get("task")?.value ?? (item as Node), `cases[${i}].task`);
    const expectNode = fields.get("expect")?.value ?? null;
    const expect = isSeq(expectNode)
      ? reader.list(expectNode, `cases[${i}].expect`).map((n, j) => reader.str(n, `cases[${i}].expect[${j}]`))
      : [reader.str(expectNode ?? (item as Node), `cases[${i}].expect`)];
    // `expect: none`: no entry fits the task.
    return { task, expect: expect.length === 1 && expect[0] === NO_ENTRY ? [] : expect };
  });
  const splitNode = top.get("split")?.value ?? null;
  const split = splitNode ? reader.str(splitNode, "split") : undefined;
  if (split !== undefined && split !== "dev" && split !== "heldout")
    reader.fail(splitNode, "split", `expected dev or heldout, got "${split}"`);
  const labelled = { file, ...(split ? { split: split as EvalSplit } : {}), cases };
  const fixtureNode = top.get("fixture")?.value ?? null;
  if (!fixtureNode) return labelled;
  const fixture = resolve(dirname(file), reader.str(fixtureNode, "fixture"));
  if (!existsSync(join(fixture, "workspace")))
    reader.fail(fixtureNode, "fixture", `${fixture} has no workspace/ folder`);
  return { ...labelled, fixture };
}

function readJson(file: string): unknown {
  if (!existsSync(file)) return [];
  try {
    return JSON.parse(readFileSync(file, "utf8"));
  } catch (error) {
    throw new UserError(`${file}: not valid JSON (${(error as Error).message})`);
  }
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  !!v && typeof v === "object" && !Array.isArray(v);

export function loadEvalFixture(dir: string): EvalFixture {
  const toolsFile = join(dir, "deferred-tools.json");
  const specs = readJson(toolsFile);
  if (!Array.isArray(specs)) throw new UserError(`${toolsFile}: expected a list of tool specs`);
  const tools = specs.map((spec, i): ToolDefinition => {
    if (
      !isObject(spec) ||
      typeof spec.name !== "string" ||
      typeof spec.family !== "string" ||
      typeof spec.description !== "string" ||
      !isObject(spec.inputSchema)
    )
      throw new UserError(`${toolsFile}: [${i}]: expected {name, family, description, inputSchema}`);
    return {
      spec: { name: spec.name, description: spec.description, inputSchema: spec.inputSchema },
      effect: "read",
      family: spec.family,
      async run() {
        return { content: `${spec.name} is a navigation-eval fixture; it does nothing.` };
      },
    };
  });
  const entriesFile = join(dir, "entries.json");
  const entries = readJson(entriesFile);
  if (!Array.isArray(entries)) throw new UserError(`${entriesFile}: expected a list of catalog entries`);
  entries.forEach((e, i) => {
    if (
      !isObject(e) ||
      typeof e.kind !== "string" ||
      typeof e.name !== "string" ||
      typeof e.description !== "string"
    )
      throw new UserError(`${entriesFile}: [${i}]: expected {kind, name, description, …}`);
  });
  return {
    workspace: join(dir, "workspace"),
    picassoHome: join(dir, "home"),
    claudeHome: join(dir, "claude"),
    tools,
    families: loadFamilies(join(dir, "families.json")),
    entries: entries as CatalogEntry[],
  };
}

function loadFamilies(file: string): ToolFamily[] {
  const families = readJson(file);
  if (!Array.isArray(families)) throw new UserError(`${file}: expected a list of tool families`);
  return families.map((f, i): ToolFamily => {
    const text = (v: unknown, optional: boolean) => typeof v === "string" || (optional && v === undefined);
    if (
      !isObject(f) ||
      !text(f.name, false) ||
      !text(f.group, false) ||
      !text(f.when, true) ||
      !text(f.rules, true)
    )
      throw new UserError(`${file}: [${i}]: expected {name, group, when?, rules?}, each text`);
    return {
      name: f.name as string,
      group: f.group as string,
      ...(typeof f.when === "string" ? { when: f.when } : {}),
      ...(typeof f.rules === "string" ? { rules: f.rules } : {}),
    };
  });
}
