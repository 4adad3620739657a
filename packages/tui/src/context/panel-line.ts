/** A line of the `/context` panel: styled segments that together fit the panel's inner width. */
import type { ContextCategory } from "@picasso/engine/context";
import { wrapSpans } from "../markdown/wrap-spans.js";

export interface PanelSegment {
  text: string;
  bold?: boolean;
  dim?: boolean;
  inverse?: boolean;
  /** Coloured like this category (when colours are on). */
  category?: ContextCategory;
  /** An Ink colour name (when colours are on); wins over `category`. */
  color?: string;
}

export type PanelLine = PanelSegment[];

/** `text` wrapped to `width` at `indent`; continuation lines two columns further in. */
export function wrapped(
  text: string,
  width: number,
  indent: number,
  style: Omit<PanelSegment, "text"> = {},
): PanelLine[] {
  const first = " ".repeat(indent);
  const rest = " ".repeat(indent + 2);
  return wrapSpans([{ kind: "text", text }], Math.max(10, width - indent - 2)).map(
    (spans, i): PanelLine => [
      { text: (i === 0 ? first : rest) + spans.map((s) => s.text).join(""), ...style },
    ],
  );
}
