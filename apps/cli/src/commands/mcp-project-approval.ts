/**
 * `picasso mcp add` and `remove` edit the project's `.mcp.json` on the user's own command, so the
 * file they leave is approved (docs/security.md) — but only when what was there before was
 * approved too (or there was no file): an edit never launders content the user has not seen.
 * Otherwise the file stays unapproved and the returned note says how to review it.
 */
import { PROJECT_CONFIG, reviewProjectMcpConfig } from "@picasso/mcp";
import { approveProjectFile } from "@picasso/workspace";

export function editApprovedProjectConfig(
  place: { workspaceRoot: string; picassoHome: string },
  edit: () => void,
): string | undefined {
  const before = reviewProjectMcpConfig(place);
  edit();
  const after = reviewProjectMcpConfig(place);
  if (!after) return undefined;
  if (before && before.state !== "approved")
    return `${PROJECT_CONFIG} holds content you have not approved, so it is still not used; review it with picasso trust, approve it with picasso trust approve ${PROJECT_CONFIG}`;
  approveProjectFile(place.picassoHome, place.workspaceRoot, PROJECT_CONFIG, after.digest);
  return undefined;
}
