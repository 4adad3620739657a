/** Exhaustiveness check for a `switch` over a union (e.g. the session event types). */
export function assertNever(value: never, what = "value"): never {
  throw new Error(`unexpected ${what}: ${JSON.stringify(value)}`);
}
