/** The `files` family (deferred): glob, list_dir, multi_edit, apply_patch, notebook_edit. */
import type { ToolDefinition } from "@picasso/protocol";
import { applyPatchTool } from "./apply-patch.js";
import { globTool } from "./glob.js";
import { listDirTool } from "./list-dir.js";
import { multiEditTool } from "./multi-edit.js";
import { notebookEditTool } from "./notebook-edit.js";

export function filesTools(): ToolDefinition[] {
  return [globTool, listDirTool, multiEditTool, applyPatchTool, notebookEditTool];
}

export { applyPatchTool, globTool, listDirTool, multiEditTool, notebookEditTool };
