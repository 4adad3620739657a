/**
 * Renders a reply's Markdown (markdown-blocks.ts): headings bold (level 1 also underlined),
 * paragraphs, nested lists under their markers, block quotes behind a rule, GFM tables with
 * borders (table-layout.ts), fenced code in a left-ruled block under its language label,
 * highlighted once highlight.js has loaded (CodeBlock.tsx), and inline bold, italic, strike,
 * code and links. Text is wrapped to `width` here (wrap-spans.ts), so a wrapped line continues
 * at its block's indent and nothing relies on Ink's own wrapping.
 *
 * While a reply streams, only its last block changes: top-level blocks are memoised on their
 * source text and the width, so earlier blocks are not rendered again.
 */
import { Box, Text } from "ink";
import { memo, useMemo } from "react";
import type { Inline } from "../markdown/inline-spans.js";
import { type MarkdownBlock, parseMarkdown } from "../markdown/markdown-blocks.js";
import { layoutTable, tableBorder } from "../markdown/table-layout.js";
import { wrapSpans } from "../markdown/wrap-spans.js";
import { CodeBlock } from "./CodeBlock.js";
import { LeftRuled } from "./LeftRuled.js";
import { useTheme } from "./theme.js";
import { useMarkdownReader } from "./use-markdown-reader.js";

export function Markdown({ text, width }: { text: string; width: number }) {
  // Plain paragraphs until marked has loaded, then the Markdown (markdown-reader.ts).
  const read = useMarkdownReader(true);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the same text parses anew once marked has loaded
  const blocks = useMemo(() => parseMarkdown(text), [text, read]);
  return (
    <Box flexDirection="column">
      {blocks.map((sourced, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: blocks are positional and re-parsed as a whole
        <TopBlock key={i} raw={sourced.raw} block={sourced.block} width={width} read={read} />
      ))}
    </Box>
  );
}

/** A top-level block; the same source text at the same width, read the same way, renders the same. */
const TopBlock = memo(
  ({ block, width }: { raw: string; block: MarkdownBlock; width: number; read: boolean }) => (
    <MarkdownBlockView block={block} width={width} />
  ),
  (before, after) => before.raw === after.raw && before.width === after.width && before.read === after.read,
);

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
    case "paragraph":
      return <WrappedSpans spans={block.spans} width={width} />;
    case "list":
      return (
        <Box flexDirection="column">
          {block.items.map((item, i) => {
            const marker = `${item.marker} `;
            return (
              // biome-ignore lint/suspicious/noArrayIndexKey: list items are positional
              <Box key={i}>
                {/* Not shrinkable: a wrapping item would squeeze the space after the marker away. */}
                <Box flexShrink={0}>
                  <Text>{marker}</Text>
                </Box>
                <Blocks blocks={item.blocks} width={width - marker.length} />
              </Box>
            );
          })}
        </Box>
      );
    case "quote":
      return (
        <LeftRuled bold>
          <Blocks blocks={block.blocks} width={width - 2} />
        </LeftRuled>
      );
    case "code":
      return <CodeBlock language={block.language} lines={block.lines} />;
    case "table":
      return <TableView table={block} width={width} />;
    case "rule":
      return <Text color={theme.dim}>{"─".repeat(Math.max(1, Math.min(width, 40)))}</Text>;
    case "blank":
      return <Text> </Text>;
  }
}

function Blocks({ blocks, width }: { blocks: MarkdownBlock[]; width: number }) {
  return (
    <Box flexDirection="column">
      {blocks.map((block, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: blocks are positional
        <MarkdownBlockView key={i} block={block} width={width} />
      ))}
    </Box>
  );
}

function TableView({ table, width }: { table: Extract<MarkdownBlock, { kind: "table" }>; width: number }) {
  const theme = useTheme();
  const layout = layoutTable(table, width);
  const row = (cells: Inline[][], bold: boolean, key: string) => (
    <Text key={key} bold={bold}>
      {cells.map((cell, c) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: cells are positional
        <Text key={c}>
          <Text color={theme.dim}>{c === 0 ? "│ " : " │ "}</Text>
          <Spans spans={cell} />
        </Text>
      ))}
      <Text color={theme.dim}> │</Text>
    </Text>
  );
  return (
    <Box flexDirection="column">
      <Text color={theme.dim}>{tableBorder(layout.widths, "top")}</Text>
      {layout.header.map((line, i) => row(line, true, `h${i}`))}
      <Text color={theme.dim}>{tableBorder(layout.widths, "middle")}</Text>
      {layout.rows.flatMap((lines, r) => lines.map((line, i) => row(line, false, `r${r}-${i}`)))}
      <Text color={theme.dim}>{tableBorder(layout.widths, "bottom")}</Text>
    </Box>
  );
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

/**
 * An OSC 8 hyperlink around `text`. Terminated by BEL, and the URL limited to the characters
 * Ink's width measuring (ansi-regex) recognises — others are percent-encoded — so the escape
 * adds no width.
 */
export function hyperlink(url: string, text: string): string {
  const safe = url.replace(/[^-a-zA-Z\d/#&.:=?%@~_]/g, (ch) =>
    [...new TextEncoder().encode(ch)]
      .map((b) => `%${b.toString(16).toUpperCase().padStart(2, "0")}`)
      .join(""),
  );
  return `\u001b]8;;${safe}\u0007${text}\u001b]8;;\u0007`;
}

function Spans({ spans }: { spans: Inline[] }) {
  return (
    <>
      {spans.map((span, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: spans are positional
        <SpanView key={i} span={span} />
      ))}
    </>
  );
}

function SpanView({ span }: { span: Inline }) {
  const theme = useTheme();
  switch (span.kind) {
    case "bold":
      return <Text bold>{span.text}</Text>;
    case "italic":
      return <Text italic>{span.text}</Text>;
    case "strike":
      return <Text strikethrough>{span.text}</Text>;
    case "code":
      return (
        <Text color={theme.code} inverse={theme.code === undefined}>
          {span.text}
        </Text>
      );
    case "link":
      return (
        <Text color={theme.accent} underline>
          {theme.hyperlinks && span.url ? hyperlink(span.url, span.text) : span.text}
        </Text>
      );
    case "url":
      return (
        <Text color={theme.dim} dimColor={theme.dim === undefined}>
          {span.text}
        </Text>
      );
    case "text":
      return <Text>{span.text}</Text>;
  }
}
