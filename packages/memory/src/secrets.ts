/**
 * Secrets never become memories: `remember` (and `picasso memory add/import`) refuses a title or
 * body that holds a credential, naming what it matched but never echoing the value. In order:
 * 1. a value this process holds (@picasso/protocol `containsHeldSecret`: the provider keys Picasso
 *    took out of its environment at start-up, and the embeddings endpoint's configured key),
 *    whatever it looks like — compared, never logged;
 * 2. API keys and tokens of the common providers (Anthropic `sk-ant-`, OpenAI `sk-`, GitHub
 *    `ghp_`/`github_pat_`…, AWS `AKIA`/`ASIA`, Google `AIza`, Slack `xox?-`, Stripe), private key
 *    blocks (PEM, OpenSSH, PGP), JSON web tokens, a password in a URL (`postgres://u:pw@host`),
 *    a bearer token (`Authorization: Bearer …`), by their shape;
 * 3. a credential assignment: a name containing `password`, `passwd`, `passphrase`, `secret`,
 *    `token`, `api_key`/`apikey`, `access_key` or `private_key` (anywhere in it, so `DB_PASSWORD`,
 *    `AWS_SECRET_ACCESS_KEY`, `MY_API_KEY`, `X_TOKEN`, `clientSecret`; the word not followed by a
 *    letter, so not `tokens` or `secretary`), or `pass`/`pwd` as a whole part of the name
 *    (`REDIS_PASS`, not `compass`), at most 64 more name characters after the word (so the check
 *    stays linear on any text), then `=` or `:` and a value of 8 or more characters without
 *    spaces or quotes. A value that refers to a secret instead of holding one — `$VAR`,
 *    `${VAR}`, `<your token>`, `{{ x }}`, `%VAR%`, `****` — is not one.
 */
import { containsHeldSecret } from "@picasso/protocol";

const HELD = "a key this picasso holds (a provider or embeddings API key it was given)";

const CREDENTIAL_NAME =
  "(?:(?:password|passwd|passphrase|secret|token|api[_-]?key|access[_-]?key|private[_-]?key)(?![a-z])[\\w.-]{0,64}|(?<![a-z])(?:pass|pwd)(?![a-z])[\\w.-]{0,64})";
const ASSIGNED_VALUE = "[\"']?\\s*[:=]\\s*[\"']?(?![$<{%*])[^\\s\"'<>]{8,}";

const PATTERNS: ReadonlyArray<{ name: string; pattern: RegExp }> = [
  { name: "an Anthropic API key", pattern: /\bsk-ant-[A-Za-z0-9_-]{16,}/ },
  { name: "an OpenAI-style API key", pattern: /\bsk-(?:proj-|live-|test-)?[A-Za-z0-9_-]{20,}/ },
  { name: "a GitHub token", pattern: /\b(?:ghp|gho|ghu|ghs|ghr|github_pat)_[A-Za-z0-9_]{20,}/ },
  { name: "an AWS access key id", pattern: /\b(?:AKIA|ASIA)[0-9A-Z]{16}\b/ },
  { name: "a Google API key", pattern: /\bAIza[0-9A-Za-z_-]{35}\b/ },
  { name: "a Slack token", pattern: /\bxox[abprs]-[A-Za-z0-9-]{10,}/ },
  { name: "a Stripe key", pattern: /\b(?:sk|rk)_(?:live|test)_[A-Za-z0-9]{16,}/ },
  { name: "a private key", pattern: /-----BEGIN [A-Z ]*PRIVATE KEY(?: BLOCK)?-----/ },
  {
    name: "a password in a URL",
    pattern: /\b[a-z][a-z0-9+.-]{1,20}:\/\/[^\s:/@]{1,64}:(?![$<{%*])[^\s@/]{3,}@/i,
  },
  { name: "a bearer token", pattern: /\bBearer\s+(?![$<{%*])[A-Za-z0-9._~+/-]{20,}=*/ },
  { name: "a JSON web token", pattern: /\beyJ[A-Za-z0-9_-]{10,}\.eyJ[A-Za-z0-9_-]{10,}\.[A-Za-z0-9_-]{10,}/ },
  {
    name: "a password or secret assignment",
    pattern: new RegExp(CREDENTIAL_NAME + ASSIGNED_VALUE, "i"),
  },
];

/** What kind of secret `text` seems to hold, or undefined. */
export function findSecret(text: string): string | undefined {
  if (containsHeldSecret(text)) return HELD;
  return PATTERNS.find((p) => p.pattern.test(text))?.name;
}
