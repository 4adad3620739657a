/**
 * @picasso/changes — the changes extension: what changed in the workspace during a session, as a
 * `/context` panel and the `changes` operation (TUI `/changes`, ACP, `picasso changes`).
 */
export { CHANGES_EXTENSION, createChangesExtension } from "./changes-extension.js";
