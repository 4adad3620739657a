/**
 * The environment a tool's process gets: Picasso's own, minus the credentials Picasso uses to talk
 * to model providers (a command never needs them, and a model-written `env` or `printenv` would
 * otherwise put them into the context and the log), plus the non-interactive defaults (no pager,
 * no git credential prompt).
 *
 * Removed: `ANTHROPIC_API_KEY`, `ANTHROPIC_AUTH_TOKEN`, `OPENAI_API_KEY`, and any other variable
 * named `ANTHROPIC_*` / `OPENAI_*` / `PICASSO_*` ending in `_KEY`, `_TOKEN` or `_SECRET`. Other
 * tokens (e.g. `GITHUB_TOKEN` for `gh`) are the user's tools' business and stay.
 */
import { isProviderSecretName } from "@picasso/protocol";

/** The name rule lives in protocol (`isProviderSecretName`), beside the held secret values. */
export const isProviderSecret = isProviderSecretName;

export function commandEnvironment(
  extra: Record<string, string> = {},
  base: NodeJS.ProcessEnv = process.env,
): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [name, value] of Object.entries(base))
    if (value !== undefined && !isProviderSecret(name)) env[name] = value;
  return { ...env, PAGER: "cat", GIT_PAGER: "cat", GIT_TERMINAL_PROMPT: "0", ...extra };
}
