/** @picasso/workflows: workflow files run as background step lanes (docs/workflows.md). */
export { listWorkflows, loadWorkflow, type WorkflowListing, workflowsDir } from "./workflow-discovery.js";
export {
  DEFAULT_CONCURRENCY,
  parseWorkflowFile,
  WORKFLOW_LIMITS,
  type WorkflowDefinition,
  WorkflowFileError,
  type WorkflowStep,
} from "./workflow-file.js";
export { findRunInLogs } from "./workflow-find.js";
export { type InputValues, parseInputWords, resolveInputs } from "./workflow-inputs.js";
export { type LoggedRun, readLoggedRuns } from "./workflow-log.js";
export { laneFileName, outputReference, sessionOutputsFolder } from "./workflow-outputs.js";
export { type LaneState, type RunHost, type RunStatus, WorkflowRun } from "./workflow-run.js";
export { type StartOptions, WorkflowRuns } from "./workflow-runs.js";
export { listingText, loggedRunText, runText } from "./workflow-text.js";
export { WORKFLOW_FAMILY, workflowTools } from "./workflow-tools.js";
export {
  createWorkflowsExtension,
  findWorkflowsHandle,
  WORKFLOWS_EXTENSION,
  type WorkflowsExtension,
} from "./workflows-extension.js";
