/**
 * `web_fetch`: GET one web page and return it as text the model can read.
 *
 * Rules: http(s) only; redirects followed (at most 5) and the final address reported; the SSRF
 * guard (address-guard.ts) refuses loopback and private-network addresses unless the settings
 * allow them; the body is cut at `maxBytes` (default 5 MiB) and the exchange at `timeoutMs`
 * (default 30 s). HTML becomes markdown (html-markdown.ts); text, JSON, XML, JavaScript and YAML
 * pass through; anything else is binary and refused with a note (type and size). A non-2xx
 * status is an error result that still shows the start of the page.
 */
import type { ToolContext, ToolOutput } from "@picasso/protocol";
import { defineTool, toolError } from "../define-tool.js";
import { requiredString } from "../tool-input.js";
import { htmlToMarkdown } from "./html-markdown.js";
import { FetchRefusal, type GetResult, guardedGet, parseWebUrl } from "./http-get.js";

export interface WebSettings {
  /** Let web_fetch reach loopback and private-network addresses (`web.allowPrivateNetwork`). */
  allowPrivateNetwork: boolean;
  /** A SearXNG-style search endpoint (`web.searchUrl`); empty when not configured. */
  searchUrl: string;
  maxBytes?: number;
  timeoutMs?: number;
}

export const WEB_FETCH_MAX_BYTES = 5 * 1024 * 1024;
export const WEB_FETCH_TIMEOUT_MS = 30_000;
const ERROR_BODY_CHARS = 2000;

const TEXTUAL =
  /^(text\/|application\/(json|ld\+json|xml|javascript|x-javascript|yaml|x-yaml|toml|x-ndjson)|[^;]*\+(json|xml)\b)/i;

function charsetOf(contentType: string): string {
  const label = /charset=["']?([\w-]+)/i.exec(contentType)?.[1] ?? "utf-8";
  try {
    new TextDecoder(label);
    return label;
  } catch {
    return "utf-8";
  }
}

function size(bytes: number): string {
  return bytes < 1024
    ? `${bytes} B`
    : bytes < 1048576
      ? `${(bytes / 1024).toFixed(1)} KB`
      : `${(bytes / 1048576).toFixed(1)} MB`;
}

function looksBinary(body: Buffer): boolean {
  return body.subarray(0, 8192).includes(0);
}

/** The page as text, or why it is not shown. */
async function render(res: GetResult): Promise<{ text: string } | { refused: string }> {
  const type = res.contentType.split(";")[0]?.trim().toLowerCase() ?? "";
  const isHtml = type === "text/html" || type === "application/xhtml+xml";
  const textual = isHtml || TEXTUAL.test(type) || (type === "" && !looksBinary(res.body));
  if (!textual || looksBinary(res.body))
    return {
      refused: `binary content (${type || "unknown type"}, ${size(res.body.length)}${res.truncated ? "+" : ""}) is not shown; web_fetch returns text and web pages only`,
    };
  const text = new TextDecoder(charsetOf(res.contentType)).decode(res.body);
  if (isHtml || (type === "" && /^\s*<(!doctype html|html)/i.test(text)))
    return { text: await htmlToMarkdown(text) };
  if (type.includes("json")) {
    try {
      return { text: JSON.stringify(JSON.parse(text), null, 2) };
    } catch {
      return { text };
    }
  }
  return { text };
}

export function createWebFetchTool(settings: WebSettings) {
  return defineTool({
    name: "web_fetch",
    description:
      "Read a web page or any http(s) URL: GET it and return HTML converted to markdown (text and JSON as they are), " +
      "following redirects and reporting the final address. Use it to read documentation, an article, release notes or an API answer. " +
      "Binary files are refused; loopback and private-network addresses too unless allowed in the settings.",
    properties: { url: { type: "string", description: "Full http:// or https:// address." } },
    required: ["url"],
    effect: "network",
    family: "web",
    what: "Gets one http(s) URL and returns it as markdown.",
    when: "You have an address (a docs page, an article, an API URL) and need its content; no address yet: web_search.",
    async run(input: Record<string, unknown>, ctx: ToolContext): Promise<ToolOutput> {
      let res: GetResult;
      try {
        res = await guardedGet(parseWebUrl(requiredString(input, "url")), {
          allowPrivate: settings.allowPrivateNetwork,
          maxBytes: settings.maxBytes ?? WEB_FETCH_MAX_BYTES,
          timeoutMs: settings.timeoutMs ?? WEB_FETCH_TIMEOUT_MS,
          signal: ctx.signal,
          accept: "text/html, text/markdown;q=0.9, text/plain;q=0.9, application/json;q=0.8, */*;q=0.5",
        });
      } catch (error) {
        if (error instanceof FetchRefusal) return toolError(`web_fetch refused or failed: ${error.message}.`);
        throw error;
      }
      const head = [`URL: ${res.finalUrl}`];
      if (res.redirects.length > 0)
        head.push(
          `Redirected from: ${res.redirects[0]} (${res.redirects.length} redirect${res.redirects.length === 1 ? "" : "s"})`,
        );
      head.push(`Status: ${res.status}`, `Content-Type: ${res.contentType || "(none)"}`);
      const shown = await render(res);
      if ("refused" in shown) return toolError(`${head.join("\n")}\n\n${shown.refused}.`);
      const ok = res.status >= 200 && res.status < 300;
      let body = ok ? shown.text : shown.text.slice(0, ERROR_BODY_CHARS);
      if (res.truncated)
        body += `\n\n[… the page was cut at ${size(settings.maxBytes ?? WEB_FETCH_MAX_BYTES)}]`;
      const text = `${head.join("\n")}\n\n${body}`;
      return ok
        ? {
            content: text,
            display: {
              kind: "text",
              text: `fetched ${res.finalUrl} (${res.status}, ${size(res.body.length)})`,
            },
          }
        : toolError(`The server answered ${res.status}.\n${text}`);
    },
  });
}
