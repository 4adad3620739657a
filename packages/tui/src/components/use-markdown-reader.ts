/**
 * Whether marked has loaded (markdown-reader.ts), re-rendering the component when it does. With
 * `needed`, the component asks for it to load; without, it only waits (a list that holds no
 * Markdown yet must not pull the lexer onto the way to a ready session).
 */
import { useEffect, useState } from "react";
import { loadMarkdownReader, markdownLexer } from "../markdown/markdown-reader.js";

export function useMarkdownReader(needed: boolean): boolean {
  const [ready, setReady] = useState(() => markdownLexer() !== undefined);
  useEffect(() => {
    if (ready || !needed) return;
    let mounted = true;
    void loadMarkdownReader().then(() => {
      if (mounted) setReady(true);
    });
    return () => {
      mounted = false;
    };
  }, [ready, needed]);
  return ready || markdownLexer() !== undefined;
}
