/**
 * A fenced code block: a left rule, the language label, the lines — coloured by role once
 * highlight.js has loaded (highlight-code.ts). With no syntax colours (NO_COLOR) highlight.js is
 * never loaded. Highlighting is memoised per block, so a streaming reply does not highlight the
 * same finished code again on every frame.
 */
import { Text } from "ink";
import { useEffect, useMemo, useState } from "react";
import {
  type CodeToken,
  type Highlighter,
  loadedHighlighter,
  loadHighlighter,
} from "../markdown/highlight-code.js";
import { LeftRuled } from "./LeftRuled.js";
import { useTheme } from "./theme.js";

function useHighlighter(wanted: boolean): Highlighter | undefined {
  const [highlighter, setHighlighter] = useState<Highlighter | undefined>(loadedHighlighter);
  useEffect(() => {
    if (!wanted || highlighter) return;
    let live = true;
    loadHighlighter().then(
      (loaded) => live && setHighlighter(() => loaded),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [wanted, highlighter]);
  return highlighter;
}

export function CodeBlock({ language, lines }: { language: string; lines: string[] }) {
  const theme = useTheme();
  const highlighter = useHighlighter(theme.syntax !== undefined && language !== "");
  const code = lines.join("\n");
  const tokens = useMemo<CodeToken[][]>(
    () => (theme.syntax && highlighter?.(code, language)) || code.split("\n").map((text) => [{ text }]),
    [code, language, highlighter, theme.syntax],
  );
  return (
    <LeftRuled>
      <Text dimColor>{language || "code"}</Text>
      {tokens.map((line, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: code lines are positional
        <Text key={i} color={theme.syntax ? undefined : theme.code}>
          {line.length === 0 || line.every((t) => t.text === "")
            ? " "
            : line.map((token, j) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: tokens are positional
                <Text key={j} color={token.role ? theme.syntax?.[token.role] : undefined}>
                  {token.text}
                </Text>
              ))}
        </Text>
      ))}
    </LeftRuled>
  );
}
