/**
 * `@picasso/engine/context`: the `/context` model (context-view.ts), its live builder, the
 * extensions' panels (extension-panels.ts) and their one plain-text rendering (panel-text.ts), and
 * how a surface may present an operation's answer (operation-presentation.ts) — light (no schema
 * library, no tool scheduling), so the TUI's first frame and ACP load it cheaply.
 * Also exported from the package's main entry.
 */
export {
  blockText,
  buildContextView,
  CONTEXT_CATEGORIES,
  type ContextCategory,
  type ContextGroup,
  type ContextInputs,
  type ContextRow,
  type ContextView,
  contextTokensOf,
} from "./context-view.js";
export { extensionPanels } from "./extension-panels.js";
export { hookRunLine, hookRunShown } from "./hook-run-line.js";
export { liveContextView } from "./live-context-view.js";
export {
  type OperationPresentation,
  type PickChoice,
  type PresentationKind,
  presentationOf,
} from "./operation-presentation.js";
export { PANEL_VALUE_CHARS, panelRowIndent, panelRowText, panelText, panelValue } from "./panel-text.js";
