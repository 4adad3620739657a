/**
 * @picasso/init — `/init` and `picasso init`: write or improve the workspace's AGENTS.md routing
 * index with the model, shown as a diff to approve (docs/init.md).
 */
export {
  AGENTS_FILE,
  type AgentsMdProposal,
  type IndexPreview,
  type ProposeOptions,
  proposeAgentsMd,
  writeProposal,
} from "./agents-md-proposal.js";
export { writeFileAtomically } from "./atomic-write.js";
export {
  createInitExtension,
  INIT_EXTENSION,
  type InitPlace,
  type InitProposalData,
} from "./init-extension.js";
export { DEFAULT_INIT_LIMITS, type InitLimits } from "./init-request.js";
export { checkProposal, type ProposalCheck, routedPaths } from "./proposal-check.js";
export { type RepoSurvey, SURVEY_MAX_BYTES, surveyRepository } from "./repo-survey.js";
export { unifiedDiff } from "./unified-diff.js";
