/**
 * The secret values this process holds — the provider API keys, taken out of the environment when
 * the program starts (apps/cli `provider-keys.ts`) — so that text leaving for a log, the model or
 * a memory can be checked against the very values, not only against what keys usually look like.
 *
 * Which environment variables are provider secrets is decided here too (`isProviderSecretName`):
 * `ANTHROPIC_*`, `OPENAI_*` and `PICASSO_*` names ending in `KEY`, `TOKEN` or `SECRET`. Other
 * tokens (`GITHUB_TOKEN` for `gh`) are the user's tools' business.
 *
 * Values shorter than 8 characters are not held: redacting them would mangle ordinary text, and no
 * real provider key is that short.
 */

const PROVIDER_SECRET_NAME = /^(ANTHROPIC|OPENAI|PICASSO)_\w*(KEY|TOKEN|SECRET)$/;
const MIN_HELD_LENGTH = 8;
/** What a held value is replaced with. */
export const REDACTED_SECRET = "[redacted: a key Picasso holds]";

const held = new Set<string>();
/** Held provider credentials by their environment variable name (`withHeldProviderSecrets`). */
const named = new Map<string, string>();

/** `name` is an environment variable that carries a provider credential. */
export function isProviderSecretName(name: string): boolean {
  return PROVIDER_SECRET_NAME.test(name);
}

/** Remember `value` as a secret this process holds (ignored when shorter than 8 characters). */
export function holdSecretValue(value: string): void {
  const trimmed = value.trim();
  if (trimmed.length >= MIN_HELD_LENGTH) held.add(trimmed);
}

/**
 * Hold a provider credential taken out of the environment: its value is redacted like any held
 * value, and `withHeldProviderSecrets` gives it back, by name, to the code that talks to providers.
 */
export function holdProviderSecret(name: string, value: string): void {
  named.set(name, value);
  holdSecretValue(value);
}

/**
 * `env` with the held provider credentials added back under their names: what provider selection
 * and the adapters read. Never hand the result to a child process.
 */
export function withHeldProviderSecrets(
  env: Record<string, string | undefined>,
): Record<string, string | undefined> {
  if (named.size === 0) return env;
  const out = { ...env };
  for (const [name, value] of named) if (out[name] === undefined) out[name] = value;
  return out;
}

/** Every secret value held, longest first (so a key that contains another is redacted whole). */
export function heldSecretValues(): readonly string[] {
  return [...held].sort((a, b) => b.length - a.length);
}

/** `text` contains a value this process holds. */
export function containsHeldSecret(text: string): boolean {
  for (const value of held) if (text.includes(value)) return true;
  return false;
}

/** `text` with every held value replaced by `REDACTED_SECRET`. */
export function redactHeldSecrets(text: string): string {
  if (held.size === 0) return text;
  let out = text;
  for (const value of heldSecretValues())
    if (out.includes(value)) out = out.split(value).join(REDACTED_SECRET);
  return out;
}

/** Tests: forget every held value. */
export function forgetHeldSecrets(): void {
  held.clear();
  named.clear();
}
