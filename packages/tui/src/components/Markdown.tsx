/**
 * Renders a reply's Markdown (see parse-markdown.ts): headings bold (level 1 also underlined),
 * list items with their marker and indent, fenced code in a left-ruled block under its language
 * label, inline bold/italic/code. Headings, paragraphs and list items are wrapped to `width`
 * here (wrap-spans.ts), so a wrapped line continues at its block's indent.
 */
import { Box, Text } from "ink";
import { type Inline, type MarkdownBlock, parseMarkdown } from "../markdown/parse-markdown.js";
import { wrapSpans } from "../markdown/wrap-spans.js";
import { useTheme } from "./theme.js";

export function Markdown({ text, width }: { text: string; width: number }) {
  const blocks = parseMarkdown(text);
  return (
    <Box flexDirection="column">
      {blocks.map((block, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: blocks are positional and re-parsed as a whole
        <MarkdownBlockView key={i} block={block} width={width} />
      ))}
    </Box>
  );
}

function MarkdownBlockView({ block, width }: { block: MarkdownBlock; width: number }) {
  const theme = useTheme();
  switch (block.kind) {
    case "heading":
      return (
        <Box flexDirection="column">
          {wrapSpans(block.spans, width).map((line, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: wrapped lines are positional
            <Text key={i} bold underline={block.level === 1} color={theme.accent}>
              <Spans spans={line} />
            </Text>
          ))}
        </Box>
      );
    case "list-item": {
      const indent = Math.min(block.indent, 8);
      const marker = `${block.marker} `;
      return (
        <Box paddingLeft={indent}>
          {/* Not shrinkable: a wrapping item would squeeze the space after the marker away. */}
          <Box flexShrink={0}>
            <Text>{marker}</Text>
          </Box>
          <WrappedSpans spans={block.spans} width={width - indent - marker.length} />
        </Box>
      );
    }
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
      return <WrappedSpans spans={block.spans} width={width} />;
    case "blank":
      return <Text> </Text>;
  }
}

function WrappedSpans({ spans, width }: { spans: Inline[]; width: number }) {
  return (
    <Box flexDirection="column">
      {wrapSpans(spans, width).map((line, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: wrapped lines are positional
        <Text key={i}>{line.length === 0 ? " " : <Spans spans={line} />}</Text>
      ))}
    </Box>
  );
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
