import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { gzipSync } from "node:zlib";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createTestContext, type TestContext } from "../test-context.js";
import { isPrivateAddress } from "./address-guard.js";
import { createWebFetchTool } from "./web-fetch.js";

type Handler = (req: IncomingMessage, res: ServerResponse) => void;
const routes = new Map<string, Handler>();
let server: Server;
let base: string;

beforeAll(async () => {
  server = createServer((req, res) => {
    const handler = routes.get(req.url ?? "");
    if (handler) handler(req, res);
    else {
      res.writeHead(404, { "content-type": "text/html" });
      res.end("<html><head><title>Not found</title></head><body><p>No such page here.</p></body></html>");
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => {
  server.closeAllConnections();
  server.close();
});

let ctx: TestContext;
beforeEach(() => {
  ctx = createTestContext();
});
afterEach(() => ctx.cleanup());

const allowed = createWebFetchTool({ allowPrivateNetwork: true, searchUrl: "" });
const guarded = createWebFetchTool({ allowPrivateNetwork: false, searchUrl: "" });

const PAGE = `<!doctype html><html><head><title>Release notes</title><style>body{color:red}</style>
<script>alert("x")</script></head><body><nav><a href="/">Home</a> | <a href="/blog">Blog</a></nav>
<h1>Release notes</h1><h2>v2.3.0</h2><p>Adds <strong>streaming</strong> and <a href="https://example.org/docs">docs</a>.</p>
<pre><code>npm install pkg@2.3.0</code></pre><ul><li>Faster start</li><li>Fewer deps</li></ul></body></html>`;

describe("web_fetch", () => {
  it("follows redirects and turns HTML into markdown without scripts, styles or navigation", async () => {
    routes.set("/old", (_req, res) => {
      res.writeHead(301, { location: "/moved" });
      res.end();
    });
    routes.set("/moved", (_req, res) => {
      res.writeHead(302, { location: `${base}/notes` });
      res.end();
    });
    routes.set("/notes", (_req, res) => {
      res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
      res.end(PAGE);
    });
    const out = await allowed.run({ url: `${base}/old` }, ctx);
    expect(out.isError).toBeUndefined();
    expect(out.content).toBe(
      [
        `URL: ${base}/notes`,
        `Redirected from: ${base}/old (2 redirects)`,
        "Status: 200",
        "Content-Type: text/html; charset=utf-8",
        "",
        "# Release notes",
        "",
        "## v2.3.0",
        "",
        "Adds **streaming** and [docs](https://example.org/docs).",
        "",
        "```",
        "npm install pkg@2.3.0",
        "```",
        "",
        "-   Faster start",
        "-   Fewer deps",
      ].join("\n"),
    );
  });

  it("refuses loopback and private addresses unless the settings allow them", async () => {
    routes.set("/secret", (_req, res) => res.end("internal"));
    for (const url of [
      `${base}/secret`,
      `http://localhost:${new URL(base).port}/secret`,
      "http://[::1]/",
      "http://10.1.2.3/",
      "http://169.254.169.254/latest/meta-data/",
    ]) {
      const out = await guarded.run({ url }, ctx);
      expect(out.isError, url).toBe(true);
      expect(out.content).toContain("a loopback or private-network address");
      expect(out.content).toContain("web.allowPrivateNetwork");
    }
    expect((await allowed.run({ url: `${base}/secret` }, ctx)).content).toContain("internal");
  });

  it("classifies addresses: private, loopback, link-local, mapped and public", () => {
    for (const a of [
      "127.0.0.1",
      "10.0.0.1",
      "172.20.1.1",
      "192.168.1.1",
      "169.254.169.254",
      "100.64.0.1",
      "0.0.0.0",
      "::1",
      "::",
      "fd00::1",
      "fe80::1",
      "::ffff:127.0.0.1",
      "::ffff:10.0.0.1",
    ])
      expect(isPrivateAddress(a), a).toBe(true);
    for (const a of ["93.184.216.34", "8.8.8.8", "2606:4700::1111", "::ffff:1.1.1.1"])
      expect(isPrivateAddress(a), a).toBe(false);
  });

  it("cuts an oversized body at the size limit and says so", async () => {
    routes.set("/big", (_req, res) => {
      res.writeHead(200, { "content-type": "text/plain" });
      res.end("x".repeat(50_000));
    });
    const small = createWebFetchTool({ allowPrivateNetwork: true, searchUrl: "", maxBytes: 1000 });
    const out = await small.run({ url: `${base}/big` }, ctx);
    expect(out.isError).toBeUndefined();
    expect(out.content).toContain(`\n\n${"x".repeat(1000)}\n\n[… the page was cut at 1000 B]`);
  });

  it("passes text and JSON through (gzip decoded) and refuses binary with a note", async () => {
    routes.set("/api", (_req, res) => {
      res.writeHead(200, { "content-type": "application/json", "content-encoding": "gzip" });
      res.end(gzipSync(JSON.stringify({ version: "2.3.0", ok: true })));
    });
    routes.set("/logo.png", (_req, res) => {
      res.writeHead(200, { "content-type": "image/png" });
      res.end(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 0x0d]));
    });
    const json = await allowed.run({ url: `${base}/api` }, ctx);
    expect(json.content.endsWith('{\n  "version": "2.3.0",\n  "ok": true\n}')).toBe(true);
    const png = await allowed.run({ url: `${base}/logo.png` }, ctx);
    expect(png.isError).toBe(true);
    expect(png.content).toContain("binary content (image/png, 8 B) is not shown");
  });

  it("reports error statuses, redirect loops, bad URLs and time-outs as tool errors", async () => {
    const missing = await allowed.run({ url: `${base}/nope` }, ctx);
    expect(missing.isError).toBe(true);
    expect(missing.content).toMatch(/^The server answered 404\.\nURL: .*\n[\s\S]*No such page here\./);
    routes.set("/loop", (_req, res) => {
      res.writeHead(302, { location: "/loop" });
      res.end();
    });
    expect((await allowed.run({ url: `${base}/loop` }, ctx)).content).toContain("more than 5 redirects");
    expect((await allowed.run({ url: "file:///etc/passwd" }, ctx)).content).toContain("only http and https");
    expect((await allowed.run({ url: "not a url" }, ctx)).content).toContain("is not a valid URL");
    routes.set("/hang", () => {});
    const slow = createWebFetchTool({ allowPrivateNetwork: true, searchUrl: "", timeoutMs: 300 });
    expect((await slow.run({ url: `${base}/hang` }, ctx)).content).toContain(
      "no complete answer from 127.0.0.1",
    );
  });
});
