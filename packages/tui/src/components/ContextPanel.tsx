/**
 * The `/context` inspector: the context map (the window's fill, then a bar per category with
 * bytes, estimated tokens and share), then the `picasso-lean-context` fields `registry`,
 * `snapshot`, `counters` and the newest `events`. Missing fields print `not recorded`.
 *
 * The panel is laid out as lines that each fit the inner width (context-panel-lines.ts) and shown
 * `height` rows at a time — borders and a footer included — so it never outgrows the terminal.
 * `ContextPager` adds the keys: ↑/↓ (j/k) a line, PgUp/PgDn (b/space) a page, Home/End (g/G)
 * either end, Esc/q/Enter close.
 */

import type { ContextView } from "@picasso/engine/context";
import { Box, Text } from "ink";
import { useMemo } from "react";
import { CATEGORY_COLORS } from "../context/context-map-lines.js";
import { contextPanelLines } from "../context/context-panel-lines.js";
import type { PanelLine } from "../context/panel-line.js";
import { useKeys } from "../keys/use-keys.js";
import { useLatestState } from "../keys/use-latest-state.js";
import { useTheme } from "./theme.js";

/** Rows of the panel that are not content: two borders and the footer. */
const CHROME_ROWS = 3;

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
  return <PanelFrame lines={lines} width={width} height={height} offset={offset} />;
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
  return <PanelFrame lines={lines} width={width} height={height} offset={offset} />;
}

function bodyRows(height: number): number {
  return Math.max(1, height - CHROME_ROWS);
}

function PanelFrame({
  lines,
  width,
  height,
  offset,
}: {
  lines: PanelLine[];
  width: number;
  height: number;
  offset: number;
}) {
  const theme = useTheme();
  const body = bodyRows(height);
  const start = Math.min(Math.max(0, offset), Math.max(0, lines.length - body));
  const shown = lines.slice(start, start + body);
  const footer =
    lines.length > body
      ? `lines ${start + 1}–${start + shown.length} of ${lines.length} · ↑/↓ PgUp/PgDn Home/End · Esc close`
      : "Esc close";
  return (
    <Box flexDirection="column" borderStyle="round" borderColor={theme.dim} paddingX={1} width={width}>
      {shown.map((line, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: lines are positional
        <Line key={start + i} line={line} />
      ))}
      <Text dimColor wrap="truncate-end">
        {footer}
      </Text>
    </Box>
  );
}

function Line({ line }: { line: PanelLine }) {
  const theme = useTheme();
  const colored = theme.accent !== undefined;
  if (line.length === 0) return <Text> </Text>;
  return (
    <Text wrap="truncate-end">
      {line.map((segment, i) => (
        <Text
          // biome-ignore lint/suspicious/noArrayIndexKey: segments are positional
          key={i}
          bold={segment.bold ?? false}
          dimColor={segment.dim ?? false}
          color={colored && segment.category ? CATEGORY_COLORS[segment.category] : undefined}
        >
          {segment.text}
        </Text>
      ))}
    </Text>
  );
}
