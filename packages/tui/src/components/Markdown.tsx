/**
 * Renders a reply's Markdown (see parse-markdown.ts): headings bold (level 1 also underlined),
 * list items with their marker and indent, fenced code in a left-ruled block under its language
 * label, inline bold/italic/code.
 */
import { Box, Text } from "ink";
import { type Inline, type MarkdownBlock, parseMarkdown } from "../markdown/parse-markdown.js";
import { useTheme } from "./theme.js";

export function Markdown({ text }: { text: string }) {
  const blocks = parseMarkdown(text);
  return (
    <Box flexDirection="column">
      {blocks.map((block, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: blocks are positional and re-parsed as a whole
        <MarkdownBlockView key={i} block={block} />
      ))}
    </Box>
  );
}

function MarkdownBlockView({ block }: { block: MarkdownBlock }) {
  const theme = useTheme();
  switch (block.kind) {
    case "heading":
      return (
        <Text bold underline={block.level === 1} color={theme.accent}>
          <Spans spans={block.spans} />
        </Text>
      );
    case "list-item":
      return (
        <Box paddingLeft={Math.min(block.indent, 8)}>
          <Text>{block.marker} </Text>
          <Text>
            <Spans spans={block.spans} />
          </Text>
        </Box>
      );
    case "code":
      return (
        <Box
          flexDirection="column"
          borderStyle="single"
          borderTop={false}
          borderRight={false}
          borderBottom={false}
          borderColor={theme.dim}
          paddingLeft={1}
        >
          <Text dimColor>{block.language || "code"}</Text>
          {block.lines.map((line, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: code lines are positional
            <Text key={i} color={theme.code}>
              {line === "" ? " " : line}
            </Text>
          ))}
        </Box>
      );
    case "paragraph":
      return (
        <Text>
          <Spans spans={block.spans} />
        </Text>
      );
    case "blank":
      return <Text> </Text>;
  }
}

function Spans({ spans }: { spans: Inline[] }) {
  const theme = useTheme();
  return (
    <>
      {spans.map((span, i) => {
        const key = `${i}-${span.kind}`;
        if (span.kind === "bold")
          return (
            <Text key={key} bold>
              {span.text}
            </Text>
          );
        if (span.kind === "italic")
          return (
            <Text key={key} italic>
              {span.text}
            </Text>
          );
        if (span.kind === "code")
          return (
            <Text key={key} color={theme.code} inverse={theme.code === undefined}>
              {span.text}
            </Text>
          );
        return <Text key={key}>{span.text}</Text>;
      })}
    </>
  );
}
