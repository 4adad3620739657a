/**
 * The protected context: what a session keeps across every compaction, re-appended after the
 * summary as one sourced block (docs/lean-context.md "Protected context"). Each `ProtectedSection`
 * is declared by its owner — the session facts by the extensions that write them, the open todo
 * list and the goal by the tools extension (`PicassoExtension.protect`), the mode by the engine,
 * the user's pins by the user — and this module owns the block's bytes:
 *
 *   <protected-context>
 *   Kept across compaction: what this session protects, as it stands now.
 *   <section source="tools" label="Open todo list">
 *   - [in_progress] Write the parser
 *   </section>
 *   …
 *   </protected-context>
 *
 * Sections appear in the order given; a section without lines is left out; no sections, no block.
 * Attribute values are escaped (`&`, `"`, `<`), and a line that would close a section or the
 * block early has its `</` written `<\/`. The text is a pure function of the sections: identical
 * state gives identical bytes. `parseProtectedContext` reads a block back (lean context's
 * stale-todos finds the todo list in it after a compaction); `todoSection`/`protectedTodos` are
 * the one format of the todo list in it.
 */
import type { Message } from "./content.js";
import type { TodoItem } from "./session-events.js";

export interface ProtectedSection {
  /** Who declared it: an extension's name, `engine`, `user`. */
  source: string;
  /** What it is, in a few words (`Open todo list`). */
  label: string;
  lines: readonly string[];
}

const OPEN = "<protected-context>";
const CLOSE = "</protected-context>";
const PREAMBLE = "Kept across compaction: what this session protects, as it stands now.";

function attr(value: string): string {
  return value.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;");
}

function unattr(value: string): string {
  return value
    .replace(/&lt;/g, "<")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, "&");
}

function safeLine(line: string): string {
  return line.replace(/<\/(section|protected-context)>/g, "<\\/$1>");
}

/** The block's text, or undefined when no section has a line. */
export function protectedContextText(sections: readonly ProtectedSection[]): string | undefined {
  const kept = sections.filter((s) => s.lines.length > 0);
  if (kept.length === 0) return undefined;
  return [
    OPEN,
    PREAMBLE,
    ...kept.flatMap((s) => [
      `<section source="${attr(s.source)}" label="${attr(s.label)}">`,
      ...s.lines.map(safeLine),
      "</section>",
    ]),
    CLOSE,
  ].join("\n");
}

const SECTION = /^<section source="([^"]*)" label="([^"]*)">$/;

/** The sections of a block's text, or undefined when `text` is not a protected-context block. */
export function parseProtectedContext(text: string): ProtectedSection[] | undefined {
  const lines = text.split("\n");
  if (lines[0] !== OPEN || lines.at(-1) !== CLOSE) return undefined;
  const sections: ProtectedSection[] = [];
  let open: { source: string; label: string; lines: string[] } | undefined;
  for (const line of lines.slice(1, -1)) {
    const head = SECTION.exec(line);
    if (!open && head) open = { source: unattr(head[1]!), label: unattr(head[2]!), lines: [] };
    else if (open && line === "</section>") {
      sections.push(open);
      open = undefined;
    } else if (open) open.lines.push(line.replace(/<\\\/(section|protected-context)>/g, "</$1>"));
  }
  return sections;
}

/** The protected block a message carries (a compaction summary's second text block), if any. */
export function protectedContextIn(message: Message): ProtectedSection[] | undefined {
  if (message.role !== "user") return undefined;
  for (const block of message.content)
    if (block.type === "text" && block.text.startsWith(OPEN)) return parseProtectedContext(block.text);
  return undefined;
}

export const PROTECTED_TODOS_LABEL = "Open todo list";
const TODO_LINE = /^- \[(pending|in_progress|done)\] (.*)$/;

/** The todo list as a protected section (every item, in order), when it has an open item. */
export function todoSection(source: string, items: readonly TodoItem[]): ProtectedSection | undefined {
  if (!items.some((item) => item.status !== "done")) return undefined;
  return {
    source,
    label: PROTECTED_TODOS_LABEL,
    lines: items.map((item) => `- [${item.status}] ${item.content.replace(/\s*\n\s*/g, " ")}`),
  };
}

/** The todo list a protected block holds, or undefined when it holds none. */
export function protectedTodos(sections: readonly ProtectedSection[]): TodoItem[] | undefined {
  const section = sections.find((s) => s.label === PROTECTED_TODOS_LABEL);
  if (!section) return undefined;
  return section.lines.flatMap((line) => {
    const match = TODO_LINE.exec(line);
    return match ? [{ status: match[1] as TodoItem["status"], content: match[2]! }] : [];
  });
}
