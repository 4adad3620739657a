/**
 * A bordered panel shown `height` rows at a time — borders and a footer included — so it never
 * outgrows the terminal: the `/context` map and detail (ContextPanel.tsx) and the timeline's bars
 * (TimelinePager.tsx). Lines come laid out to the inner width (`width - 4`); the footer says which
 * lines are shown and names the keys when they do not all fit. Colours only with a colour theme.
 */
import { Box, Text } from "ink";
import { CATEGORY_COLORS } from "../context/context-map-lines.js";
import type { PanelLine } from "../context/panel-line.js";
import { useTheme } from "./theme.js";

/** Rows of the panel that are not content: two borders and the footer. */
const CHROME_ROWS = 3;

export function bodyRows(height: number): number {
  return Math.max(1, height - CHROME_ROWS);
}

export function PanelFrame({
  lines,
  width,
  height,
  offset,
  keys,
  fittingKeys = "Esc close",
}: {
  lines: PanelLine[];
  width: number;
  height: number;
  offset: number;
  /** The keys the footer names when the lines do not fit. */
  keys: string;
  /** The footer when they all fit. */
  fittingKeys?: string;
}) {
  const theme = useTheme();
  const body = bodyRows(height);
  const start = Math.min(Math.max(0, offset), Math.max(0, lines.length - body));
  const shown = lines.slice(start, start + body);
  const footer =
    lines.length > body
      ? `lines ${start + 1}–${start + shown.length} of ${lines.length} · ${keys}`
      : fittingKeys;
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
          inverse={segment.inverse ?? false}
          color={
            colored ? (segment.color ?? (segment.category && CATEGORY_COLORS[segment.category])) : undefined
          }
        >
          {segment.text}
        </Text>
      ))}
    </Text>
  );
}
