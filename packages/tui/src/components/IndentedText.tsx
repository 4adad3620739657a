/**
 * Plain UI text (notices, /help, expanded output, the context timeline) on screen: each line is
 * word-wrapped to the width at its own indent (so `  turn totals: …` continues two columns in,
 * never at column 0), and `` `code` `` spans are shown highlighted instead of as raw backticks.
 * Ink's own wrapping is not used: it would start continuation lines at the box's edge, or with
 * the space it broke at. At least 10 columns are left for the text after an indent.
 */
import { Box, Text } from "ink";
import { parseCodeSpans } from "../markdown/inline-spans.js";
import { wrapSpans } from "../markdown/wrap-spans.js";
import { CodeText } from "./CodeText.js";

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
  const rows = text.split("\n").flatMap((line) => {
    const body = line.trimStart();
    const indent = line.length - body.length;
    return wrapSpans(parseCodeSpans(body), Math.max(10, width - indent)).map((spans) => ({ indent, spans }));
  });
  return (
    <Box flexDirection="column">
      {rows.map((row, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: lines are positional
        <Box key={i} paddingLeft={row.indent}>
          <Text color={color} dimColor={dimColor} wrap="truncate-end">
            {row.spans.length === 0 ? " " : <CodeText spans={row.spans} />}
          </Text>
        </Box>
      ))}
    </Box>
  );
}
