/**
 * A unified diff, coloured by line: `+` added, `-` removed, `@@` hunk headers; file headers
 * (`---`/`+++`, `Index:`, `===`) are dropped since the tool line already names the file.
 * Long diffs are collapsed to `maxLines` with a count of the rest.
 */
import { Box, Text } from "ink";
import { useTheme } from "./theme.js";
import { collapse } from "./tool-summary.js";

export function DiffView({ diff, maxLines = 30 }: { diff: string; maxLines?: number }) {
  const theme = useTheme();
  const body = diff
    .split("\n")
    .filter((l) => !/^(---|\+\+\+|Index:|={5,})/.test(l))
    .join("\n");
  const { lines, hidden } = collapse(body, maxLines);
  return (
    <Box flexDirection="column" paddingLeft={2}>
      {lines.map((line, i) => {
        const color = line.startsWith("+")
          ? theme.added
          : line.startsWith("-")
            ? theme.removed
            : line.startsWith("@@")
              ? theme.hunk
              : undefined;
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: diff lines are positional
          <Text key={i} color={color} dimColor={color === undefined && !line.startsWith("@@")}>
            {line === "" ? " " : line}
          </Text>
        );
      })}
      {hidden > 0 ? <Text dimColor>… {hidden} more lines (ctrl+o to expand)</Text> : null}
    </Box>
  );
}
