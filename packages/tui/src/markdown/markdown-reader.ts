/**
 * marked's lexer, loaded when first needed rather than with the TUI: building its grammar is
 * ~15 ms of CPU, which would otherwise be spent before the session is ready. Something asks for
 * it (`loadMarkdownReader`) when it has Markdown to show — a reply streaming in, a resumed
 * history — and the TUI asks anyway a moment after the session is ready (run-tui.ts). Until it
 * has loaded, a reply is read as plain paragraphs (markdown-blocks.ts) and finished replies wait
 * before going to the scrollback (MessageList.tsx), so nothing is printed there unformatted.
 */
import type { Lexer } from "marked";

let lexer: typeof Lexer | undefined;
let loading: Promise<void> | undefined;

/** The lexer, once it has loaded. */
export function markdownLexer(): typeof Lexer | undefined {
  return lexer;
}

/** Loads marked once; later calls get the same promise. */
export function loadMarkdownReader(): Promise<void> {
  loading ??= import("marked").then((marked) => {
    lexer = marked.Lexer;
  });
  return loading;
}
