/**
 * Inline spans of UI text where only `code` is styled: in the theme's code colour, or inverse
 * when colours are off. Used inside a `<Text>` that sets the line's own colour.
 */
import { Text } from "ink";
import type { Inline } from "../markdown/inline-spans.js";
import { useTheme } from "./theme.js";

export function CodeText({ spans }: { spans: readonly Inline[] }) {
  const theme = useTheme();
  return (
    <>
      {spans.map((span, i) =>
        span.kind === "code" ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: spans are positional
          <Text key={i} color={theme.code} inverse={theme.code === undefined}>
            {span.text}
          </Text>
        ) : (
          span.text
        ),
      )}
    </>
  );
}
