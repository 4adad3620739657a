import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createTestContext, type TestContext } from "../test-context.js";
import { createWebSearchTool, WEB_SEARCH_NOT_CONFIGURED } from "./web-search.js";

// A fake SearXNG: /search?q=…&format=json answers its JSON shape; anything else is HTML.
const seen: URL[] = [];
let server: Server;
let base: string;
beforeAll(async () => {
  server = createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://x");
    seen.push(url);
    if (url.pathname !== "/search" || url.searchParams.get("format") !== "json") {
      res.writeHead(403, { "content-type": "text/html" });
      res.end("<p>format not allowed</p>");
      return;
    }
    const q = url.searchParams.get("q") ?? "";
    res.writeHead(200, { "content-type": "application/json" });
    res.end(
      JSON.stringify({
        query: q,
        answers: q.includes("undici") ? ["undici is Node's HTTP client."] : [],
        results: Array.from({ length: 12 }, (_, i) => ({
          url: `https://example.org/${i + 1}`,
          title: `Result ${i + 1} for ${q}`,
          content: `Snippet   ${i + 1}\nabout ${q}.`,
          engine: "duckduckgo",
        })),
      }),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => server.close());

let ctx: TestContext;
beforeEach(() => {
  ctx = createTestContext();
});
afterEach(() => ctx.cleanup());

describe("web_search", () => {
  it("asks the configured SearXNG-style backend for JSON and lists titles, addresses and snippets", async () => {
    const tool = createWebSearchTool({ allowPrivateNetwork: false, searchUrl: base });
    const out = await tool.run({ query: "undici ECONNRESET", max_results: 2 }, ctx);
    expect(out.isError).toBeUndefined();
    expect(out.content).toBe(
      [
        'Results for "undici ECONNRESET":',
        "Answer: undici is Node's HTTP client.",
        "1. Result 1 for undici ECONNRESET",
        "   https://example.org/1",
        "   Snippet 1 about undici ECONNRESET.",
        "2. Result 2 for undici ECONNRESET",
        "   https://example.org/2",
        "   Snippet 2 about undici ECONNRESET.",
      ].join("\n"),
    );
    const asked = seen.at(-1)!;
    expect(asked.pathname).toBe("/search");
    expect(asked.searchParams.get("q")).toBe("undici ECONNRESET");
    expect(asked.searchParams.get("format")).toBe("json");
    const eight = await createWebSearchTool({ allowPrivateNetwork: false, searchUrl: `${base}/search` }).run(
      { query: "x" },
      ctx,
    );
    expect(eight.content).toContain("8. Result 8");
    expect(eight.content).not.toContain("9. Result 9");
  });

  it("without a backend answers one line saying how to configure it", async () => {
    const out = await createWebSearchTool({ allowPrivateNetwork: false, searchUrl: "" }).run(
      { query: "x" },
      ctx,
    );
    expect(out).toEqual({ content: WEB_SEARCH_NOT_CONFIGURED, isError: true });
    expect(out.content.split("\n")).toHaveLength(1);
    expect(out.content).toContain("web.searchUrl");
  });

  it("says so when the backend refuses JSON or cannot be reached", async () => {
    const html = await createWebSearchTool({ allowPrivateNetwork: false, searchUrl: `${base}/other` }).run(
      { query: "x" },
      ctx,
    );
    expect(html.content).toContain("answered 403; is JSON output (format=json) enabled there?");
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const down = await createWebSearchTool({
      allowPrivateNetwork: false,
      searchUrl: `http://127.0.0.1:${port}`,
    }).run({ query: "x" }, ctx);
    expect(down.content).toContain("web_search failed: 127.0.0.1");
    expect(down.content).toContain("ECONNREFUSED");
  });
});
