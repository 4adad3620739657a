/**
 * Apply patch files, in order, to an empty composition and return the resolved composition.
 *
 * Algorithm: start empty with default settings; for each file, for each op in file order:
 * insert adds a row (a name already present is an error — use override); override changes
 * fields of a present row; disable removes a present row; settings overwrite. An override or
 * disable naming a row that is not present is an "unknown … row" error naming file, line and
 * field. After each file the core tools are counted: more than MAX_CORE_TOOLS is an error naming
 * the file that pushed the count over. Rows keep insertion order; sections are then sorted by
 * `order` (ties keep insertion order). Pure: same files in the same order → equal composition.
 */
import { UserError } from "@picasso/protocol";
import type { PatchOp, PluginRow, SectionRow, SourcePos, ToolRow } from "./patch-file.js";
import { assignSetting, type CompositionSettings, DEFAULT_SETTINGS } from "./settings.js";

export const MAX_CORE_TOOLS = 12;

export type Surface = "cli" | "sdk";

export interface Composition {
  surface: Surface;
  plugins: PluginRow[];
  /** Enabled tool rows in insertion order (core and deferred). */
  tools: ToolRow[];
  /** Enabled section rows sorted by order. */
  sections: SectionRow[];
  settings: CompositionSettings;
  /** The patch files applied, in order, as given to `composePatches`. */
  files: string[];
  /** Project patch files left out because the user has not approved their content (load-composition.ts). */
  withheld?: WithheldPatch[];
}

/** A project patch file that was not applied, and why. */
export interface WithheldPatch {
  /** Workspace-relative (`.picasso/picasso.patch.yml`). */
  file: string;
  state: "new" | "changed";
  /** The digest an approval of its current content records. */
  digest: string;
}

export interface PatchFile {
  file: string;
  ops: PatchOp[];
}

export interface ComposeOptions {
  /** Section ids a row may name (the canonical sections the package can write). */
  knownSections: readonly string[];
}

const where = (at: SourcePos) => `${at.file}:${at.line}`;

export function composePatches(surface: Surface, files: PatchFile[], options: ComposeOptions): Composition {
  const tools = new Map<string, ToolRow>();
  const sections = new Map<string, SectionRow>();
  const plugins = new Map<string, PluginRow>();
  const settings: CompositionSettings = { ...DEFAULT_SETTINGS };

  const tables = { tool: tools, section: sections, plugin: plugins } as const;
  const present = <T>(table: Map<string, T>, kind: string, name: string, at: SourcePos, field: string): T => {
    const row = table.get(name);
    if (!row)
      throw new UserError(
        `${where(at)}: ${field}: unknown ${kind} row "${name}" (insert it first; known: ${[...table.keys()].join(", ") || "none"})`,
      );
    return row;
  };
  const fresh = (table: Map<string, unknown>, kind: string, name: string, at: SourcePos) => {
    if (table.has(name))
      throw new UserError(`${where(at)}: ${kind}: "${name}" is already a row; use override to change it`);
  };

  for (const { file, ops } of files) {
    for (const op of ops) {
      switch (op.kind) {
        case "insert-tool":
          fresh(tools, "tool", op.row.name, op.at);
          tools.set(op.row.name, { ...op.row });
          break;
        case "insert-section":
          if (!options.knownSections.includes(op.row.id))
            throw new UserError(
              `${where(op.at)}: sections[].id: unknown section "${op.row.id}" (known: ${options.knownSections.join(", ")})`,
            );
          fresh(sections, "section", op.row.id, op.at);
          sections.set(op.row.id, { ...op.row });
          break;
        case "insert-plugin":
          fresh(plugins, "plugin", op.row.name, op.at);
          plugins.set(op.row.name, { name: op.row.name, config: { ...op.row.config } });
          break;
        case "set-setting":
          assignSetting(settings, op.key, op.value);
          break;
        case "override-tool": {
          const row = present(tools, "tool", op.name, op.at, "override.tool");
          if (op.tier) row.tier = op.tier;
          if (op.family) row.family = op.family;
          break;
        }
        case "override-section":
          present(sections, "section", op.id, op.at, "override.section").order = op.order;
          break;
        case "override-plugin": {
          const row = present(plugins, "plugin", op.name, op.at, "override.plugin");
          row.config = { ...row.config, ...op.config };
          break;
        }
        case "disable": {
          const table = tables[op.target] as Map<string, unknown>;
          present(table, op.target, op.name, op.at, `disable.${op.target}`);
          table.delete(op.name);
          break;
        }
      }
    }
    const core = [...tools.values()].filter((t) => t.tier === "core");
    if (core.length > MAX_CORE_TOOLS)
      throw new UserError(
        `${file}: ${core.length} core tools, more than ${MAX_CORE_TOOLS} (${core.map((t) => t.name).join(", ")}); ` +
          "make some deferred (override: { tool: <name>, tier: deferred })",
      );
  }

  const sorted = [...sections.values()]
    .map((row, index) => ({ row, index }))
    .sort((a, b) => a.row.order - b.row.order || a.index - b.index)
    .map(({ row }) => row);
  return {
    surface,
    plugins: [...plugins.values()],
    tools: [...tools.values()],
    sections: sorted,
    settings,
    files: files.map((f) => f.file),
  };
}

export const coreToolRows = (c: Composition): ToolRow[] => c.tools.filter((t) => t.tier === "core");
export const deferredToolRows = (c: Composition): ToolRow[] => c.tools.filter((t) => t.tier === "deferred");
