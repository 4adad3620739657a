/**
 * @picasso/lean-context — the byte-stable Tier 1, the pre-step normaliser and ContextStats, as a
 * plugin on the engine's hooks. Exported on purpose: what surfaces, the cache-probe (benches too)
 * and the CLI use. The timeline fold is its own package, `@picasso/timeline`.
 */
export {
  DEFAULT_TIER2_BUDGET_BYTES,
  decideTier2Budget,
  type Tier2BudgetState,
} from "./budget/tier2-budget.js";
export {
  type OpenTier2Entry,
  openTier2Entries,
  type Tier2Load,
  tier2BytesOpen,
  tier2LoadsOf,
} from "./budget/tier2-ledger.js";
export { TIER2_BUDGET_SOURCE } from "./budget/tier2-notice.js";
export { buildCatalog, type Catalog } from "./catalog/build-catalog.js";
export { answerQuery, branchCost, type CatalogAnswer } from "./catalog/catalog-answer.js";
export { renderCatalogFiles, renderManifest, writeCatalogFiles } from "./catalog/catalog-files.js";
export type { CatalogNode } from "./catalog/catalog-node.js";
export { type CatalogChanges, changesLine, recordCatalogBuild } from "./catalog/catalog-store.js";
export { descriptorFilePath, renderDescriptorFile } from "./catalog/descriptor-file.js";
export { type DescriptorGrade, gradeDescriptors } from "./catalog/descriptor-grade.js";
export { DESCRIBE_SYSTEM, describeRequestText, parseDescriptorReply } from "./catalog/descriptor-reply.js";
export type { MemberDescriptor } from "./catalog/descriptor-text.js";
export { type EvalFixture, type EvalSplit, loadEvalCases, loadEvalFixture } from "./catalog/eval-cases.js";
export { type FamilyMembers, familyMembers } from "./catalog/family-members.js";
export {
  keywordNavigator,
  type NavigationCase,
  type NavigationReport,
  type Navigator,
  resolveNode,
  runNavigationEval,
} from "./catalog/navigation-eval.js";
export type { Composition, WithheldPatch } from "./composition/compose.js";
export {
  loadComposition,
  PICASSO_REPOSITORY_DIR,
  PROJECT_PATCH_FILE,
  type ProjectPatchReview,
  reviewProjectPatch,
} from "./composition/load-composition.js";
export { TOOL_CALL, TOOL_SEARCH, toolSearchSpec } from "./gateways/gateway-specs.js";
export { loadInstructionFiles } from "./instructions/instruction-files.js";
export { buildInstructionIndex, type InstructionFile } from "./instructions/instruction-index.js";
export { createLeanContextPlugin, type LeanContextOptions, type LeanContextPlugin } from "./plugin.js";
export { inspectWorkspace, mcpServersWithTools, type WorkspaceContext } from "./report/inspect-workspace.js";
export { renderContextReport } from "./report/render-context-report.js";
export {
  loadSkillActivationCases,
  loadSkillCollection,
  NO_SKILL,
  type SkillActivationCase,
  type SkillActivationCases,
} from "./skills/skill-activation-cases.js";
export {
  collectionIndex,
  resolveSkillName,
  runSkillActivationEval,
  type SkillActivationReport,
  type SkillCaseResult,
  type SkillNavigator,
  type SkillOutcome,
} from "./skills/skill-activation-eval.js";
export { defaultClaudeHome, loadSkills, type Skill } from "./skills/skill-discovery.js";
export { keywordSkillNavigator } from "./skills/skill-keyword-navigator.js";
export { assembleTier1, type Tier1Input } from "./tier1/assemble-tier1.js";
export { assembleEagerBaseline } from "./tier1/eager-baseline.js";
