/**
 * The one retry loop every adapter streams through.
 *
 * An attempt is an async iterable of stream events that ends with `message_stop`, or throws a
 * `ProviderFault` (anything else thrown is passed to `toFault`). The loop:
 * 1. holds back `message_start` until the attempt yields something else, so a retried request
 *    shows one `message_start`;
 * 2. on a fault, retries only when the fault is retryable, nothing but `message_start` has been
 *    forwarded yet (content already shown cannot be taken back) and attempts remain. It first
 *    yields `{type:"retry", attempt, delayMs, error}` (`attempt` = the number of the retry about
 *    to be made, 1-based) and then waits `delayMs`:
 *    - the server's `retry-after` / `retry-after-ms`, capped at `maxRetryAfterMs`, when sent;
 *    - else exponential backoff `baseDelayMs · 2^(n-1)` capped at `maxDelayMs`, with equal
 *      jitter (a uniformly random value between half and all of it);
 * 3. otherwise yields one terminal `error` event and stops. After `maxAttempts` attempts the
 *    message says so.
 * Cancellation through `signal` is checked before each attempt, during the wait and when an
 * attempt ends; it always ends the stream with `error` kind `aborted`, promptly. A watchdog
 * aborts an attempt that produced no event for `idleTimeoutMs` and reports it as `stream_cut`,
 * so a stalled server cannot hang the caller. The loop never throws.
 */
import type { ProviderError, StreamEvent } from "@picasso/protocol";
import { abortedFault, ProviderFault } from "./provider-fault.js";

export interface RetryPolicy {
  /** Total attempts including the first (default 4). */
  maxAttempts: number;
  /** First backoff delay before jitter (default 1000 ms). */
  baseDelayMs: number;
  /** Cap on the computed backoff (default 30 s). */
  maxDelayMs: number;
  /** Cap on a server-requested `retry-after` wait (default 60 s). */
  maxRetryAfterMs: number;
  /** Abort an attempt that yields nothing for this long (default 5 min). */
  idleTimeoutMs: number;
  /** Source of randomness for jitter, in [0, 1). */
  random?: () => number;
}

export const DEFAULT_RETRY_POLICY: RetryPolicy = {
  maxAttempts: 4,
  baseDelayMs: 1000,
  maxDelayMs: 30_000,
  maxRetryAfterMs: 60_000,
  idleTimeoutMs: 300_000,
};

export type Attempt = (signal: AbortSignal) => AsyncIterable<StreamEvent>;

export interface RetryLoopOptions {
  policy: RetryPolicy;
  signal?: AbortSignal;
  /** Classify an unexpected throw (SDK error, network failure) as a fault. */
  toFault: (error: unknown) => ProviderFault;
}

/** The wait before retry number `retry` (1-based). */
export function retryDelayMs(retry: number, fault: ProviderFault, policy: RetryPolicy): number {
  if (fault.retryAfterMs !== undefined) return Math.min(fault.retryAfterMs, policy.maxRetryAfterMs);
  const full = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** (retry - 1));
  const random = policy.random ?? Math.random;
  return Math.round(full / 2 + (full / 2) * random());
}

export async function* streamWithRetries(
  attempt: Attempt,
  options: RetryLoopOptions,
): AsyncGenerator<StreamEvent, void, undefined> {
  const { policy, signal } = options;
  for (let n = 1; ; n++) {
    if (signal?.aborted) {
      yield terminal(abortedFault());
      return;
    }
    const attemptControl = new AbortController();
    const onAbort = () => attemptControl.abort(signal?.reason);
    signal?.addEventListener("abort", onAbort, { once: true });
    let idleFired = false;
    let timer: NodeJS.Timeout | undefined;
    const arm = () => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        idleFired = true;
        attemptControl.abort(new Error("idle"));
      }, policy.idleTimeoutMs);
    };
    let forwarded = false;
    let pendingStart: StreamEvent | undefined;
    let fault: ProviderFault | undefined;
    try {
      arm();
      for await (const event of attempt(attemptControl.signal)) {
        // The watchdog measures the provider's silence, not the consumer's: paused while the
        // event is being handed over, re-armed before the next read.
        clearTimeout(timer);
        if (event.type === "message_start") {
          pendingStart ??= event;
          arm();
          continue;
        }
        if (event.type === "error" || event.type === "retry") {
          // Adapters report faults by throwing; a stray event is passed on as is.
          yield event;
          if (event.type === "error") return;
          arm();
          continue;
        }
        if (pendingStart) {
          yield pendingStart;
          pendingStart = undefined;
        }
        forwarded = true;
        yield event;
        if (event.type === "message_stop") return;
        arm();
      }
      fault = new ProviderFault({
        kind: "stream_cut",
        message: "the response stream ended before the message was complete",
        retryable: !forwarded,
      });
    } catch (error) {
      fault = error instanceof ProviderFault ? error : options.toFault(error);
    } finally {
      clearTimeout(timer);
      signal?.removeEventListener("abort", onAbort);
    }
    if (signal?.aborted) fault = abortedFault(fault.usage);
    else if (idleFired) {
      fault = new ProviderFault(
        {
          kind: "stream_cut",
          message: `no data from the provider for ${Math.round(policy.idleTimeoutMs / 1000)} s; gave up waiting`,
          retryable: !forwarded,
        },
        undefined,
        fault.usage,
      );
    }
    if (!fault.error.retryable || forwarded) {
      yield terminal(fault);
      return;
    }
    if (n >= policy.maxAttempts) {
      yield terminal(fault, ` (gave up after ${n} attempt${n === 1 ? "" : "s"})`);
      return;
    }
    const delayMs = retryDelayMs(n, fault, policy);
    yield { type: "retry", attempt: n, delayMs, error: fault.error };
    if (!(await sleep(delayMs, signal))) {
      yield terminal(abortedFault());
      return;
    }
  }
}

function terminal(fault: ProviderFault, suffix = ""): StreamEvent {
  const error: ProviderError = { ...fault.error, message: fault.error.message + suffix };
  return fault.usage ? { type: "error", error, usage: fault.usage } : { type: "error", error };
}

/** Resolves true after `ms`, or false as soon as `signal` aborts. */
function sleep(ms: number, signal?: AbortSignal): Promise<boolean> {
  return new Promise((resolve) => {
    if (signal?.aborted) return resolve(false);
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", onAbort);
      resolve(true);
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      resolve(false);
    };
    signal?.addEventListener("abort", onAbort, { once: true });
  });
}
