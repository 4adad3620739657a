/**
 * The catalog a navigation-eval cases file is scored on, and the answer budget by default: shared
 * by `picasso eval navigation` and the grade of `picasso tools describe`, so a grade reads like an
 * eval run. A cases file that names a fixture (`fixture: fixture`) navigates the fixture's
 * workspace, homes, stand-in tools and entries; one that names none navigates the given workspace.
 */
import type { WorkspaceContext } from "@picasso/lean-context";
import { evalFixtureCatalog } from "@picasso/surface";

/** Bytes one `tool_search` answer may take in an eval, unless `--budget` says otherwise. */
export const DEFAULT_EVAL_BUDGET = 1024;

export function catalogForCases(
  fixturePath: string | undefined,
  otherwise: () => Promise<WorkspaceContext>,
): Promise<WorkspaceContext> {
  return fixturePath ? evalFixtureCatalog(fixturePath) : otherwise();
}
