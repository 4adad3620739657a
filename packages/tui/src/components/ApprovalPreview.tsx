/**
 * What an approval would let happen, shown above the choices: the command for `bash`; for
 * `edit`, the path and the lines it changes as -/+ with unchanged lines near them as context
 * (line-diff.ts), at most `MAX_LINES` rows; for `write`, the path, its line count (counted as the
 * write tool counts them: a final newline ends a line) and the first `MAX_LINES` lines; anything
 * else as its JSON input, cut short.
 */
import { splitLines } from "@picasso/protocol/basics";
import { Box, Text } from "ink";
import { type DiffLine, lineDiff } from "./line-diff.js";
import { useTheme } from "./theme.js";

const MAX_LINES = 20;

export function ApprovalPreview({ input }: { input: Record<string, unknown> }) {
  const str = (key: string) => (typeof input[key] === "string" ? (input[key] as string) : undefined);
  const command = str("command");
  if (command !== undefined) return <Text>$ {command}</Text>;
  const path = str("path");
  const oldText = str("old_string");
  const newText = str("new_string");
  if (path !== undefined && oldText !== undefined && newText !== undefined)
    return <EditPreview path={path} diff={lineDiff(oldText, newText)} />;
  const content = str("content");
  if (path !== undefined && content !== undefined) return <WritePreview path={path} content={content} />;
  if (path !== undefined) return <Text>{path}</Text>;
  return <Text dimColor>{JSON.stringify(input).slice(0, 200)}</Text>;
}

function EditPreview({ path, diff }: { path: string; diff: DiffLine[] }) {
  const theme = useTheme();
  const shown = diff.slice(0, MAX_LINES);
  return (
    <Box flexDirection="column">
      <Text>{path}</Text>
      {shown.map((line, i) => {
        const key = `${i}`;
        if (line.kind === "gap")
          return (
            <Text key={key} dimColor>
              {"  "}⋮ {line.lines} unchanged line{line.lines === 1 ? "" : "s"}
            </Text>
          );
        if (line.kind === "context")
          return (
            <Text key={key} dimColor>
              {"  "}
              {line.text}
            </Text>
          );
        return (
          <Text key={key} color={line.kind === "removed" ? theme.removed : theme.added}>
            {line.kind === "removed" ? "-" : "+"} {line.text}
          </Text>
        );
      })}
      {diff.length > MAX_LINES ? <Text dimColor> … {diff.length - MAX_LINES} more diff lines</Text> : null}
    </Box>
  );
}

function WritePreview({ path, content }: { path: string; content: string }) {
  const lines = splitLines(content);
  return (
    <Box flexDirection="column">
      <Text>
        {path} ({lines.length} line{lines.length === 1 ? "" : "s"})
      </Text>
      {lines.slice(0, MAX_LINES).map((line, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: preview lines are positional
        <Text key={i} dimColor>
          {"  "}
          {line === "" ? " " : line}
        </Text>
      ))}
      {lines.length > MAX_LINES ? <Text dimColor> … {lines.length - MAX_LINES} more lines</Text> : null}
    </Box>
  );
}
