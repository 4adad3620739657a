/**
 * The `workflows` row: workflow files of `.picasso/workflows/` run as background step lanes
 * (@picasso/workflows, docs/workflows.md). Nothing runs offline: an offline reader only sees the
 * family and the `workflow` operation.
 */
import { createWorkflowsExtension } from "@picasso/workflows";
import type { ExtensionFactory } from "./extension-place.js";

export const workflowsMount: ExtensionFactory = (place) => ({
  extension: createWorkflowsExtension({ workspaceRoot: place.workspaceRoot }),
});
