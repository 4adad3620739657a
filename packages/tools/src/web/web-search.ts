/**
 * `web_search`: search the web through the search backend the user configured
 * (`web.searchUrl`), a SearXNG instance or anything that answers SearXNG's JSON API:
 * `GET <url>/search?q=<query>&format=json` → `{ results: [{ url, title, content }] }`.
 *
 * The backend is the user's own choice, so it may be on loopback or the private network. Not
 * configured → one line saying how to configure it. Results: at most `max_results` (default 8),
 * one numbered block each (title, address, snippet), plus the backend's direct answers if any.
 */
import type { ToolContext, ToolOutput } from "@picasso/protocol";
import { defineTool, toolError } from "../define-tool.js";
import { optionalInteger, requiredString } from "../tool-input.js";
import { FetchRefusal, guardedGet, parseWebUrl } from "./http-get.js";
import type { WebSettings } from "./web-fetch.js";

export const WEB_SEARCH_NOT_CONFIGURED =
  'web_search is not configured: set web.searchUrl to a SearXNG instance with JSON output enabled, e.g. add `- override: { settings: { web.searchUrl: "http://localhost:8888" } }` to .picasso/picasso.patch.yml (docs/tools.md).';

const SNIPPET_CHARS = 300;

function searchUrl(base: string, query: string): URL {
  const url = parseWebUrl(base);
  if (!url.pathname.replace(/\/+$/, "").endsWith("/search"))
    url.pathname = `${url.pathname.replace(/\/+$/, "")}/search`;
  url.searchParams.set("q", query);
  url.searchParams.set("format", "json");
  return url;
}

const oneLine = (s: unknown, max: number) => {
  const flat = typeof s === "string" ? s.replace(/\s+/g, " ").trim() : "";
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
};

export function createWebSearchTool(settings: WebSettings) {
  return defineTool({
    name: "web_search",
    description:
      "Search the internet for pages about a query (error messages, library docs, how others solved a problem) " +
      "and return titles, addresses and snippets; read a result with web_fetch. Uses the search backend configured in the settings.",
    properties: {
      query: { type: "string" },
      max_results: { type: "integer", minimum: 1, maximum: 20, description: "Default 8." },
    },
    required: ["query"],
    effect: "network",
    family: "web",
    what: "Searches the internet and returns titles, addresses and snippets.",
    when: "You need pages about a topic or an error message but have no address yet; then read one with web_fetch.",
    async run(input: Record<string, unknown>, ctx: ToolContext): Promise<ToolOutput> {
      const query = requiredString(input, "query");
      const limit = optionalInteger(input, "max_results", 1, 20) ?? 8;
      if (settings.searchUrl.trim() === "") return toolError(WEB_SEARCH_NOT_CONFIGURED);
      let body: string;
      try {
        const res = await guardedGet(searchUrl(settings.searchUrl, query), {
          allowPrivate: true,
          maxBytes: 2 * 1024 * 1024,
          timeoutMs: settings.timeoutMs ?? 20_000,
          signal: ctx.signal,
          accept: "application/json",
        });
        if (res.status < 200 || res.status >= 300)
          return toolError(
            `The search backend (web.searchUrl) answered ${res.status}; is JSON output (format=json) enabled there?`,
          );
        body = res.body.toString("utf8");
      } catch (error) {
        if (error instanceof FetchRefusal) return toolError(`web_search failed: ${error.message}.`);
        throw error;
      }
      let data: unknown;
      try {
        data = JSON.parse(body);
      } catch {
        return toolError(
          "The search backend (web.searchUrl) did not answer JSON; enable format=json in its settings.",
        );
      }
      const record = data !== null && typeof data === "object" ? (data as Record<string, unknown>) : {};
      const results = Array.isArray(record.results) ? record.results : [];
      const answers = Array.isArray(record.answers)
        ? record.answers
            .map((a) => oneLine(typeof a === "string" ? a : (a as { answer?: unknown })?.answer, 500))
            .filter(Boolean)
        : [];
      const lines: string[] = [];
      for (const answer of answers) lines.push(`Answer: ${answer}`);
      let n = 0;
      for (const raw of results) {
        if (n >= limit) break;
        const r = raw !== null && typeof raw === "object" ? (raw as Record<string, unknown>) : {};
        if (typeof r.url !== "string") continue;
        n++;
        lines.push(
          `${n}. ${oneLine(r.title, 200) || r.url}\n   ${r.url}${r.content ? `\n   ${oneLine(r.content, SNIPPET_CHARS)}` : ""}`,
        );
      }
      if (n === 0 && answers.length === 0) return { content: `No results for ${JSON.stringify(query)}.` };
      return {
        content: `Results for ${JSON.stringify(query)}:\n${lines.join("\n")}`,
        display: { kind: "text", text: `web search: ${query} (${n} results)` },
      };
    },
  });
}
