/**
 * The `/context` panel as lines of styled text, each fitting `width` columns, so the panel can be
 * shown a screenful at a time (components/ContextPanel.tsx). In order:
 * - the context map (context-map-lines.ts): the window's fill, then a bar per category;
 * - the note on estimates;
 * - `picasso-lean-context`: `registry`, `snapshot`, `counters` (one `key: value` line each, a long
 *   value wrapped under its key, values over 160 characters cut) and up to 8 newest `events`;
 * - `picasso-memory` (when the memory plugin is mounted): the database, how many memories, the
 *   ranking in use (it says when there are no embeddings), or why the session runs without memory.
 * - `MCP servers` (when any is mounted): each gateway, its state, tool count and catalog bytes.
 * Anything not recorded says `not recorded`.
 */

import type { ContextView } from "@picasso/engine/context";
import { compactNumber } from "../status/status-model.js";
import { contextMapLines } from "./context-map-lines.js";
import { type PanelLine, wrapped } from "./panel-line.js";

const NEWEST_EVENTS = 8;
const VALUE_CHARS = 160;

export function contextPanelLines(view: ContextView, width: number): PanelLine[] {
  const room = Math.max(20, width);
  const lines: PanelLine[] = [
    ...contextMapLines(view, room),
    ...wrapped(view.tokenNote, room, 0, { dim: true }),
    [],
    [{ text: "picasso-lean-context", bold: true }],
    ...field("registry", view.leanContext?.registry, room),
    ...field("snapshot", view.leanContext?.snapshot, room),
    ...field("counters", view.leanContext?.counters, room),
    [{ text: "events (newest first):" }],
  ];
  if (!view.leanContext) lines.push([{ text: "  not recorded", dim: true }]);
  else if (view.leanContext.events.length === 0) lines.push([{ text: "  none yet", dim: true }]);
  else
    for (const event of view.leanContext.events.slice(0, NEWEST_EVENTS))
      lines.push(...wrapped(describeEvent(event), room, 2));
  if (view.memory) {
    lines.push([], [{ text: "picasso-memory", bold: true }]);
    for (const [key, value] of Object.entries(view.memory))
      lines.push(
        ...wrapped(
          `${key}: ${value === undefined || value === null ? "not recorded" : short(value)}`,
          room,
          2,
        ),
      );
  }
  if (view.mcpServers.length > 0) {
    lines.push([], [{ text: "MCP servers", bold: true }]);
    for (const server of view.mcpServers) lines.push(...wrapped(mcpLine(server), room, 2));
  }
  return lines;
}

function field(name: string, value: unknown, width: number): PanelLine[] {
  if (value === undefined || value === null)
    return [[{ text: `${name}: ` }, { text: "not recorded", dim: true }]];
  const entries = typeof value === "object" ? Object.entries(value as Record<string, unknown>) : [];
  return [
    [{ text: `${name}:` }],
    ...entries.flatMap(([key, v]) =>
      wrapped(`${key}: ${v === undefined || v === null ? "not recorded" : short(v)}`, width, 2),
    ),
  ];
}

function short(value: unknown): string {
  const text = typeof value === "string" ? value : JSON.stringify(value);
  return text.length > VALUE_CHARS ? `${text.slice(0, VALUE_CHARS - 1)}…` : text;
}

function describeEvent(event: unknown): string {
  if (!event || typeof event !== "object") return String(event);
  const e = event as Record<string, unknown>;
  const where =
    e.turn !== undefined ? ` (turn ${e.turn}${e.step !== undefined ? `, step ${e.step}` : ""})` : "";
  return `${String(e.kind ?? "event")}: ${String(e.detail ?? "")}${where}`;
}

function mcpLine(server: ContextView["mcpServers"][number]): string {
  const state =
    server.state === "running" && server.pid !== null ? `running (pid ${server.pid})` : server.state;
  const tools = server.tools === null ? "no catalog yet" : `${server.tools} tools`;
  const bytes = server.catalogBytes === null ? "" : `, catalog ${compactNumber(server.catalogBytes)} bytes`;
  return `${server.name}_call: ${state} · ${tools}${bytes}${server.error ? ` · ${server.error}` : ""}`;
}
