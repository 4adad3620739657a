/**
 * A small Markdown reader for replies in the terminal: blocks (ATX headings, bullet and numbered
 * list items with their indent, fenced code with its language, blank lines, paragraphs) and
 * inline spans (`**bold**`, `__bold__`, `*italic*`, `` `code` ``). An unclosed fence — a reply
 * still streaming — is a code block to the end, so partial text renders without jumping.
 * Anything it does not know stays plain text.
 */

export type Inline = { kind: "text" | "bold" | "italic" | "code"; text: string };

export type MarkdownBlock =
  | { kind: "heading"; level: number; spans: Inline[] }
  | { kind: "list-item"; marker: string; indent: number; spans: Inline[] }
  | { kind: "code"; language: string; lines: string[] }
  | { kind: "paragraph"; spans: Inline[] }
  | { kind: "blank" };

export function parseMarkdown(source: string): MarkdownBlock[] {
  const blocks: MarkdownBlock[] = [];
  const lines = source.split("\n");
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] ?? "";
    const fence = /^\s*(```|~~~)\s*([\w+#.-]*)/.exec(line);
    if (fence) {
      const close = fence[1]!;
      const code: string[] = [];
      i++;
      while (i < lines.length && !(lines[i] ?? "").trimStart().startsWith(close)) code.push(lines[i++] ?? "");
      blocks.push({ kind: "code", language: fence[2] ?? "", lines: code });
      continue;
    }
    const heading = /^(#{1,6})\s+(.*)$/.exec(line);
    if (heading) {
      blocks.push({ kind: "heading", level: heading[1]!.length, spans: parseInline(heading[2] ?? "") });
      continue;
    }
    const item = /^(\s*)([-*+]|\d+[.)])\s+(.*)$/.exec(line);
    if (item) {
      const marker = /\d/.test(item[2]!) ? item[2]! : "•";
      blocks.push({ kind: "list-item", marker, indent: item[1]!.length, spans: parseInline(item[3] ?? "") });
      continue;
    }
    if (line.trim() === "") {
      if (blocks.length > 0 && blocks[blocks.length - 1]?.kind !== "blank") blocks.push({ kind: "blank" });
      continue;
    }
    blocks.push({ kind: "paragraph", spans: parseInline(line) });
  }
  while (blocks[blocks.length - 1]?.kind === "blank") blocks.pop();
  return blocks;
}

const INLINE = /(`+)([^`]+?)\1|\*\*([^*]+?)\*\*|__([^_]+?)__|\*([^*\s][^*]*?)\*/g;

export function parseInline(text: string): Inline[] {
  const spans: Inline[] = [];
  let last = 0;
  for (const m of text.matchAll(INLINE)) {
    const at = m.index ?? 0;
    if (at > last) spans.push({ kind: "text", text: text.slice(last, at) });
    if (m[2] !== undefined) spans.push({ kind: "code", text: m[2] });
    else if (m[3] !== undefined || m[4] !== undefined) spans.push({ kind: "bold", text: (m[3] ?? m[4])! });
    else spans.push({ kind: "italic", text: m[5]! });
    last = at + m[0].length;
  }
  if (last < text.length) spans.push({ kind: "text", text: text.slice(last) });
  return spans;
}

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
