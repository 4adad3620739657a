/**
 * Which provider, model and endpoint to use: flags > environment > config.yaml > defaults.
 *
 * - provider: `--provider` flag > `PICASSO_PROVIDER` > config.yaml `provider` > "anthropic";
 * - model: `--model` flag > `PICASSO_MODEL` > config.yaml `model` > the provider's default
 *   (chosen in create-provider.ts);
 * - baseUrl: `--base-url` flag > `ANTHROPIC_BASE_URL` / `OPENAI_BASE_URL` (for the chosen
 *   provider) > config.yaml `baseUrl`;
 * - mockScript: flag > `PICASSO_MOCK_SCRIPT` > config.yaml `mockScript`;
 * - contextWindow: config.yaml `contextWindow`.
 * The file's `model`, `baseUrl` and `contextWindow` describe the file's own provider: they apply
 * only when the file names no provider or the same one that was selected, so
 * `--provider anthropic` never inherits an Ollama URL written for `provider: openai`.
 * Empty environment values count as unset.
 */
import { loadPicassoConfig } from "./config-file.js";

export type SelectionSource = "flag" | "env" | "config" | "default";

export interface ProviderSelection {
  provider: string;
  model?: string;
  baseUrl?: string;
  contextWindow?: number;
  mockScript?: string;
  /** Where `provider` came from (for messages and /context). */
  source: SelectionSource;
}

export interface SelectionFlags {
  provider?: string;
  model?: string;
  baseUrl?: string;
  mockScript?: string;
}

export interface SelectionInput {
  /** The `--provider` flag. */
  flag?: string;
  /** Other flags (`flags.provider` is the same as `flag`). */
  flags?: SelectionFlags;
  env: Record<string, string | undefined>;
  picassoHome: string;
}

export const BASE_URL_ENV: Record<string, string> = {
  anthropic: "ANTHROPIC_BASE_URL",
  openai: "OPENAI_BASE_URL",
};

export function resolveProviderSelection(input: SelectionInput): ProviderSelection {
  const env = (name: string) => {
    const value = input.env[name];
    return value === undefined || value.trim() === "" ? undefined : value.trim();
  };
  const flags = input.flags ?? {};
  const file = loadPicassoConfig(input.picassoHome);

  const flagProvider = flags.provider ?? input.flag;
  let provider: string;
  let source: SelectionSource;
  if (flagProvider) [provider, source] = [flagProvider, "flag"];
  else if (env("PICASSO_PROVIDER")) [provider, source] = [env("PICASSO_PROVIDER")!, "env"];
  else if (file.provider) [provider, source] = [file.provider, "config"];
  else [provider, source] = ["anthropic", "default"];
  provider = provider.trim().toLowerCase();

  const fileApplies = file.provider === undefined || file.provider.trim().toLowerCase() === provider;
  const baseUrlEnv = BASE_URL_ENV[provider];
  const selection: ProviderSelection = { provider, source };
  const model = flags.model ?? env("PICASSO_MODEL") ?? (fileApplies ? file.model : undefined);
  const baseUrl =
    flags.baseUrl ?? (baseUrlEnv ? env(baseUrlEnv) : undefined) ?? (fileApplies ? file.baseUrl : undefined);
  const mockScript = flags.mockScript ?? env("PICASSO_MOCK_SCRIPT") ?? file.mockScript;
  const contextWindow = fileApplies ? file.contextWindow : undefined;
  if (model) selection.model = model;
  if (baseUrl) selection.baseUrl = baseUrl;
  if (mockScript) selection.mockScript = mockScript;
  if (contextWindow) selection.contextWindow = contextWindow;
  return selection;
}
