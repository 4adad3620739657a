/** A line of the `/context` panel: styled segments that together fit the panel's inner width. */
import type { ContextCategory } from "@picasso/engine/context";

export interface PanelSegment {
  text: string;
  bold?: boolean;
  dim?: boolean;
  /** Coloured like this category (when colours are on). */
  category?: ContextCategory;
}

export type PanelLine = PanelSegment[];
