/**
 * The catalog a navigation-eval cases file is scored on, and the answer budget by default: shared
 * by `picasso eval navigation` and the grade of `picasso tools describe`, so a grade reads like an
 * eval run. A cases file that names a fixture (`fixture: fixture`) navigates the fixture's
 * workspace, homes, stand-in tools and entries; one that names none navigates the given workspace.
 */
import { loadEvalFixture } from "@picasso/lean-context";
import { workspaceCatalog } from "@picasso/surface";

type WorkspaceContext = Awaited<ReturnType<typeof workspaceCatalog>>;

/** Bytes one `tool_search` answer may take in an eval, unless `--budget` says otherwise. */
export const DEFAULT_EVAL_BUDGET = 1024;

export async function catalogForCases(
  fixturePath: string | undefined,
  otherwise: () => Promise<WorkspaceContext>,
): Promise<WorkspaceContext> {
  if (fixturePath) {
    const fixture = loadEvalFixture(fixturePath);
    return workspaceCatalog({
      cwd: fixture.workspace,
      picassoHome: fixture.picassoHome,
      claudeHome: fixture.claudeHome,
      extraTools: fixture.tools,
      extraFamilies: fixture.families,
      entries: fixture.entries,
    });
  }
  return otherwise();
}
