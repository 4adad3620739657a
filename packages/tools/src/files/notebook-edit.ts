/**
 * `notebook_edit`: replace, insert or delete one cell of a Jupyter notebook (`.ipynb`, nbformat 4),
 * keeping the file a valid notebook.
 *
 * Rules: the cell is named by `cell_id` or by its 0-based `index` (insert puts the new cell at
 * that index; index = number of cells appends). Source is stored as Jupyter does, a list of lines.
 * A code cell whose source changes loses its outputs and execution count (they no longer match);
 * a new code cell gets empty outputs and no count; a cell changed to markdown/raw drops both.
 * Cells get an id when the notebook's format (4.5+) requires one. Other fields (metadata,
 * attachments) are kept. The file must have been read this session; it is written atomically
 * with Jupyter's own layout (one-space indent, trailing newline).
 */
import { randomBytes } from "node:crypto";
import type { ToolContext, ToolOutput } from "@picasso/protocol";
import { defineTool, toolError } from "../define-tool.js";
import { DISK_FILES } from "../file-access.js";
import { writeWholeFile } from "../file-mutations.js";
import { notReadError } from "../file-read-tracker.js";
import { optionalInteger, optionalString, requiredString, ToolInputError } from "../tool-input.js";
import { workspaceFs } from "../workspace-fs/workspace-fs.js";
import { resolveWorkspacePath } from "../workspace-path.js";

type Json = Record<string, unknown>;
type CellType = "code" | "markdown" | "raw";
const CELL_TYPES: readonly string[] = ["code", "markdown", "raw"];

const isObject = (v: unknown): v is Json => v !== null && typeof v === "object" && !Array.isArray(v);

/** Jupyter's list-of-lines form: every line keeps its "\n" except the last. */
export function toSourceLines(source: string): string[] {
  if (source === "") return [];
  const parts = source.split("\n");
  return parts.map((line, i) => (i < parts.length - 1 ? `${line}\n` : line)).filter((l) => l !== "");
}

function sourceText(cell: Json): string {
  const s = cell.source;
  return Array.isArray(s) ? s.join("") : typeof s === "string" ? s : "";
}

function needsIds(nb: Json): boolean {
  const major = nb.nbformat;
  const minor = nb.nbformat_minor;
  return major === 4 && typeof minor === "number" && minor >= 5;
}

function shapeCell(cell: Json, type: CellType, source: string, ids: boolean): Json {
  const shaped: Json = { ...cell, cell_type: type, source: toSourceLines(source) };
  if (!isObject(shaped.metadata)) shaped.metadata = {};
  if (type === "code") {
    shaped.outputs = [];
    shaped.execution_count = null;
  } else {
    delete shaped.outputs;
    delete shaped.execution_count;
  }
  if (ids && typeof shaped.id !== "string") shaped.id = randomBytes(4).toString("hex");
  return shaped;
}

function locate(cells: Json[], input: Json, action: string): number {
  const id = optionalString(input, "cell_id");
  if (id !== undefined) {
    const at = cells.findIndex((c) => c.id === id);
    if (at < 0) throw new ToolInputError(`no cell has id "${id}" (the notebook has ${cells.length} cells).`);
    return action === "insert" ? at + 1 : at;
  }
  const max = action === "insert" ? cells.length : cells.length - 1;
  const index = optionalInteger(input, "index", 0, Math.max(max, 0));
  if (index === undefined) throw new ToolInputError('give the cell as "index" (0-based) or "cell_id".');
  if (action !== "insert" && cells.length === 0) throw new ToolInputError("the notebook has no cells.");
  return index;
}

async function runNotebookEdit(input: Json, ctx: ToolContext): Promise<ToolOutput> {
  const path = requiredString(input, "path");
  const action = optionalString(input, "action") ?? "replace";
  if (!["replace", "insert", "delete"].includes(action))
    return toolError(`Unknown action "${action}"; use replace, insert or delete.`);
  const cellType = optionalString(input, "cell_type");
  if (cellType !== undefined && !CELL_TYPES.includes(cellType))
    return toolError(`cell_type must be code, markdown or raw (got "${cellType}").`);
  const target = resolveWorkspacePath(ctx, path);
  if (!target.ok) return toolError(target.error);
  if (!target.abs.endsWith(".ipynb"))
    return toolError(`${target.shown} is not a .ipynb notebook; use edit for other files.`);
  if (!(await workspaceFs().stat(ctx, target.abs))?.isFile())
    return toolError(`Notebook not found: ${path}. Create it with write (a JSON nbformat 4 notebook).`);
  if (!ctx.files.wasRead(target.abs)) return toolError(notReadError(target.shown));

  let nb: unknown;
  try {
    nb = JSON.parse(Buffer.from(await DISK_FILES.read(target.abs, ctx)).toString("utf8"));
  } catch (error) {
    return toolError(
      `${target.shown} is not valid JSON (${(error as Error).message}); fix it with edit first.`,
    );
  }
  if (!isObject(nb) || nb.nbformat !== 4 || !Array.isArray(nb.cells) || !nb.cells.every(isObject))
    return toolError(
      `${target.shown} is not an nbformat 4 notebook (it needs "nbformat": 4 and a "cells" list).`,
    );
  const cells = nb.cells as Json[];
  const at = locate(cells, input, action);
  const ids = needsIds(nb);
  let summary: string;
  if (action === "delete") {
    const [gone] = cells.splice(at, 1);
    summary = `Deleted cell ${at} (${String(gone?.cell_type)}); ${cells.length} cells now.`;
  } else {
    const source = requiredString(input, "source", { allowEmpty: true });
    if (action === "insert") {
      const type = (cellType ?? "code") as CellType;
      cells.splice(at, 0, shapeCell({ metadata: {} }, type, source, ids));
      summary = `Inserted a ${type} cell at index ${at}; ${cells.length} cells now.`;
    } else {
      const old = cells[at] ?? {};
      const oldType =
        typeof old.cell_type === "string" && CELL_TYPES.includes(old.cell_type) ? old.cell_type : "code";
      const type = (cellType ?? oldType) as CellType;
      const unchanged = type === oldType && sourceText(old) === source;
      cells[at] = unchanged ? old : shapeCell(old, type, source, ids);
      summary = unchanged
        ? `Cell ${at} already has that source; nothing changed.`
        : `Replaced cell ${at} (${type}).`;
      if (!unchanged && type === "code" && Array.isArray(old.outputs) && old.outputs.length > 0)
        summary += " Its old outputs were cleared; run the notebook to regenerate them.";
    }
  }
  await writeWholeFile(ctx, target.abs, `${JSON.stringify(nb, null, 1)}\n`);
  ctx.files.markRead(target.abs);
  return {
    content: `${target.shown}: ${summary}`,
    display: { kind: "text", text: `${target.shown}: ${summary}` },
  };
}

export const notebookEditTool = defineTool({
  name: "notebook_edit",
  description:
    "Change one cell of a Jupyter notebook (.ipynb): replace its source, insert a cell or delete one; " +
    "the file stays a valid notebook (a changed code cell's outputs are cleared). Read it first.",
  properties: {
    path: { type: "string" },
    action: { type: "string", enum: ["replace", "insert", "delete"], description: "Default replace." },
    index: { type: "integer", minimum: 0, description: "0-based cell; insert: where the new cell goes." },
    cell_id: { type: "string", description: "Instead of index (insert: after that cell)." },
    source: { type: "string" },
    cell_type: {
      type: "string",
      enum: ["code", "markdown", "raw"],
      description: "Default: code, or unchanged.",
    },
  },
  required: ["path"],
  effect: "write",
  family: "files",
  what: "Replaces, inserts or deletes one cell of a Jupyter notebook.",
  when: "The file is an .ipynb notebook, whose JSON edit would break.",
  run: runNotebookEdit,
});
