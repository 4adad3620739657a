// A typed HTTP client skeleton: timeouts, retries with backoff and jitter, errors with status and body.
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: string,
    readonly requestId?: string,
  ) {
    super(`HTTP ${status}${requestId ? ` (request ${requestId})` : ""}: ${body.slice(0, 300)}`);
  }
}

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function backoff(attempt: number, retryAfter: string | null, baseMs = 250, capMs = 20_000): number {
  if (retryAfter) {
    const seconds = Number(retryAfter);
    if (Number.isFinite(seconds)) return seconds * 1000;
    const date = Date.parse(retryAfter);
    if (!Number.isNaN(date)) return Math.max(0, date - Date.now());
  }
  return Math.random() * Math.min(capMs, baseMs * 2 ** attempt);
}

export interface ClientOptions {
  baseUrl: string;
  token: string;
  timeoutMs?: number;
  maxRetries?: number;
}

export function createClient(opts: ClientOptions) {
  async function request<T>(method: string, path: string, body?: unknown, attempt = 0): Promise<T> {
    const res = await fetch(new URL(path, opts.baseUrl), {
      method,
      headers: { authorization: `Bearer ${opts.token}`, "content-type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(opts.timeoutMs ?? 15_000),
    });
    if (res.ok) return (res.status === 204 ? undefined : await res.json()) as T;
    const retryable = res.status === 429 || res.status >= 500;
    if (retryable && method === "GET" && attempt < (opts.maxRetries ?? 3)) {
      await delay(backoff(attempt, res.headers.get("retry-after")));
      return request<T>(method, path, body, attempt + 1);
    }
    throw new ApiError(res.status, await res.text(), res.headers.get("x-request-id") ?? undefined);
  }
  return { request };
}
