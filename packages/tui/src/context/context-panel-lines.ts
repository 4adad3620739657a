/**
 * The `/context` panel as lines of styled text, each fitting `width` columns, so the panel can be
 * shown a screenful at a time (components/ContextPanel.tsx). In order:
 * - the context map (context-map-lines.ts): the window's fill, then a bar per category;
 * - the note on estimates;
 * - each mounted extension's panel (`view.panels`, in mount order — lean context's registry,
 *   snapshot, counters and newest events; memory's database and ranking; a row per MCP server…),
 *   each laid out the same way whatever extension it comes from (extension-panel-lines.ts).
 */

import type { ContextView } from "@picasso/engine/context";
import { contextMapLines } from "./context-map-lines.js";
import { extensionPanelLines } from "./extension-panel-lines.js";
import { type PanelLine, wrapped } from "./panel-line.js";

export function contextPanelLines(view: ContextView, width: number): PanelLine[] {
  const room = Math.max(20, width);
  const lines: PanelLine[] = [
    ...contextMapLines(view, room),
    ...wrapped(view.tokenNote, room, 0, { dim: true }),
  ];
  for (const panel of view.panels) lines.push([], ...extensionPanelLines(panel, room));
  return lines;
}
