/**
 * A limit on the tools one turn may call (a custom command's `allowed-tools`): the engine refuses,
 * for that turn only, a call to a tool not listed, and a `bash` command outside the listed
 * prefixes or commands when either is given. The tools array and Tier 1 do not change: a refused
 * call is a tool error saying why.
 */
export interface TurnToolLimit {
  /** Tool names the turn may call. */
  tools: readonly string[];
  /** When this or `commands` is set, `bash` may run only commands starting with one of these. */
  commandPrefixes?: readonly string[];
  /** Exact commands `bash` may run (with `commandPrefixes`). */
  commands?: readonly string[];
  /** Who set the limit, for the refusal (`/review`). */
  by: string;
}
