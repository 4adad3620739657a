/**
 * The `/context` inspector: the context map (the window's fill, then a bar per category with
 * bytes, estimated tokens and share), then the mounted extensions' panels (lean context, memory,
 * MCP servers, any other), each drawn the same way.
 *
 * The panel is laid out as lines that each fit the inner width (context-panel-lines.ts) and shown
 * `height` rows at a time — borders and a footer included — so it never outgrows the terminal.
 * `ContextPager` adds the keys: ↑/↓ (j/k) a line, PgUp/PgDn (b/space) a page, Home/End (g/G)
 * either end, Esc/q/Enter close. The frame (borders, footer, the slice shown) is PanelFrame.tsx.
 */

import type { ContextView } from "@picasso/engine/context";
import { useMemo } from "react";
import { contextPanelLines } from "../context/context-panel-lines.js";
import { useKeys } from "../keys/use-keys.js";
import { useLatestState } from "../keys/use-latest-state.js";
import { bodyRows, PanelFrame } from "./PanelFrame.js";

const KEYS = "↑/↓ PgUp/PgDn Home/End · Esc close";

export function ContextPanel({
  view,
  width,
  height = Number.POSITIVE_INFINITY,
  offset = 0,
}: {
  view: ContextView;
  width: number;
  height?: number;
  offset?: number;
}) {
  const lines = useMemo(() => contextPanelLines(view, width - 4), [view, width]);
  return <PanelFrame lines={lines} width={width} height={height} offset={offset} keys={KEYS} />;
}

export function ContextPager({
  view,
  width,
  height,
  onClose,
}: {
  view: ContextView;
  width: number;
  height: number;
  onClose: () => void;
}) {
  const lines = useMemo(() => contextPanelLines(view, width - 4), [view, width]);
  const page = bodyRows(height);
  const last = Math.max(0, lines.length - page);
  const [offset, setOffset] = useLatestState(0);
  const move = (to: (current: number) => number) =>
    setOffset((current) => Math.min(last, Math.max(0, to(Math.min(current, last)))));
  useKeys((key) => {
    const name = key.kind === "key" ? key.name : key.kind === "text" ? key.text : "";
    if (name === "up" || name === "k") move((o) => o - 1);
    else if (name === "down" || name === "j") move((o) => o + 1);
    else if (name === "page-up" || name === "b") move((o) => o - page);
    else if (name === "page-down" || name === " ") move((o) => o + page);
    else if (name === "home" || name === "g") move(() => 0);
    else if (name === "end" || name === "G") move(() => last);
    else if (name === "escape" || name === "q" || name === "submit") onClose();
  });
  return <PanelFrame lines={lines} width={width} height={height} offset={offset} keys={KEYS} />;
}
