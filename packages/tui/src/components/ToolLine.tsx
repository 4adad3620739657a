/**
 * One tool call: a status mark, the tool name, its main argument and its timing, e.g.
 * `✓ edit src/a.ts · 12ms` (a running call that reports progress: `… everything_call · 3/5 · step 3`). Below it, by display kind: `diff` → a coloured diff; `command` →
 * `$ command`, the exit code and the first lines of output; `text`/plain content → the first
 * lines (reads show only their size). Failed, denied and interrupted calls show their message.
 * Subagent calls are indented and labelled with their lane.
 */
import { Box, Text } from "ink";
import type { ToolCallView } from "../transcript/transcript.js";
import { DiffView } from "./DiffView.js";
import { useTheme } from "./theme.js";
import { collapse, formatDuration, toolArgument } from "./tool-summary.js";

const MARKS: Record<ToolCallView["status"], string> = {
  running: "…",
  "awaiting approval": "?",
  ok: "✓",
  error: "✗",
  denied: "⊘",
  interrupted: "■",
};

const OUTPUT_LINES = 6;

export function ToolLine({ call, width = 100 }: { call: ToolCallView; width?: number }) {
  const theme = useTheme();
  const color =
    call.status === "ok"
      ? theme.ok
      : call.status === "error"
        ? theme.error
        : call.status === "running" || call.status === "awaiting approval"
          ? theme.warn
          : theme.dim;
  const label =
    call.status === "ok" || call.status === "running"
      ? ""
      : ` ${call.status === "error" ? "failed" : call.status}`;
  const timing =
    call.durationMs !== undefined
      ? ` · ${formatDuration(call.durationMs)}`
      : call.progress && call.status === "running"
        ? ` · ${call.progress}`
        : "";
  const argument = toolArgument(call.name, call.input, Math.max(20, width - call.name.length - 24));
  return (
    <Box flexDirection="column" paddingLeft={call.lane === "main" ? 0 : 2}>
      <Text>
        <Text color={color}>{MARKS[call.status]} </Text>
        {call.lane !== "main" ? <Text dimColor>[{call.lane}] </Text> : null}
        <Text bold>{call.name}</Text>
        <Text> {argument}</Text>
        <Text color={color}>{label}</Text>
        <Text dimColor>{timing}</Text>
      </Text>
      <ToolBody call={call} />
    </Box>
  );
}

function ToolBody({ call }: { call: ToolCallView }) {
  const theme = useTheme();
  if (call.status === "running" || call.status === "awaiting approval") return null;
  const display = call.display;
  if (display?.kind === "diff" && call.status === "ok") return <DiffView diff={display.diff} />;
  if (display?.kind === "command") {
    const exit = display.exitCode === null ? "no exit code (killed)" : `exit ${display.exitCode}`;
    return (
      <Box flexDirection="column" paddingLeft={2}>
        <Text color={display.exitCode === 0 ? theme.ok : theme.error}>{exit}</Text>
        <Output text={display.output} />
      </Box>
    );
  }
  if (display?.kind === "todos")
    return (
      <Box flexDirection="column" paddingLeft={2}>
        {display.items.map((item, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: todo items are positional
          <Text key={i} dimColor={item.status === "done"}>
            {item.status === "done" ? "☑" : item.status === "in_progress" ? "▶" : "☐"} {item.content}
          </Text>
        ))}
      </Box>
    );
  const text = display?.kind === "text" ? display.text : (call.content ?? "");
  if (call.name === "read" && call.status === "ok") {
    // A read's display is already its one-line summary; the file itself is for the model.
    const lines = (call.content ?? "").split("\n").length;
    const summary = display?.kind === "text" ? display.text : `read ${lines} line${lines === 1 ? "" : "s"}`;
    return (
      <Box paddingLeft={2}>
        <Text dimColor>
          {summary}
          {call.truncated ? " (truncated)" : ""}
        </Text>
      </Box>
    );
  }
  return (
    <Box flexDirection="column" paddingLeft={2}>
      <Output text={text} tone={call.status === "ok" ? undefined : color(call.status, theme)} />
    </Box>
  );
}

function color(status: ToolCallView["status"], theme: ReturnType<typeof useTheme>): string | undefined {
  return status === "error" ? theme.error : theme.dim;
}

function Output({ text, tone }: { text: string; tone?: string | undefined }) {
  if (text.trim() === "") return null;
  const { lines, hidden } = collapse(text, OUTPUT_LINES);
  return (
    <Box flexDirection="column">
      {lines.map((line, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: output lines are positional
        <Text key={i} color={tone} dimColor={tone === undefined} wrap="truncate-end">
          {line === "" ? " " : line}
        </Text>
      ))}
      {hidden > 0 ? <Text dimColor>… {hidden} more lines (ctrl+o to expand)</Text> : null}
    </Box>
  );
}
