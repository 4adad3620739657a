/**
 * Loading a retrieval-quality eval (docs/memory.md, "Retrieval quality"): a queries file (YAML)
 * and the memories file it names beside it.
 *
 * Queries file:
 *   split: dev                 # or heldout; shown in the report
 *   memories: memories.yml     # beside this file
 *   project: shop              # the session's project: it reads scope user and project:shop
 *   queries:
 *     - { query: "how do we ship code", relevant: [shop-deploy], shares_keyword: false }
 *     - { query: "kafka topic retention", relevant: [] }       # nothing answers it
 * Memories file: `memories:`, a list of { id, class, kind, scope, importance, title, body,
 * duplicate_of?, supersedes? } (memories.yml's header says what each means).
 *
 * Every mistake is a one-line UserError naming the file, line and field. What the write path
 * would silently merge (two memories with one title in one scope) is refused here, and so is a
 * query whose relevant memory is a near-duplicate (name the memory it duplicates) or an outdated
 * one (name the memory that supersedes it).
 */
import { readFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { UserError } from "@picasso/protocol";
import { type Document, LineCounter, type Node, parseDocument } from "yaml";
import { isMemoryClass, isScope, MEMORY_CLASSES, type MemoryClass } from "../memory-types.js";

export interface EvalMemory {
  /** The eval's name for it; queries cite it. */
  id: string;
  class: MemoryClass;
  /** What it is about: preference, environment, procedure, codebase, decision, person, episode. */
  kind: string;
  scope: string;
  importance: number;
  title: string;
  body: string;
  /** A near-duplicate of this memory: returning either counts as finding it. */
  duplicateOf?: string;
  /** The outdated memory this one replaces. */
  supersedes?: string;
}

export interface EvalQuery {
  query: string;
  /** Memory ids that answer it; empty when nothing does. */
  relevant: string[];
  /** Asserted in the file: whether it shares a stemmed non-stop word with its relevant memories. */
  sharesKeyword?: boolean;
  /** Where it is in the queries file. */
  line: number;
}

export interface RetrievalEvalSet {
  file: string;
  split?: string;
  /** The session's project key: it reads `user` and `project:<key>`. */
  project: string;
  memoriesFile: string;
  memories: EvalMemory[];
  queries: EvalQuery[];
}

type Path = Array<string | number>;

class YamlFile {
  readonly doc: Document;
  private readonly lines = new LineCounter();

  constructor(
    readonly file: string,
    what: string,
  ) {
    let text: string;
    try {
      text = readFileSync(file, "utf8");
    } catch (error) {
      throw new UserError(
        `${file}: cannot read the ${what} (${(error as NodeJS.ErrnoException).code ?? error})`,
      );
    }
    this.doc = parseDocument(text, { lineCounter: this.lines, prettyErrors: false });
    const e = this.doc.errors[0];
    if (e)
      throw new UserError(
        `${file}:${e.linePos?.[0]?.line ?? 1}: not valid YAML (${e.message.split("\n")[0]})`,
      );
  }

  line(path: Path): number {
    for (let p = path; ; p = p.slice(0, -1)) {
      const node = (p.length === 0 ? this.doc.contents : this.doc.getIn(p, true)) as Node | null | undefined;
      if (node?.range) return this.lines.linePos(node.range[0]).line;
      if (p.length === 0) return 1;
    }
  }

  fail(path: Path, message: string): never {
    const field = path.map((p, i) => (typeof p === "number" ? `[${p}]` : i === 0 ? p : `.${p}`)).join("");
    throw new UserError(`${this.file}:${this.line(path)}: ${field || "file"}: ${message}`);
  }

  value(path: Path): unknown {
    const v = this.doc.getIn(path);
    return v && typeof v === "object" && "toJSON" in v ? (v as { toJSON(): unknown }).toJSON() : v;
  }

  str(path: Path, optional = false): string | undefined {
    const v = this.value(path);
    if (v === undefined && optional) return undefined;
    if (typeof v !== "string" || v.trim() === "") this.fail(path, "a non-empty string is required");
    return v.trim();
  }

  list(path: Path): unknown[] {
    const v = this.value(path);
    if (!Array.isArray(v)) this.fail(path, "a list is required");
    return v;
  }

  keys(path: Path, allowed: readonly string[]): void {
    const v = this.value(path);
    if (typeof v !== "object" || v === null || Array.isArray(v)) this.fail(path, "a mapping is required");
    for (const key of Object.keys(v))
      if (!allowed.includes(key)) this.fail([...path, key], `unknown field (known: ${allowed.join(", ")})`);
  }
}

const MEMORY_FIELDS = [
  "id",
  "class",
  "kind",
  "scope",
  "importance",
  "title",
  "body",
  "duplicate_of",
  "supersedes",
];

function loadMemories(file: string): EvalMemory[] {
  const y: YamlFile = new YamlFile(file, "memories file");
  y.keys([], ["memories"]);
  const byId = new Map<string, EvalMemory>();
  const titles = new Map<string, string>();
  const memories = y.list(["memories"]).map((_, i): EvalMemory => {
    const at: Path = ["memories", i];
    y.keys(at, MEMORY_FIELDS);
    const id = y.str([...at, "id"]) as string;
    if (!/^[a-z0-9][a-z0-9-]*$/.test(id)) y.fail([...at, "id"], "lower-case letters, digits and - only");
    if (byId.has(id)) y.fail([...at, "id"], `"${id}" is used twice`);
    const cls = y.value([...at, "class"]);
    if (!isMemoryClass(cls)) y.fail([...at, "class"], `one of ${MEMORY_CLASSES.join(", ")} is required`);
    const scope = y.str([...at, "scope"]) as string;
    if (!isScope(scope)) y.fail([...at, "scope"], "user or project:<key> is required");
    const importance = y.value([...at, "importance"]);
    if (typeof importance !== "number" || !Number.isInteger(importance) || importance < 1 || importance > 5)
      y.fail([...at, "importance"], "an integer from 1 to 5 is required");
    const title = y.str([...at, "title"]) as string;
    const sameTitle = titles.get(`${scope}\n${title.toLowerCase()}`);
    if (sameTitle)
      y.fail(
        [...at, "title"],
        `"${sameTitle}" has this title in ${scope}: remember would update it in place`,
      );
    titles.set(`${scope}\n${title.toLowerCase()}`, id);
    const memory: EvalMemory = {
      id,
      class: cls,
      kind: y.str([...at, "kind"]) as string,
      scope,
      importance,
      title,
      body: y.str([...at, "body"]) as string,
    };
    for (const [field, key] of [
      ["duplicate_of", "duplicateOf"],
      ["supersedes", "supersedes"],
    ] as const) {
      const other = y.str([...at, field], true);
      if (other === undefined) continue;
      const target = byId.get(other);
      if (!target) y.fail([...at, field], `"${other}" is not a memory written before this one`);
      if (target.duplicateOf)
        y.fail([...at, field], `"${other}" is itself a duplicate; name ${target.duplicateOf}`);
      memory[key] = other;
    }
    byId.set(id, memory);
    return memory;
  });
  if (memories.length === 0) y.fail(["memories"], "expected at least one memory");
  return memories;
}

/** Loads a queries file and the memories file it names. */
export function loadRetrievalEval(queriesFile: string): RetrievalEvalSet {
  const y: YamlFile = new YamlFile(queriesFile, "queries file");
  y.keys([], ["split", "memories", "project", "queries"]);
  const memoriesFile = resolve(dirname(queriesFile), y.str(["memories"]) as string);
  const memories = loadMemories(memoriesFile);
  const project = y.str(["project"]) as string;
  if (!isScope(`project:${project}`))
    y.fail(["project"], "a project key (letters, digits, ., _, -) is required");
  const byId = new Map(memories.map((m) => [m.id, m]));
  const superseded = new Map(memories.flatMap((m) => (m.supersedes ? [[m.supersedes, m.id] as const] : [])));
  const visible = new Set(["user", `project:${project}`]);
  const queries = y.list(["queries"]).map((_, i): EvalQuery => {
    const at: Path = ["queries", i];
    y.keys(at, ["query", "relevant", "shares_keyword"]);
    const query = y.str([...at, "query"]) as string;
    const relevant = y.list([...at, "relevant"]).map((id, j) => {
      const m = typeof id === "string" ? byId.get(id) : undefined;
      if (!m) return y.fail([...at, "relevant", j], `no memory "${String(id)}" in ${memoriesFile}`);
      if (m.duplicateOf)
        y.fail([...at, "relevant", j], `"${m.id}" duplicates ${m.duplicateOf}: name that one`);
      const newer = superseded.get(m.id);
      if (newer) y.fail([...at, "relevant", j], `"${m.id}" is outdated (${newer} supersedes it)`);
      if (!visible.has(m.scope))
        y.fail([...at, "relevant", j], `"${m.id}" is in ${m.scope}, which this project cannot read`);
      return m.id;
    });
    const shares = y.value([...at, "shares_keyword"]);
    if (shares !== undefined && typeof shares !== "boolean")
      y.fail([...at, "shares_keyword"], "true or false");
    if (relevant.length > 0 && shares === undefined)
      y.fail([...at, "shares_keyword"], "required when a memory is relevant (true or false)");
    return {
      query,
      relevant,
      ...(typeof shares === "boolean" ? { sharesKeyword: shares } : {}),
      line: y.line(at),
    };
  });
  if (queries.length === 0) y.fail(["queries"], "expected at least one query");
  const split = y.str(["split"], true);
  return { file: queriesFile, ...(split ? { split } : {}), project, memoriesFile, memories, queries };
}
