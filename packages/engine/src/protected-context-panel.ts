/**
 * The protected context's `/context` panel: one row per section the next compaction of the main
 * lane keeps — its label, its source and its bytes (UTF-8, its lines joined by newlines) — and a
 * total row with the bytes of the whole block. Built from sections alone, so a live session
 * (`Session.panels()`) and `picasso context` (what a new session would protect) show it the same way.
 */
import { type ContextPanel, type ProtectedSection, protectedContextText } from "@picasso/protocol";

export const PROTECTED_CONTEXT_PANEL = "protected-context";

export function protectedContextPanel(sections: readonly ProtectedSection[]): ContextPanel {
  const block = protectedContextText(sections);
  return {
    id: PROTECTED_CONTEXT_PANEL,
    title: "Protected context (kept across compaction)",
    rows: block
      ? [
          ...sections.map((section) => ({
            label: section.label,
            value: `${section.source} · ${Buffer.byteLength(section.lines.join("\n"))} B`,
          })),
          { label: "block", value: `${Buffer.byteLength(block)} B after each summary`, tone: "dim" as const },
        ]
      : [],
    empty: "nothing is protected",
  };
}
