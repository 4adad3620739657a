/**
 * Syntax highlighting of fenced code with highlight.js, loaded lazily.
 *
 * highlight.js (its `common` build: ~40 languages) costs tens of milliseconds to load, so it is
 * never imported at start-up: the first code block asks for it (`loadHighlighter`), renders plain
 * until it is there, then re-renders coloured. Colouring never changes the layout (same text,
 * same lines), so the swap does not move anything on screen. A language highlight.js does not
 * know (or none) stays plain; there is no auto-detection (slow and often wrong).
 *
 * highlight.js returns HTML (`<span class="hljs-keyword">`); it is read back into tokens, each
 * with the role of its innermost known class (`CodeRole`), split into lines.
 */

export type CodeRole = "keyword" | "string" | "number" | "comment" | "title" | "type" | "meta";

export interface CodeToken {
  text: string;
  role?: CodeRole;
}

/** Lines of tokens for `code` in `language`, or undefined when the language is unknown. */
export type Highlighter = (code: string, language: string) => CodeToken[][] | undefined;

const ROLES: Record<string, CodeRole> = {
  keyword: "keyword",
  "selector-tag": "keyword",
  literal: "number",
  number: "number",
  symbol: "number",
  bullet: "number",
  string: "string",
  regexp: "string",
  char: "string",
  "template-tag": "string",
  addition: "string",
  comment: "comment",
  quote: "comment",
  doctag: "comment",
  deletion: "comment",
  title: "title",
  section: "title",
  "selector-id": "title",
  type: "type",
  built_in: "type",
  "selector-class": "type",
  attr: "type",
  attribute: "type",
  meta: "meta",
  "template-variable": "meta",
};

const ENTITIES: Record<string, string> = {
  "&lt;": "<",
  "&gt;": ">",
  "&amp;": "&",
  "&quot;": '"',
  "&#x27;": "'",
};
const decodeEntities = (html: string) => html.replace(/&(?:lt|gt|amp|quot|#x27);/g, (e) => ENTITIES[e] ?? e);

function roleOf(classes: string): CodeRole | undefined {
  for (const name of classes.split(" ")) {
    const role = ROLES[name.replace(/^hljs-/, "")];
    if (role) return role;
  }
  return undefined;
}

/** highlight.js HTML → lines of tokens. */
export function tokensFromHtml(html: string): CodeToken[][] {
  const lines: CodeToken[][] = [[]];
  const stack: (CodeRole | undefined)[] = [];
  for (const m of html.matchAll(/<span class="([^"]*)">|<\/span>|[^<]+/g)) {
    if (m[1] !== undefined) stack.push(roleOf(m[1]) ?? stack[stack.length - 1]);
    else if (m[0] === "</span>") stack.pop();
    else {
      const role = stack[stack.length - 1];
      decodeEntities(m[0])
        .split("\n")
        .forEach((text, i) => {
          if (i > 0) lines.push([]);
          if (text !== "") lines[lines.length - 1]!.push(role ? { text, role } : { text });
        });
    }
  }
  return lines;
}

let ready: Highlighter | undefined;
let loading: Promise<Highlighter> | undefined;

/** The highlighter if it has loaded already. */
export function loadedHighlighter(): Highlighter | undefined {
  return ready;
}

/** Loads highlight.js once; later calls get the same promise. */
export function loadHighlighter(): Promise<Highlighter> {
  loading ??= import("highlight.js/lib/common").then(({ default: hljs }) => {
    ready = (code, language) => {
      if (!language || !hljs.getLanguage(language)) return undefined;
      return tokensFromHtml(hljs.highlight(code, { language, ignoreIllegals: true }).value);
    };
    return ready;
  });
  return loading;
}
