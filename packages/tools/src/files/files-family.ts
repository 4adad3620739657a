/** The `files` family, declared beside its tools: its catalog group, Tier 1's "when" phrase and its rules. */
import type { ToolFamily } from "@picasso/protocol";

export const filesFamily: ToolFamily = {
  name: "files",
  group: "workspace",
  when: "globs, trees, multi-edits, patches, notebooks",
  what: "Finding files by pattern, folder trees, and edits beyond edit: several replacements, multi-file patches, notebooks.",
  rules:
    "Prefer edit for a single change. multi_edit and apply_patch change nothing unless every part applies; read a file before multi_edit or notebook_edit.",
};
