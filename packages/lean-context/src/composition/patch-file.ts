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
 * Parsing is strict: malformed YAML, an unknown key or a value of the wrong type is a UserError
 * naming the file, the line and the field, so a typo never silently changes the prompt.
 */
import { UserError } from "@picasso/protocol";
import { isMap, isScalar, isSeq, LineCounter, type Node, parseDocument, type YAMLMap } from "yaml";
import { checkSetting, isSettingKey, SETTING_KEYS } from "./settings.js";

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
  | { kind: "set-setting"; key: string; value: unknown }
  | { kind: "override-tool"; name: string; tier?: ToolTier; family?: string }
  | { kind: "override-section"; id: string; order: number }
  | { kind: "override-plugin"; name: string; config: Record<string, unknown> }
  | { kind: "disable"; target: "tool" | "section" | "plugin"; name: string }
);

const TOOL_NAME = /^[a-zA-Z0-9_-]{1,64}$/;

/** Parse the text of one patch file. `file` is only used in messages and positions. */
export function parsePatchFile(source: string, file: string): PatchOp[] {
  const lines = new LineCounter();
  const doc = parseDocument(source, { lineCounter: lines, prettyErrors: false, uniqueKeys: true });
  const lineOf = (node: Node | null | undefined): number =>
    node?.range ? lines.linePos(node.range[0]).line : 1;
  const fail = (node: Node | null | undefined, field: string, message: string): never => {
    throw new UserError(`${file}:${lineOf(node)}: ${field}: ${message}`);
  };

  const firstError = doc.errors[0];
  if (firstError) {
    const line = firstError.linePos?.[0]?.line ?? 1;
    const message = firstError.message.split("\n")[0];
    throw new UserError(`${file}:${line}: malformed YAML: ${message} (fix the YAML syntax)`);
  }
  const root = doc.contents;
  if (root === null || (isScalar(root) && root.value === null)) return [];
  if (!isSeq(root)) return fail(root, "patches", "the file must be a YAML list of patches (- insert: …)");

  const entries = (node: unknown, field: string, allowed: readonly string[]) => {
    if (!isMap(node)) return fail(node as Node, field, "expected a mapping");
    const out = new Map<string, { key: Node; value: Node | null }>();
    for (const pair of (node as YAMLMap).items) {
      const key = pair.key as Node;
      const name = isScalar(key) ? String(key.value) : "";
      if (!allowed.includes(name))
        fail(key, `${field}.${name}`, `unknown field (allowed: ${allowed.join(", ")})`);
      out.set(name, { key, value: pair.value as Node | null });
    }
    return out;
  };
  const str = (node: Node | null, field: string, pattern?: RegExp): string => {
    if (!isScalar(node) || typeof node.value !== "string" || node.value.length === 0)
      return fail(node, field, "expected a non-empty string");
    if (pattern && !pattern.test(node.value)) fail(node, field, `"${node.value}" is not a valid name`);
    return node.value;
  };
  const tier = (node: Node | null, field: string): ToolTier => {
    const value = str(node, field);
    if (value !== "core" && value !== "deferred") fail(node, field, `"${value}" must be core or deferred`);
    return value as ToolTier;
  };
  const order = (node: Node | null, field: string): number => {
    if (!isScalar(node) || typeof node.value !== "number" || !Number.isFinite(node.value))
      return fail(node, field, "expected a number");
    return node.value;
  };
  const config = (node: Node | null, field: string): Record<string, unknown> => {
    if (!isMap(node)) return fail(node, field, "expected a mapping");
    return node.toJSON() as Record<string, unknown>;
  };
  const list = (node: Node | null, field: string): Node[] => {
    if (!isSeq(node)) return fail(node, field, "expected a list");
    return node.items as Node[];
  };

  const ops: PatchOp[] = [];
  const settings = (node: Node | null, field: string) => {
    if (!isMap(node)) return fail(node, field, "expected a mapping of setting: value");
    for (const pair of node.items) {
      const keyNode = pair.key as Node;
      const key = isScalar(keyNode) ? String(keyNode.value) : "";
      if (!isSettingKey(key))
        fail(keyNode, `${field}.${key}`, `unknown setting (known: ${SETTING_KEYS.join(", ")})`);
      const valueNode = pair.value as Node | null;
      const value = isScalar(valueNode) ? valueNode.value : valueNode?.toJSON();
      const problem = checkSetting(key as never, value);
      if (problem) fail(valueNode ?? keyNode, `${field}.${key}`, `expected ${problem}`);
      ops.push({ kind: "set-setting", key, value, at: { file, line: lineOf(keyNode) } });
    }
  };

  root.items.forEach((item, index) => {
    const field = `patches[${index}]`;
    const patch = entries(item, field, ["insert", "override", "disable"]);
    if (patch.size !== 1)
      fail(item as Node, field, "each patch has exactly one of insert, override, disable");
    const [verb, { value }] = [...patch.entries()][0]!;
    const at = { file, line: lineOf(value ?? (item as Node)) };
    const f = `${field}.${verb}`;
    if (verb === "insert") {
      const body = entries(value, f, ["tools", "sections", "plugins", "settings"]);
      for (const row of body.has("tools") ? list(body.get("tools")!.value, `${f}.tools`) : []) {
        const r = entries(row, `${f}.tools[]`, ["name", "tier", "family"]);
        const pos = { file, line: lineOf(row) };
        if (!r.has("name") || !r.has("tier") || !r.has("family"))
          fail(row, `${f}.tools[]`, "a tool row needs name, tier and family");
        const toolRow = {
          name: str(r.get("name")!.value, `${f}.tools[].name`, TOOL_NAME),
          tier: tier(r.get("tier")!.value, `${f}.tools[].tier`),
          family: str(r.get("family")!.value, `${f}.tools[].family`),
        };
        ops.push({ kind: "insert-tool", row: toolRow, at: pos });
      }
      for (const row of body.has("sections") ? list(body.get("sections")!.value, `${f}.sections`) : []) {
        const r = entries(row, `${f}.sections[]`, ["id", "order"]);
        if (!r.has("id") || !r.has("order")) fail(row, `${f}.sections[]`, "a section row needs id and order");
        const sectionRow = {
          id: str(r.get("id")!.value, `${f}.sections[].id`),
          order: order(r.get("order")!.value, `${f}.sections[].order`),
        };
        ops.push({ kind: "insert-section", row: sectionRow, at: { file, line: lineOf(row) } });
      }
      for (const row of body.has("plugins") ? list(body.get("plugins")!.value, `${f}.plugins`) : []) {
        const r = entries(row, `${f}.plugins[]`, ["name", "config"]);
        if (!r.has("name")) fail(row, `${f}.plugins[]`, "a plugin row needs a name");
        const pluginRow = {
          name: str(r.get("name")!.value, `${f}.plugins[].name`),
          config: r.has("config") ? config(r.get("config")!.value, `${f}.plugins[].config`) : {},
        };
        ops.push({ kind: "insert-plugin", row: pluginRow, at: { file, line: lineOf(row) } });
      }
      if (body.has("settings")) settings(body.get("settings")!.value, `${f}.settings`);
    } else if (verb === "override") {
      const body = entries(value, f, [
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
      if (targets.length !== 1) fail(value, f, "name exactly one of tool, section, plugin or settings");
      const only = (allowed: string[]) => {
        for (const [k, v] of body) if (!allowed.includes(k)) fail(v.key, `${f}.${k}`, `not allowed here`);
      };
      if (body.has("tool")) {
        only(["tool", "tier", "family"]);
        ops.push({
          kind: "override-tool",
          name: str(body.get("tool")!.value, `${f}.tool`, TOOL_NAME),
          ...(body.has("tier") ? { tier: tier(body.get("tier")!.value, `${f}.tier`) } : {}),
          ...(body.has("family") ? { family: str(body.get("family")!.value, `${f}.family`) } : {}),
          at,
        });
      } else if (body.has("section")) {
        only(["section", "order"]);
        if (!body.has("order")) fail(value, `${f}.order`, "a section override needs an order");
        const id = str(body.get("section")!.value, `${f}.section`);
        ops.push({ kind: "override-section", id, order: order(body.get("order")!.value, `${f}.order`), at });
      } else if (body.has("plugin")) {
        only(["plugin", "config"]);
        if (!body.has("config")) fail(value, `${f}.config`, "a plugin override needs a config");
        const name = str(body.get("plugin")!.value, `${f}.plugin`);
        ops.push({
          kind: "override-plugin",
          name,
          config: config(body.get("config")!.value, `${f}.config`),
          at,
        });
      } else {
        only(["settings"]);
        settings(body.get("settings")!.value, `${f}.settings`);
      }
    } else {
      const body = entries(value, f, ["tool", "section", "plugin"]);
      if (body.size !== 1) fail(value, f, "name exactly one of tool, section or plugin");
      const [target, entry] = [...body.entries()][0]!;
      const name = str(entry.value, `${f}.${target}`);
      ops.push({ kind: "disable", target: target as "tool" | "section" | "plugin", name, at });
    }
  });
  return ops;
}
