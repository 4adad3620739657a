/**
 * Which provider, model and endpoint to use — one rule for every surface (`picasso -p`, the TUI,
 * `picasso compact`):
 *
 * - provider: `--provider` flag > `--mock-script` flag (implies `mock`; with `--provider` naming
 *   another provider it is a mistake) > the resumed session's provider (`resumed`, from its log's
 *   last `session_start`) > `PICASSO_PROVIDER` > config.yaml `provider` > `anthropic` when
 *   `ANTHROPIC_API_KEY` is set > otherwise the offline `mock`, with `source: "no-key"` so the
 *   surface can say how to set a real one (`NO_KEY_NOTE`);
 * - model: `--model` flag > the resumed session's model (when the provider is the one it ran on) >
 *   `PICASSO_MODEL` > config.yaml `model` > the provider's default (chosen in create-provider.ts);
 *   the no-key mock takes none of these but the flag;
 * - baseUrl: `--base-url` flag > `ANTHROPIC_BASE_URL` / `OPENAI_BASE_URL` (for the chosen
 *   provider) > config.yaml `baseUrl`;
 * - mockScript: flag > `PICASSO_MOCK_SCRIPT` > config.yaml `mockScript`;
 * - contextWindow: config.yaml `contextWindow`;
 * - stallTimeoutMs: config.yaml `stallTimeoutSeconds` (any provider: how long a silent stream is
 *   waited for).
 * - images: config.yaml `images` (`false`: the model takes no images; docs/images.md).
 * The file's `model`, `baseUrl` and `contextWindow` describe the file's own provider: they apply
 * only when the file names no provider or the same one that was selected, so
 * `--provider anthropic` never inherits an Ollama URL written for `provider: openai`.
 * Empty environment values count as unset.
 */
import { loadPicassoConfig } from "./config-file.js";
import { ConfigError } from "./provider.js";

/** `no-key`: nothing chose a provider and ANTHROPIC_API_KEY is unset, so the mock stands in. */
export type SelectionSource = "flag" | "session" | "env" | "config" | "default" | "no-key";

/** What a surface says (one line) when the selection's source is `no-key`. */
export const NO_KEY_NOTE =
  "no provider chosen and ANTHROPIC_API_KEY is not set: running on the offline mock model; for a real one export ANTHROPIC_API_KEY, or use --provider openai with OPENAI_API_KEY or OPENAI_BASE_URL (docs/providers.md)";

export interface ProviderSelection {
  provider: string;
  model?: string;
  baseUrl?: string;
  contextWindow?: number;
  mockScript?: string;
  /** Give up on a stream that sends nothing for this long (config.yaml `stallTimeoutSeconds`). */
  stallTimeoutMs?: number;
  /** config.yaml `images: false`: the model takes no images. */
  images?: boolean;
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
  /** The provider and model a resumed session last ran on (its log's last `session_start`). */
  resumed?: { provider: string; model: string };
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
  if (flags.mockScript && flagProvider && flagProvider.trim().toLowerCase() !== "mock")
    throw new ConfigError(
      `--mock-script runs the mock provider, but --provider is "${flagProvider}": drop one of the two`,
    );
  let provider: string;
  let source: SelectionSource;
  if (flagProvider) [provider, source] = [flagProvider, "flag"];
  else if (flags.mockScript) [provider, source] = ["mock", "flag"];
  else if (input.resumed) [provider, source] = [input.resumed.provider, "session"];
  else if (env("PICASSO_PROVIDER")) [provider, source] = [env("PICASSO_PROVIDER")!, "env"];
  else if (file.provider) [provider, source] = [file.provider, "config"];
  else if (env("ANTHROPIC_API_KEY")) [provider, source] = ["anthropic", "default"];
  else [provider, source] = ["mock", "no-key"];
  provider = provider.trim().toLowerCase();

  const fileApplies =
    source !== "no-key" && (file.provider === undefined || file.provider.trim().toLowerCase() === provider);
  const resumedModel =
    input.resumed?.provider.trim().toLowerCase() === provider ? input.resumed.model : undefined;
  const baseUrlEnv = BASE_URL_ENV[provider];
  const selection: ProviderSelection = { provider, source };
  const model =
    flags.model ??
    (source === "no-key"
      ? undefined
      : (resumedModel ?? env("PICASSO_MODEL") ?? (fileApplies ? file.model : undefined)));
  const baseUrl =
    flags.baseUrl ?? (baseUrlEnv ? env(baseUrlEnv) : undefined) ?? (fileApplies ? file.baseUrl : undefined);
  const mockScript = flags.mockScript ?? env("PICASSO_MOCK_SCRIPT") ?? file.mockScript;
  const contextWindow = fileApplies ? file.contextWindow : undefined;
  if (model) selection.model = model;
  if (baseUrl) selection.baseUrl = baseUrl;
  if (mockScript) selection.mockScript = mockScript;
  if (contextWindow) selection.contextWindow = contextWindow;
  if (file.stallTimeoutSeconds) selection.stallTimeoutMs = file.stallTimeoutSeconds * 1000;
  if (file.images === false) selection.images = false;
  return selection;
}
