/**
 * One `*.patch.yml` file → a list of patch operations, each remembering its file and line.
 *
 * Format (docs/composition.md): the file is a YAML sequence of patches, applied in order. Each
 * patch is a mapping with exactly one of
 *   insert:   { plugins: [{name, config?}], tools: [{name, tier, family}], sections: [{id, order}],
 *               settings: {key: value} }          — add rows (any subset of the four lists)
 *   override: { tool: <name>, tier?, family? } | { section: <id>, order } |
 *             { plugin: <name>, config } | { settings: {key: value} }   — change an existing row
 *   disable:  { tool: <name> } | { section: <id> } | { plugin: <name> } — unmount a row
 *   include:  <path>                     — the ops of another patch file, in its place
 * An include is handed to the caller's `include` reader with its position (loadComposition
 * resolves it relative to the including file and reads it); without one it is an error.
 * Parsing is strict: malformed YAML, an unknown key or a value of the wrong type is a UserError
 * naming the file, the line and the field, so a typo never silently changes the prompt.
 */
import { UserError } from "@picasso/protocol";
import { isMap, isScalar, isSeq, LineCounter, type Node, parseDocument } from "yaml";
import { PatchReader } from "./patch-reader.js";
import { checkSetting, isSettingKey, SETTING_KEYS, type SettingKey } from "./settings.js";

export type ToolTier = "core" | "deferred";

export interface SourcePos {
  file: string;
  line: number;
}

export interface ToolRow {
  name: string;
  tier: ToolTier;
  family: string;
}
export interface SectionRow {
  id: string;
  order: number;
}
export interface PluginRow {
  name: string;
  config: Record<string, unknown>;
}

export type PatchOp = { at: SourcePos } & (
  | { kind: "insert-tool"; row: ToolRow }
  | { kind: "insert-section"; row: SectionRow }
  | { kind: "insert-plugin"; row: PluginRow }
  | { kind: "set-setting"; key: SettingKey; value: unknown }
  | { kind: "override-tool"; name: string; tier?: ToolTier; family?: string }
  | { kind: "override-section"; id: string; order: number }
  | { kind: "override-plugin"; name: string; config: Record<string, unknown> }
  | { kind: "disable"; target: "tool" | "section" | "plugin"; name: string }
);

/**
 * Reads an included patch file: `path` as written, `at` and `field` of the include for messages.
 * What it gives stands in the include's place: the included file's ops, or (the parse cache) a
 * marker for the loader to resolve.
 */
export type IncludeReader<T = PatchOp> = (path: string, at: SourcePos, field: string) => T[];

const TOOL_NAME = /^[a-zA-Z0-9_-]{1,64}$/;

/** Parse the text of one patch file. `file` is only used in messages and positions. */
export function parsePatchFile<T = PatchOp>(
  source: string,
  file: string,
  include?: IncludeReader<T>,
): (PatchOp | T)[] {
  const lines = new LineCounter();
  const doc = parseDocument(source, { lineCounter: lines, prettyErrors: false, uniqueKeys: true });
  const firstError = doc.errors[0];
  if (firstError) {
    const line = firstError.linePos?.[0]?.line ?? 1;
    const message = firstError.message.split("\n")[0];
    throw new UserError(`${file}:${line}: malformed YAML: ${message} (fix the YAML syntax)`);
  }
  const read = new PatchReader(file, lines);
  const root = doc.contents;
  if (root === null || (isScalar(root) && root.value === null)) return [];
  if (!isSeq(root))
    return read.fail(root, "patches", "the file must be a YAML list of patches (- insert: …)");
  return root.items.flatMap((item, index) => parsePatch(read, item as Node, `patches[${index}]`, include));
}

/** One list item: exactly one verb, and the ops it stands for. */
function parsePatch<T>(
  read: PatchReader,
  item: Node,
  field: string,
  include?: IncludeReader<T>,
): (PatchOp | T)[] {
  const patch = read.entries(item, field, ["insert", "override", "disable", "include"]);
  if (patch.size !== 1)
    read.fail(item, field, "each patch has exactly one of insert, override, disable, include");
  const [verb, { value }] = [...patch.entries()][0]!;
  const at = { file: read.file, line: read.lineOf(value ?? item) };
  const f = `${field}.${verb}`;
  if (verb === "insert") return parseInsert(read, value, f);
  if (verb === "override") return parseOverride(read, value, f, at);
  if (verb === "include") return parseInclude(read, value, f, at, include);
  return [parseDisable(read, value, f, at)];
}

/** `insert: { tools, sections, plugins, settings }` — one op per row, each at its own line. */
function parseInsert(read: PatchReader, value: Node | null, f: string): PatchOp[] {
  const body = read.entries(value, f, ["tools", "sections", "plugins", "settings"]);
  const rows = (key: string) => (body.has(key) ? read.list(body.get(key)!.value, `${f}.${key}`) : []);
  const ops: PatchOp[] = [];
  for (const row of rows("tools")) {
    const r = read.entries(row, `${f}.tools[]`, ["name", "tier", "family"]);
    if (!r.has("name") || !r.has("tier") || !r.has("family"))
      read.fail(row, `${f}.tools[]`, "a tool row needs name, tier and family");
    const toolRow = {
      name: read.str(r.get("name")!.value, `${f}.tools[].name`, TOOL_NAME),
      tier: read.tier(r.get("tier")!.value, `${f}.tools[].tier`),
      family: read.str(r.get("family")!.value, `${f}.tools[].family`),
    };
    ops.push({ kind: "insert-tool", row: toolRow, at: { file: read.file, line: read.lineOf(row) } });
  }
  for (const row of rows("sections")) {
    const r = read.entries(row, `${f}.sections[]`, ["id", "order"]);
    if (!r.has("id") || !r.has("order"))
      read.fail(row, `${f}.sections[]`, "a section row needs id and order");
    const sectionRow = {
      id: read.str(r.get("id")!.value, `${f}.sections[].id`),
      order: read.order(r.get("order")!.value, `${f}.sections[].order`),
    };
    ops.push({ kind: "insert-section", row: sectionRow, at: { file: read.file, line: read.lineOf(row) } });
  }
  for (const row of rows("plugins")) {
    const r = read.entries(row, `${f}.plugins[]`, ["name", "config"]);
    if (!r.has("name")) read.fail(row, `${f}.plugins[]`, "a plugin row needs a name");
    const pluginRow = {
      name: read.str(r.get("name")!.value, `${f}.plugins[].name`),
      config: r.has("config") ? read.config(r.get("config")!.value, `${f}.plugins[].config`) : {},
    };
    ops.push({ kind: "insert-plugin", row: pluginRow, at: { file: read.file, line: read.lineOf(row) } });
  }
  if (body.has("settings")) ops.push(...parseSettings(read, body.get("settings")!.value, `${f}.settings`));
  return ops;
}

/** `override:` of exactly one tool, section, plugin or the settings; other keys must fit it. */
function parseOverride(read: PatchReader, value: Node | null, f: string, at: SourcePos): PatchOp[] {
  const body = read.entries(value, f, [
    "tool",
    "tier",
    "family",
    "section",
    "order",
    "plugin",
    "config",
    "settings",
  ]);
  const targets = ["tool", "section", "plugin", "settings"].filter((k) => body.has(k));
  if (targets.length !== 1) read.fail(value, f, "name exactly one of tool, section, plugin or settings");
  const only = (allowed: string[]) => {
    for (const [k, v] of body) if (!allowed.includes(k)) read.fail(v.key, `${f}.${k}`, `not allowed here`);
  };
  if (body.has("tool")) {
    only(["tool", "tier", "family"]);
    return [
      {
        kind: "override-tool",
        name: read.str(body.get("tool")!.value, `${f}.tool`, TOOL_NAME),
        ...(body.has("tier") ? { tier: read.tier(body.get("tier")!.value, `${f}.tier`) } : {}),
        ...(body.has("family") ? { family: read.str(body.get("family")!.value, `${f}.family`) } : {}),
        at,
      },
    ];
  }
  if (body.has("section")) {
    only(["section", "order"]);
    if (!body.has("order")) read.fail(value, `${f}.order`, "a section override needs an order");
    const id = read.str(body.get("section")!.value, `${f}.section`);
    return [{ kind: "override-section", id, order: read.order(body.get("order")!.value, `${f}.order`), at }];
  }
  if (body.has("plugin")) {
    only(["plugin", "config"]);
    if (!body.has("config")) read.fail(value, `${f}.config`, "a plugin override needs a config");
    const name = read.str(body.get("plugin")!.value, `${f}.plugin`);
    return [
      { kind: "override-plugin", name, config: read.config(body.get("config")!.value, `${f}.config`), at },
    ];
  }
  only(["settings"]);
  return parseSettings(read, body.get("settings")!.value, `${f}.settings`);
}

/** `disable: { tool | section | plugin: <name> }`. */
function parseDisable(read: PatchReader, value: Node | null, f: string, at: SourcePos): PatchOp {
  const body = read.entries(value, f, ["tool", "section", "plugin"]);
  if (body.size !== 1) read.fail(value, f, "name exactly one of tool, section or plugin");
  const [target, entry] = [...body.entries()][0]!;
  const name = read.str(entry.value, `${f}.${target}`);
  return { kind: "disable", target: target as "tool" | "section" | "plugin", name, at };
}

/** `include: <path>` — the included file's ops, read by the caller. */
function parseInclude<T>(
  read: PatchReader,
  value: Node | null,
  f: string,
  at: SourcePos,
  include: IncludeReader<T> | undefined,
): T[] {
  const path = read.str(value, f);
  if (!include)
    return read.fail(value, f, "includes are not read here (only in files loadComposition reads)");
  return include(path, at, f);
}

/** `settings: { key: value }` — known keys with values of their type, each op at its key's line. */
function parseSettings(read: PatchReader, node: Node | null, field: string): PatchOp[] {
  if (!isMap(node)) return read.fail(node, field, "expected a mapping of setting: value");
  return node.items.map((pair): PatchOp => {
    const keyNode = pair.key as Node;
    const key = isScalar(keyNode) ? String(keyNode.value) : "";
    if (!isSettingKey(key))
      return read.fail(keyNode, `${field}.${key}`, `unknown setting (known: ${SETTING_KEYS.join(", ")})`);
    const valueNode = pair.value as Node | null;
    const value = isScalar(valueNode) ? valueNode.value : valueNode?.toJSON();
    const problem = checkSetting(key, value);
    if (problem) read.fail(valueNode ?? keyNode, `${field}.${key}`, `expected ${problem}`);
    return { kind: "set-setting", key, value, at: { file: read.file, line: read.lineOf(keyNode) } };
  });
}
