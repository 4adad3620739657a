/**
 * The prompt. Enter sends; Alt+Enter, Ctrl+J or a trailing `\` before Enter adds a line;
 * ↑/↓ walk lines, then history; Tab completes `/commands` and `@paths` from the list shown
 * under the prompt (↑/↓ move in the list while it is open, Esc closes it); Ctrl+U clears,
 * Ctrl+W deletes a word; Ctrl+D on an empty prompt exits. The editor state lives here, so a
 * keystroke re-renders only this box, never the history above it. Only the last
 * `VISIBLE_LINES` lines (and `VISIBLE_CHARS` characters around the cursor) of a long, e.g.
 * pasted, text are drawn; the whole text is sent.
 */
import { Box, Text } from "ink";
import { memo, useMemo, useRef, useState } from "react";
import type { SlashCommand } from "../commands/slash-command.js";
import { suggestionsFor } from "../input/completion.js";
import {
  backspace,
  deleteForward,
  deleteWordBack,
  down,
  type InputState,
  insertText,
  moveCursor,
  replaceWord,
  setText,
  submit,
  up,
  withHistory,
} from "../input/input-state.js";
import type { KeyPress } from "../keys/key-decoder.js";
import { useKeys } from "../keys/use-keys.js";
import { useLatestState } from "../keys/use-latest-state.js";
import { parseCodeSpans } from "../markdown/inline-spans.js";
import { CodeText } from "./CodeText.js";
import { useTheme } from "./theme.js";

const VISIBLE_LINES = 8;
const VISIBLE_CHARS = 2000;

export interface InputBoxProps {
  commands: readonly SlashCommand[];
  files: () => readonly string[];
  onSubmit: (text: string) => void;
  onExit: () => void;
  history?: readonly string[];
  active?: boolean;
  hint?: string;
}

/** Memoised: the streaming reply re-renders the screen many times a second; the prompt need not. */
export const InputBox = memo(function InputBox({
  commands,
  files,
  onSubmit,
  onExit,
  history = [],
  active = true,
  hint,
}: InputBoxProps) {
  const theme = useTheme();
  const [state, setState] = useState<InputState>(() => withHistory(history));
  const [selected, setSelected, selectedNow] = useLatestState(0);
  const [dismissed, setDismissed, dismissedNow] = useLatestState(false);
  const stateRef = useRef(state);
  stateRef.current = state;
  const suggestions = useMemo(
    () => (dismissed ? undefined : suggestionsFor(state, commands, files)),
    [state, commands, files, dismissed],
  );

  const update = (next: InputState) => {
    stateRef.current = next;
    setState(next);
    setSelected(0);
    setDismissed(false);
  };
  const send = (s: InputState) => {
    const result = submit(s);
    update(result.state);
    if (result.value !== undefined) onSubmit(result.value);
  };

  useKeys((key: KeyPress) => {
    const s = stateRef.current;
    const selected = selectedNow.current;
    if (key.kind === "text") {
      const next = insertText(s, key.text);
      if (key.submit) send(next);
      else update(next);
      return;
    }
    if (key.kind !== "key") return;
    const suggestions = dismissedNow.current ? undefined : suggestionsFor(s, commands, files);
    const open = suggestions && suggestions.items.length > 0;
    switch (key.name) {
      case "submit": {
        if (open && suggestions.kind === "slash" && suggestions.items[selected] !== s.text.trimEnd()) {
          const chosen = suggestions.items[selected]!;
          send(setText(s, chosen));
          return;
        }
        if (s.text.slice(0, s.cursor).endsWith("\\")) {
          update(insertText(backspace(s), "\n"));
          return;
        }
        send(s);
        return;
      }
      case "newline":
        update(insertText(s, "\n"));
        return;
      case "tab":
        if (open) {
          const chosen = suggestions.items[selected]!;
          const next = suggestions.kind === "slash" ? setText(s, chosen) : replaceWord(s, chosen);
          update(chosen.endsWith("/") ? next : insertText(next, " "));
        }
        return;
      case "up":
        if (open) setSelected((i) => (i + suggestions.items.length - 1) % suggestions.items.length);
        else update(up(s));
        return;
      case "down":
        if (open) setSelected((i) => (i + 1) % suggestions.items.length);
        else update(down(s));
        return;
      case "escape":
        if (open) setDismissed(true);
        return;
      case "backspace":
        update(backspace(s));
        return;
      case "delete":
        update(deleteForward(s));
        return;
      case "left":
      case "right":
      case "home":
      case "end":
        update(moveCursor(s, key.name));
        return;
      case "ctrl-a":
        update(moveCursor(s, "home"));
        return;
      case "ctrl-e":
        update(moveCursor(s, "end"));
        return;
      case "ctrl-u":
      case "ctrl-c":
        if (s.text !== "") update({ ...s, text: "", cursor: 0, browsing: undefined });
        return;
      case "ctrl-w":
        update(deleteWordBack(s));
        return;
      case "ctrl-d":
        if (s.text === "") onExit();
        else update(deleteForward(s));
        return;
      default:
        return;
    }
  }, active);

  const before = state.text.slice(0, state.cursor);
  const at = state.text.slice(state.cursor, state.cursor + 1);
  const after = state.text.slice(state.cursor + 1);
  const shown = visibleText(before, at === "\n" ? " \n" : at || " ", after);
  return (
    <Box flexDirection="column">
      <Box borderStyle="round" borderColor={theme.dim} paddingX={1} flexDirection="column">
        {shown.hiddenLines > 0 ? <Text dimColor>… {shown.hiddenLines} lines above</Text> : null}
        <Text>
          <Text color={theme.accent}>› </Text>
          {state.text === "" && hint ? (
            <>
              <Text inverse> </Text>
              <Text dimColor>{hint}</Text>
            </>
          ) : (
            <>
              {shown.before}
              <Text inverse>{shown.at}</Text>
              {shown.after}
            </>
          )}
        </Text>
      </Box>
      {suggestions ? (
        <Box flexDirection="column" paddingLeft={2}>
          {suggestions.items.map((item, i) => (
            <Text key={item} color={i === selected ? theme.accent : undefined} bold={i === selected}>
              {i === selected ? "›" : " "} {item}
              {suggestions.kind === "slash" ? <SlashDescription item={item} commands={commands} /> : null}
            </Text>
          ))}
        </Box>
      ) : null}
    </Box>
  );
});

function SlashDescription({ item, commands }: { item: string; commands: readonly SlashCommand[] }) {
  const name = item.slice(1).split(" ")[0];
  const command = commands.find((c) => c.name === name);
  if (!command || item.includes(" ")) return null;
  return (
    <Text dimColor>
      {" "}
      <CodeText spans={parseCodeSpans(command.description)} />
    </Text>
  );
}

/**
 * Keep the last VISIBLE_LINES lines around the cursor's end of a long text, and at most
 * VISIBLE_CHARS characters on either side of the cursor (a pasted single-line blob).
 */
function visibleText(before: string, at: string, after: string) {
  const lines = linesKept(before, at, after);
  const keptBefore =
    lines.before.length > VISIBLE_CHARS ? `…${lines.before.slice(-VISIBLE_CHARS)}` : lines.before;
  const keptAfter = after.length > VISIBLE_CHARS ? `${after.slice(0, VISIBLE_CHARS)}…` : after;
  return { ...lines, before: keptBefore, after: keptAfter };
}

function linesKept(before: string, at: string, after: string) {
  const full = before + at + after;
  const lines = full.split("\n").length;
  if (lines <= VISIBLE_LINES) return { before, at, after, hiddenLines: 0 };
  // Cut whole lines from the start of `before`; the cursor line and the lines after it stay.
  let cut = 0;
  let dropped = 0;
  const toDrop = lines - VISIBLE_LINES;
  while (dropped < toDrop) {
    const next = before.indexOf("\n", cut);
    if (next === -1) break;
    cut = next + 1;
    dropped++;
  }
  return { before: before.slice(cut), at, after, hiddenLines: dropped };
}
