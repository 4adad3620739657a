/**
 * The conversation. Finished items go through Ink's `<Static>`: each is written to the terminal
 * once and never re-rendered, so a long history costs nothing per keystroke. The live area
 * below it — the reply streaming in and the tools still running — is the only part that
 * changes. `epoch` remounts the static list (a new or resumed session starts a fresh one).
 * Each static item is given the screen's width: `<Static>` lays its items out unconstrained, so
 * without it a reply's text wraps at the full width and then overflows by its indent.
 * A prompt is wrapped by Ink, after its runs wider than the line are broken (break-long-runs.ts):
 * Ink's wrapping of one long word is superlinear.
 */
import { Box, Static, Text } from "ink";
import { breakLongRuns } from "../markdown/break-long-runs.js";
import { withoutOpenMarkers } from "../markdown/open-markers.js";
import type { LiveArea, TranscriptItem } from "../transcript/transcript.js";
import { IndentedText } from "./IndentedText.js";
import { Markdown } from "./Markdown.js";
import { ToolLine } from "./ToolLine.js";
import { useTheme } from "./theme.js";
import { useMarkdownReader } from "./use-markdown-reader.js";

export function MessageList({
  items,
  live,
  epoch = 0,
  width = 100,
}: {
  items: readonly TranscriptItem[];
  live: LiveArea;
  epoch?: number;
  width?: number;
}) {
  // A reply goes to the scrollback once, so not before marked has loaded (markdown-reader.ts):
  // until then the list stops before the first one (a moment, at most, after the session opens).
  const firstReply = items.findIndex((item) => item.kind === "assistant");
  const read = useMarkdownReader(firstReply !== -1);
  const printable = read || firstReply === -1 ? items : items.slice(0, firstReply);
  return (
    <>
      <Static key={epoch} items={printable as TranscriptItem[]}>
        {(item) => (
          <Box key={item.id} width={width} paddingBottom={item.kind === "tool" ? 0 : 1}>
            <HistoryItem item={item} width={width} />
          </Box>
        )}
      </Static>
      <LiveView live={live} width={width} />
    </>
  );
}

export function LiveView({ live, width }: { live: LiveArea; width: number }) {
  if (live.text === "" && live.tools.length === 0 && !live.thinking) return null;
  return (
    <Box flexDirection="column">
      {live.thinking && live.text === "" ? <Text dimColor>✻ thinking…</Text> : null}
      {live.text !== "" ? (
        <AssistantText
          text={withoutOpenMarkers(live.text)}
          width={width}
          continued={live.continued === true}
        />
      ) : null}
      {live.tools.map((call) => (
        <ToolLine key={call.toolUseId} call={call} width={width} />
      ))}
    </Box>
  );
}

export function HistoryItem({ item, width }: { item: TranscriptItem; width: number }) {
  const theme = useTheme();
  switch (item.kind) {
    case "user":
      return (
        <Box>
          <Box flexShrink={0}>
            <Text color={theme.user} bold>
              {"› "}
            </Text>
          </Box>
          <Text>{breakLongRuns(item.text, width - 2)}</Text>
        </Box>
      );
    case "assistant":
      return <AssistantText text={item.text} width={width} continued={item.continued === true} />;
    case "tool":
      return <ToolLine call={item} width={width} />;
    case "notice":
      return (
        <IndentedText
          text={item.text}
          width={width}
          color={
            item.tone === "error"
              ? theme.error
              : item.tone === "warn"
                ? theme.warn
                : item.tone === "hint"
                  ? theme.accent
                  : undefined
          }
          dimColor={item.tone === "info"}
        />
      );
    case "expanded":
      return (
        <Box flexDirection="column">
          <Text bold>{item.title}</Text>
          <IndentedText text={item.text} width={width} />
        </Box>
      );
  }
}

/** A reply, or (`continued`) a later part of one, which keeps the indent but not the bullet. */
function AssistantText({ text, width, continued }: { text: string; width: number; continued: boolean }) {
  const theme = useTheme();
  return (
    <Box>
      <Box flexShrink={0}>
        <Text color={theme.accent}>{continued ? "  " : "● "}</Text>
      </Box>
      <Box flexDirection="column" flexGrow={1}>
        <Markdown text={text} width={width - 2} />
      </Box>
    </Box>
  );
}
