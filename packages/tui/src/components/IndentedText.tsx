/**
 * Plain text (notices, expanded output, the context timeline) wrapped to the screen width with
 * `wrapIndented`, so a wrapped line continues at its own indent instead of column 0. Ink's own
 * wrapping is not used: it would start continuation lines at the box's edge (or with the space
 * it broke at).
 */
import { Box, Text } from "ink";
import { wrapIndented } from "../transcript/wrap-indented.js";

export function IndentedText({
  text,
  width,
  color,
  dimColor,
}: {
  text: string;
  width: number;
  color?: string | undefined;
  dimColor?: boolean;
}) {
  return (
    <Box flexDirection="column">
      {wrapIndented(text, width).map((line, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: lines are positional
        <Text key={i} color={color} dimColor={dimColor} wrap="truncate-end">
          {line === "" ? " " : line}
        </Text>
      ))}
    </Box>
  );
}
