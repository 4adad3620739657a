/**
 * The loopback redirect of an OAuth login: a one-shot HTTP listener on 127.0.0.1 (an ephemeral
 * port unless one is given) that waits for `GET /callback?code=…&state=…`.
 * - The `state` must be the one the login sent (compared in constant time); a redirect with
 *   another state is refused (400) and the login fails: it may be a forged redirect.
 * - `error=…` from the authorization server fails the login with its (capped) description.
 * - Any other path is 404 and changes nothing.
 * - No redirect within `timeoutMs`, or the signal aborted: the login fails.
 * Whatever the outcome, the listener closes right after answering, so the port is free again.
 */
import { timingSafeEqual } from "node:crypto";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";

export interface CallbackListener {
  /** `http://127.0.0.1:<port>/callback` */
  redirectUrl: string;
  /** The authorization code, once the redirect came with the expected state. */
  code: Promise<string>;
  /** Stop waiting (the code promise rejects) and close. */
  close(): void;
  /** Resolves once the listener is closed. */
  closed: Promise<void>;
}

export const CALLBACK_PATH = "/callback";

export async function listenForCallback(options: {
  state: string;
  timeoutMs: number;
  port?: number;
  signal?: AbortSignal;
}): Promise<CallbackListener> {
  let settle!: { resolve(code: string): void; reject(error: Error): void };
  const code = new Promise<string>((resolve, reject) => {
    settle = { resolve, reject };
  });
  // The caller may only look at `closed`; an unobserved rejection must not crash the process.
  code.catch(() => undefined);
  let done = false;
  let markClosed!: () => void;
  const closed = new Promise<void>((resolve) => {
    markClosed = resolve;
  });

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    if (req.method !== "GET" || url.pathname !== CALLBACK_PATH || done) {
      res.writeHead(404, { "content-type": "text/plain; charset=utf-8" }).end("Not found\n");
      return;
    }
    const answer = (status: number, body: string, outcome: () => void) => {
      done = true;
      res.writeHead(status, { "content-type": "text/plain; charset=utf-8", connection: "close" });
      res.end(`${body}\n`, () => finish(outcome));
    };
    const error = url.searchParams.get("error");
    if (!sameState(url.searchParams.get("state"), options.state)) {
      answer(400, "Picasso: this redirect's state does not match the login; refused.", () =>
        settle.reject(new Error("the redirect's state did not match the login's; refused (try again)")),
      );
      return;
    }
    if (error) {
      const description = clean(url.searchParams.get("error_description") ?? "");
      answer(400, "Picasso: the authorization was not granted. You can close this tab.", () =>
        settle.reject(
          new Error(
            `the authorization server answered ${clean(error)}${description ? `: ${description}` : ""}`,
          ),
        ),
      );
      return;
    }
    const value = url.searchParams.get("code");
    if (!value) {
      answer(400, "Picasso: the redirect carried no code.", () =>
        settle.reject(new Error("the redirect carried no authorization code")),
      );
      return;
    }
    answer(200, "Picasso is authorized. You can close this tab.", () => settle.resolve(value));
  });

  const finish = (outcome: () => void) => {
    clearTimeout(timer);
    options.signal?.removeEventListener("abort", onAbort);
    done = true;
    outcome();
    server.close(() => markClosed());
    server.closeAllConnections();
  };
  const onAbort = () => {
    if (!done) finish(() => settle.reject(new Error("the login was cancelled")));
  };
  const timer = setTimeout(() => {
    if (!done)
      finish(() =>
        settle.reject(new Error(`no redirect came back within ${Math.round(options.timeoutMs / 1000)} s`)),
      );
  }, options.timeoutMs);
  timer.unref();

  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, "127.0.0.1", () => {
      server.off("error", reject);
      resolve();
    });
  }).catch((error: Error) => {
    clearTimeout(timer);
    throw new Error(`could not listen on 127.0.0.1:${options.port ?? 0} for the redirect: ${error.message}`);
  });
  if (options.signal?.aborted) onAbort();
  else options.signal?.addEventListener("abort", onAbort, { once: true });
  const port = (server.address() as AddressInfo).port;
  return { redirectUrl: `http://127.0.0.1:${port}${CALLBACK_PATH}`, code, close: onAbort, closed };
}

function sameState(got: string | null, expected: string): boolean {
  if (got === null) return false;
  const a = Buffer.from(got);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** What a server puts in an error: printable, one line, capped. */
function clean(text: string): string {
  return text.replace(/[^\x20-\x7e]/g, " ").slice(0, 200);
}
