/**
 * HTML to markdown for `web_fetch`, with turndown: headings as `#`, fenced code, links kept;
 * scripts, styles, navigation, forms and embedded frames/graphics removed. The page title, when
 * there is one, is the first line.
 */
import type TurndownService from "turndown";

const DROPPED = [
  "script",
  "style",
  "noscript",
  "iframe",
  "svg",
  "canvas",
  "template",
  "nav",
  "form",
  "button",
] as const;

let service: TurndownService | undefined;

/** Loaded on the first HTML page, so sessions that never fetch one do not pay for it. */
async function turndown(): Promise<TurndownService> {
  if (!service) {
    const { default: Turndown } = await import("turndown");
    service = new Turndown({ headingStyle: "atx", codeBlockStyle: "fenced", bulletListMarker: "-" });
    service.remove([...DROPPED, "head", "title", "meta", "link"]);
  }
  return service;
}

function titleOf(html: string): string | undefined {
  const match = /<title[^>]*>([\s\S]*?)<\/title>/i.exec(html);
  const title = match?.[1]
    ?.replace(/\s+/g, " ")
    .replace(/&amp;/g, "&")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .trim();
  return title || undefined;
}

export async function htmlToMarkdown(html: string): Promise<string> {
  const title = titleOf(html);
  const body = (await turndown())
    .turndown(html)
    .replace(/\n{3,}/g, "\n\n")
    .trim();
  return title && !body.startsWith(`# ${title}`) ? `# ${title}\n\n${body}` : body;
}
