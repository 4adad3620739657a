/**
 * Inline spans of terminal text: the styled pieces a reply's Markdown is made of
 * (markdown-blocks.ts reads them with `marked`), and the `` `code` `` spans of a line of UI text
 * (help, notices), where everything else is plain.
 */

export type Inline = {
  /** `url`: the address shown after a link's text, when it differs from the text. */
  kind: "text" | "bold" | "italic" | "strike" | "code" | "link" | "url";
  text: string;
  /** The target of a `link` span (for a terminal hyperlink). */
  url?: string;
};

/** Only the `` `code` `` spans of a line of UI text (help, notices); everything else is plain. */
export function parseCodeSpans(text: string): Inline[] {
  const spans: Inline[] = [];
  let last = 0;
  for (const m of text.matchAll(/`([^`\n]+)`/g)) {
    const at = m.index ?? 0;
    if (at > last) spans.push({ kind: "text", text: text.slice(last, at) });
    spans.push({ kind: "code", text: m[1]! });
    last = at + m[0].length;
  }
  if (last < text.length) spans.push({ kind: "text", text: text.slice(last) });
  return spans;
}
