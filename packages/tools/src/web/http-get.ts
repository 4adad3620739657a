/**
 * One guarded HTTP(S) GET for the web tools: redirects followed (at most 5, each hop checked
 * again), the connection pinned to the address the guard checked, gzip/deflate/brotli decoded,
 * the body cut at `maxBytes`, the whole exchange bounded by `timeoutMs` and the caller's signal.
 * Node's http, https and zlib load with the first fetch (https alone is ~10 ms of start-up otherwise).
 */
import type { IncomingMessage } from "node:http";
import type { LookupFunction } from "node:net";
import { type CheckedHost, checkHost } from "./address-guard.js";

export const MAX_REDIRECTS = 5;

export interface GetOptions {
  allowPrivate: boolean;
  maxBytes: number;
  timeoutMs: number;
  signal: AbortSignal;
  accept: string;
}

export interface GetResult {
  finalUrl: string;
  redirects: string[];
  status: number;
  contentType: string;
  body: Buffer;
  /** More bytes were sent than `maxBytes`. */
  truncated: boolean;
}

/** A failure to tell the model (refused address, bad URL, network error, time-out). */
export class FetchRefusal extends Error {
  override name = "FetchRefusal";
}

const USER_AGENT = "Picasso/0.1 (terminal coding agent; web_fetch)";

function pinned(host: CheckedHost): LookupFunction {
  return (_hostname, options, callback) => {
    if (options.all) (callback as (e: null, a: { address: string; family: number }[]) => void)(null, [host]);
    else callback(null, host.address, host.family);
  };
}

async function request(
  url: URL,
  host: CheckedHost,
  options: GetOptions,
  signal: AbortSignal,
): Promise<IncomingMessage> {
  const { default: mod } = url.protocol === "https:" ? await import("node:https") : await import("node:http");
  return new Promise((resolve, reject) => {
    const req = mod.request(url, {
      method: "GET",
      signal,
      lookup: pinned(host),
      headers: { "user-agent": USER_AGENT, accept: options.accept, "accept-encoding": "gzip, deflate, br" },
    });
    req.on("response", resolve);
    req.on("error", reject);
    req.end();
  });
}

async function readBody(
  res: IncomingMessage,
  maxBytes: number,
  zlib: typeof import("node:zlib"),
): Promise<{ body: Buffer; truncated: boolean }> {
  const encoding = String(res.headers["content-encoding"] ?? "").toLowerCase();
  const { createBrotliDecompress, createGunzip, createInflate } = zlib;
  const stream =
    encoding === "gzip" || encoding === "x-gzip"
      ? res.pipe(createGunzip())
      : encoding === "deflate"
        ? res.pipe(createInflate())
        : encoding === "br"
          ? res.pipe(createBrotliDecompress())
          : res;
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    const buf = chunk as Buffer;
    if (size + buf.length > maxBytes) {
      chunks.push(buf.subarray(0, maxBytes - size));
      res.destroy();
      return { body: Buffer.concat(chunks), truncated: true };
    }
    chunks.push(buf);
    size += buf.length;
  }
  return { body: Buffer.concat(chunks), truncated: false };
}

export function parseWebUrl(raw: string): URL {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    throw new FetchRefusal(
      `${JSON.stringify(raw)} is not a valid URL; give a full http:// or https:// address`,
    );
  }
  if (url.protocol !== "http:" && url.protocol !== "https:")
    throw new FetchRefusal(`only http and https URLs can be fetched (got ${url.protocol})`);
  if (url.username || url.password)
    throw new FetchRefusal("URLs with credentials (user:password@) are not fetched");
  return url;
}

export async function guardedGet(start: URL, options: GetOptions): Promise<GetResult> {
  const timeout = AbortSignal.timeout(options.timeoutMs);
  const signal = AbortSignal.any([options.signal, timeout]);
  const redirects: string[] = [];
  let url = start;
  // Loaded before any response arrives: nothing awaits between a response and its reader.
  const zlib = await import("node:zlib");
  try {
    for (;;) {
      const host = await checkHost(url.hostname, options.allowPrivate);
      if (typeof host === "string") throw new FetchRefusal(host);
      const res = await request(url, host, options, signal);
      const status = res.statusCode ?? 0;
      const location = res.headers.location;
      if (status >= 300 && status < 400 && location) {
        res.resume();
        if (redirects.length >= MAX_REDIRECTS)
          throw new FetchRefusal(`more than ${MAX_REDIRECTS} redirects (last: ${url.href} → ${location})`);
        redirects.push(url.href);
        url = parseWebUrl(new URL(location, url).href);
        continue;
      }
      const { body, truncated } = await readBody(res, options.maxBytes, zlib);
      return {
        finalUrl: url.href,
        redirects,
        status,
        contentType: String(res.headers["content-type"] ?? ""),
        body,
        truncated,
      };
    }
  } catch (error) {
    if (error instanceof FetchRefusal) throw error;
    if (timeout.aborted)
      throw new FetchRefusal(`no complete answer from ${url.host} within ${options.timeoutMs / 1000} s`);
    if (options.signal.aborted) throw new FetchRefusal("interrupted");
    const code = (error as NodeJS.ErrnoException).code;
    throw new FetchRefusal(`${url.host}: ${code ?? (error as Error).message}`);
  }
}
