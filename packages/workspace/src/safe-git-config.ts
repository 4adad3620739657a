/**
 * The configuration every git Picasso runs gets on top of the repository's, so that no program the
 * repository (or a config file it includes) names can run. The why of each entry is in
 * safe-git.ts's module comment; this file only holds the values.
 *
 * Two parts:
 * - `FIXED_OVERRIDES`: keys whose names git fixes (core.fsmonitor, core.hooksPath, …), the same
 *   for every repository;
 * - `driverOverrides(names)`: keys whose middle part the repository chooses — filter, diff and
 *   merge drivers, configured hooks (git ≥ 2.54), URL-specific credential helpers. Given the names
 *   `git config --list --name-only` printed, it neutralises each driver those names define.
 *
 * The pairs reach git as `GIT_CONFIG_COUNT`/`GIT_CONFIG_KEY_<n>`/`GIT_CONFIG_VALUE_<n>` (command
 * scope, read after every config file and every file those include, so they win), not as `-c`:
 * `-c` splits `key=value` at the first `=`, and a driver may be named `a=b`.
 */

/** Every hook event git knows (githooks(5), git 2.55), for `hook.<event>.enabled=false`. */
export const HOOK_EVENTS: readonly string[] = [
  "applypatch-msg",
  "pre-applypatch",
  "post-applypatch",
  "pre-commit",
  "pre-merge-commit",
  "prepare-commit-msg",
  "commit-msg",
  "post-commit",
  "pre-rebase",
  "post-checkout",
  "post-merge",
  "pre-push",
  "pre-receive",
  "update",
  "proc-receive",
  "post-receive",
  "post-update",
  "reference-transaction",
  "push-to-checkout",
  "pre-auto-gc",
  "post-rewrite",
  "sendemail-validate",
  "fsmonitor-watchman",
  "p4-changelist",
  "p4-prepare-changelist",
  "p4-post-changelist",
  "p4-pre-submit",
  "post-index-change",
];

export type ConfigPair = readonly [key: string, value: string];

/**
 * An empty value: for a program-valued key git then runs nothing (a filter with an empty command
 * is no filter, an empty credential helper empties the list) or fails to start "" (an external
 * diff, a merge driver, a signing program: the command fails, no program runs).
 */
const NONE = "";

export const FIXED_OVERRIDES: readonly ConfigPair[] = [
  ["core.fsmonitor", "false"],
  ["core.useBuiltinFSMonitor", "false"],
  // /dev/null is no folder: git finds no hook in it (its access() fails with ENOTDIR).
  ["core.hooksPath", "/dev/null"],
  ...HOOK_EVENTS.map((event): ConfigPair => [`hook.${event}.enabled`, "false"]),
  // "cat" and ":" are git's own words for "no pager" and "no editor": nothing is started.
  ["core.pager", "cat"],
  ["core.editor", ":"],
  ["sequence.editor", ":"],
  ["core.askPass", NONE],
  ["credential.helper", NONE],
  ["core.sshCommand", NONE],
  ["core.alternateRefsCommand", NONE],
  ["diff.external", NONE],
  ["gpg.program", NONE],
  ["gpg.openpgp.program", NONE],
  ["gpg.x509.program", NONE],
  ["gpg.ssh.program", NONE],
  ["gpg.ssh.defaultKeyCommand", NONE],
  ["commit.gpgSign", "false"],
  ["tag.gpgSign", "false"],
  ["tag.forceSignAnnotated", "false"],
  ["push.gpgSign", "false"],
  ["log.showSignature", "false"],
  ["merge.verifySignatures", "false"],
  ["protocol.allow", "never"],
  ["submodule.recurse", "false"],
  ["diff.ignoreSubmodules", "all"],
  ["status.submoduleSummary", "false"],
  ["gc.auto", "0"],
  ["maintenance.auto", "false"],
  ["help.autoCorrect", "0"],
  // Protected config (git honours it only from the command line, global or system config).
  ["safe.bareRepository", "explicit"],
];

/** `section.<middle>.key` → [middle, key] for the given section (case-insensitive, like git). */
function splitKey(name: string, section: string): [string, string] | undefined {
  const prefix = `${section}.`;
  if (name.slice(0, prefix.length).toLowerCase() !== prefix) return undefined;
  const rest = name.slice(prefix.length);
  const dot = rest.lastIndexOf(".");
  if (dot <= 0) return undefined;
  return [rest.slice(0, dot), rest.slice(dot + 1).toLowerCase()];
}

const KNOWN_EVENTS = new Set(HOOK_EVENTS);

/** The overrides that neutralise every driver the given config names define. */
export function driverOverrides(names: Iterable<string>): ConfigPair[] {
  const out = new Map<string, string>();
  const set = (key: string, value: string) => out.set(key, value);
  for (const name of names) {
    const filter = splitKey(name, "filter")?.[0];
    if (filter !== undefined) {
      set(`filter.${filter}.clean`, NONE);
      set(`filter.${filter}.smudge`, NONE);
      set(`filter.${filter}.process`, NONE);
      // With no command left, a required filter would make git fail instead of passing bytes.
      set(`filter.${filter}.required`, "false");
    }
    const diff = splitKey(name, "diff")?.[0];
    if (diff !== undefined) {
      set(`diff.${diff}.command`, NONE);
      set(`diff.${diff}.textconv`, NONE);
    }
    const merge = splitKey(name, "merge")?.[0];
    if (merge !== undefined) set(`merge.${merge}.driver`, NONE);
    const hook = splitKey(name, "hook")?.[0];
    // hook.<event>.enabled=false (fixed) already covers an event's name.
    if (hook !== undefined && !KNOWN_EVENTS.has(hook)) {
      set(`hook.${hook}.event`, NONE); // an empty event resets its list of events
      set(`hook.${hook}.enabled`, "false");
    }
    const credential = splitKey(name, "credential");
    if (credential?.[1] === "helper") set(`credential.${credential[0]}.helper`, NONE);
  }
  return [...out];
}

/** The pairs as git's `GIT_CONFIG_COUNT` environment variables. */
export function configEnvironment(pairs: readonly ConfigPair[]): Record<string, string> {
  const env: Record<string, string> = { GIT_CONFIG_COUNT: String(pairs.length) };
  pairs.forEach(([key, value], i) => {
    env[`GIT_CONFIG_KEY_${i}`] = key;
    env[`GIT_CONFIG_VALUE_${i}`] = value;
  });
  return env;
}
