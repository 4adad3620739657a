/**
 * Tier-2 texts the pre-step normaliser appends on a mode change: the notice for each permission
 * mode and `plan-mode.section`, the rules of plan mode. They enter as appended history, never
 * as system-prompt edits, so Tier 1 is the same in every mode. Fixed text: the same transition
 * always appends the same bytes.
 */
import type { PermissionMode } from "@picasso/protocol";

export const MODE_NOTICES: Record<PermissionMode, string> = {
  default:
    "Permission mode is now default: you may change files and run commands; the user approves calls that need it.",
  plan: "Permission mode is now plan: investigate and plan only; the plan-mode rules follow.",
  auto: "Permission mode is now auto: edits and commands run without asking. Still ask before destructive or irreversible actions.",
};

export const PLAN_MODE_SECTION = [
  "# Plan mode",
  "Allowed: reading files, searching, listing, read-only commands (git status/log/diff, dry runs), subagents that only read, tool_search, ask_user.",
  "Not allowed: editing, writing or deleting files, installing packages, committing, or any command with side effects; such calls are refused.",
  "Do: investigate until you understand the change, then present a concrete plan: the goal, the files to change (each named once as inline code), the steps in order, the risks, and how you will verify.",
  "End by asking the user to approve the plan. Carry it out only after the mode changes.",
].join("\n");
