/**
 * A reply's Markdown as blocks for the terminal, read by `marked`'s GFM lexer (CommonMark plus
 * tables, strikethrough, task lists, autolinks).
 *
 * Rules: headings, paragraphs, fenced or indented code (with its language), block quotes and
 * lists (nested, ordered from their start number, task items as `[ ]`/`[x]`) keep their
 * structure; a table keeps its column alignment; a blank line between blocks is one `blank`.
 * Inline styles flatten to one per span, outermost first (bold, italic, strike, code); a link
 * carries its URL, and is followed by a `url` span ` (https://…)` unless its text is the URL. Raw HTML stays as its text. An unclosed fence (a reply still streaming) is code
 * to the end, as CommonMark says; trailing lines that start with `|` after a paragraph break are a
 * table still streaming (no delimiter row yet) and are shown as one, so the table does not jump
 * in when its delimiter row arrives.
 * Until marked has loaded (markdown-reader.ts) the text is read plainly: paragraphs of plain text,
 * split at blank lines, and nothing of a streaming reply is settled.
 */
import type { Token, Tokens } from "marked";
import type { Inline } from "./inline-spans.js";
import { markdownLexer } from "./markdown-reader.js";

export type Align = "left" | "right" | "center" | null;

export type MarkdownBlock =
  | { kind: "heading"; level: number; spans: Inline[] }
  | { kind: "paragraph"; spans: Inline[] }
  | { kind: "code"; language: string; lines: string[] }
  | { kind: "list"; items: { marker: string; blocks: MarkdownBlock[] }[] }
  | { kind: "quote"; blocks: MarkdownBlock[] }
  | { kind: "table"; align: Align[]; header: Inline[][]; rows: Inline[][][] }
  | { kind: "rule" }
  | { kind: "blank" };

/** A top-level block and the source text it came from (for memoised rendering). */
export interface SourcedBlock {
  raw: string;
  block: MarkdownBlock;
}

type Style = Inline["kind"];

function inlineSpans(tokens: readonly Token[] | undefined, style: Style = "text", url?: string): Inline[] {
  const spans: Inline[] = [];
  const add = (span: Inline) => {
    if (span.text === "") return;
    const last = spans[spans.length - 1];
    if (last && last.kind === span.kind && last.url === span.url) last.text += span.text;
    else spans.push({ ...span });
  };
  const push = (kind: Style, text: string) => add(url === undefined ? { kind, text } : { kind, text, url });
  for (const token of tokens ?? []) {
    const nested = (kind: Style) => {
      const inner = "tokens" in token ? token.tokens : undefined;
      for (const span of inlineSpans(inner ?? [], style === "text" ? kind : style, url)) add(span);
    };
    switch (token.type) {
      case "strong":
        nested("bold");
        break;
      case "em":
        nested("italic");
        break;
      case "del":
        nested("strike");
        break;
      case "codespan":
        push(style === "text" ? "code" : style, token.text);
        break;
      case "link": {
        const link = token as Tokens.Link;
        for (const span of inlineSpans(link.tokens, "link", link.href)) add(span);
        if (link.href !== link.text && link.href !== `mailto:${link.text}`)
          add({ kind: "url", text: ` (${link.href})` });
        break;
      }
      case "image":
        push(style, `[${token.text || "image"}]`);
        break;
      case "br":
        push(style, " ");
        break;
      case "text":
        if ("tokens" in token && token.tokens) nested(style);
        else push(style, token.text);
        break;
      default:
        push(style, "text" in token && typeof token.text === "string" ? token.text : token.raw);
    }
  }
  return spans;
}

/** Spans of an inline Markdown string (a table cell, a heading), for tests and small labels. */
export function parseInline(text: string): Inline[] {
  const lexer = markdownLexer();
  return lexer ? inlineSpans(lexer.lexInline(text)) : text === "" ? [] : [{ kind: "text", text }];
}

function listBlock(list: Tokens.List): MarkdownBlock {
  const start = typeof list.start === "number" ? list.start : 1;
  const items = list.items.map((item, i) => {
    const bullet = list.ordered ? `${start + i}.` : "•";
    const marker = item.task ? `${bullet} [${item.checked ? "x" : " "}]` : bullet;
    const inner = item.tokens.filter((t) => t.type !== "checkbox");
    return { marker, blocks: toBlocks(inner, item.loose) };
  });
  return { kind: "list", items };
}

function toBlocks(tokens: readonly Token[], loose = true): MarkdownBlock[] {
  const blocks: MarkdownBlock[] = [];
  for (const token of tokens) {
    const block = toBlock(token, loose);
    if (!block) continue;
    if (block.kind === "blank" && (blocks.length === 0 || blocks[blocks.length - 1]?.kind === "blank"))
      continue;
    blocks.push(block);
  }
  while (blocks[blocks.length - 1]?.kind === "blank") blocks.pop();
  return blocks;
}

function toBlock(token: Token, loose: boolean): MarkdownBlock | undefined {
  switch (token.type) {
    case "space":
      return loose ? { kind: "blank" } : undefined;
    case "heading":
      return { kind: "heading", level: token.depth, spans: inlineSpans(token.tokens) };
    case "paragraph":
      return { kind: "paragraph", spans: inlineSpans(token.tokens) };
    case "text":
      return {
        kind: "paragraph",
        spans: token.tokens ? inlineSpans(token.tokens) : [{ kind: "text", text: token.text }],
      };
    case "code":
      return {
        kind: "code",
        language: (token.lang ?? "").split(/\s/)[0] ?? "",
        lines: token.text.split("\n"),
      };
    case "blockquote":
      return { kind: "quote", blocks: toBlocks(token.tokens ?? []) };
    case "list":
      return listBlock(token as Tokens.List);
    case "table": {
      const table = token as Tokens.Table;
      return {
        kind: "table",
        align: table.align,
        header: table.header.map((cell) => inlineSpans(cell.tokens)),
        rows: table.rows.map((row) => row.map((cell) => inlineSpans(cell.tokens))),
      };
    }
    case "hr":
      return { kind: "rule" };
    case "html":
      return { kind: "paragraph", spans: [{ kind: "text", text: token.text.trim() }] };
    case "def":
      return undefined;
    default:
      return "text" in token && typeof token.text === "string"
        ? { kind: "paragraph", spans: [{ kind: "text", text: token.text }] }
        : undefined;
  }
}

/** Cells of a `| a | b |` row, for a table whose delimiter row has not arrived yet. */
function pendingRow(line: string): Inline[][] {
  const body = line.trim().replace(/^\|/, "").replace(/\|$/, "");
  return body.split("|").map((cell) => parseInline(cell.trim()));
}

/** A final paragraph made only of `|` lines is a table still streaming: show it as one. */
function pendingTable(raw: string): MarkdownBlock | undefined {
  const lines = raw.replace(/\n+$/, "").split("\n");
  if (lines.length === 0 || !lines.every((l) => l.trimStart().startsWith("|"))) return undefined;
  const [head, ...rest] = lines.map(pendingRow);
  const width = head!.length;
  return {
    kind: "table",
    align: head!.map(() => null),
    header: head!,
    rows: rest.map((r) => r.slice(0, width)),
  };
}

export function parseMarkdown(source: string): SourcedBlock[] {
  const lexer = markdownLexer();
  if (!lexer) return plainBlocks(source);
  const tokens = lexer.lex(source, { gfm: true });
  const out: SourcedBlock[] = [];
  tokens.forEach((token, i) => {
    const last = i === tokens.length - 1;
    const block =
      (last && token.type === "paragraph" ? pendingTable(token.raw) : undefined) ?? toBlock(token, true);
    if (!block) return;
    if (block.kind === "blank" && (out.length === 0 || out[out.length - 1]?.block.kind === "blank")) return;
    out.push({ raw: token.raw, block });
  });
  while (out[out.length - 1]?.block.kind === "blank") out.pop();
  return out;
}

/**
 * A streaming reply cut where appending text can no longer change what is before the cut: after
 * the last top-level block but one (and the blank lines after it). The last block may still grow
 * (a paragraph, a list, a table, an open fence), so it stays in `rest`; `settled` is "" until a
 * second block has started. Reference-style link definitions arriving later are not applied to
 * settled text (replies rarely use them).
 */
export function splitSettled(text: string): { settled: string; rest: string } {
  const lexer = markdownLexer();
  if (!lexer) return { settled: "", rest: text };
  const tokens = lexer.lex(text, { gfm: true });
  let last = tokens.length - 1;
  while (last >= 0 && tokens[last]!.type === "space") last--;
  if (last < 1) return { settled: "", rest: text };
  const at = tokens.slice(0, last).reduce((n, token) => n + token.raw.length, 0);
  // The lexer's raw texts add up to the source; if they ever do not, nothing is settled.
  if (
    text.slice(at) !==
    tokens
      .slice(last)
      .map((t) => t.raw)
      .join("")
  )
    return { settled: "", rest: text };
  return { settled: text.slice(0, at), rest: text.slice(at) };
}

/** The text before marked has loaded: a paragraph of plain text per run of non-blank lines. */
function plainBlocks(source: string): SourcedBlock[] {
  const out: SourcedBlock[] = [];
  for (const raw of source.split(/\n[ \t]*\n/)) {
    const text = raw.replace(/^\n+|\n+$/g, "");
    if (text.trim() === "") continue;
    if (out.length > 0) out.push({ raw: "\n", block: { kind: "blank" } });
    out.push({ raw, block: { kind: "paragraph", spans: [{ kind: "text", text }] } });
  }
  return out;
}
