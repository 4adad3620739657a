/**
 * The model an eval or `tools describe` asks: the provider the flags select (`--provider`,
 * `--model`, `--mock-script`), else the environment and config.yaml, as for a session. Loaded
 * lazily, so the keyword-only paths never open a provider.
 */
import type { ModelProvider } from "@picasso/protocol";

export interface ModelFlags {
  provider?: string;
  model?: string;
  mockScript?: string;
}

export async function openEvalProvider(flags: ModelFlags, env: NodeJS.ProcessEnv): Promise<ModelProvider> {
  const { openSelectedProvider } = await import("../wiring.js");
  const { provider } = await openSelectedProvider(
    {
      ...(flags.provider ? { provider: flags.provider } : {}),
      ...(flags.model ? { model: flags.model } : {}),
      ...(flags.mockScript ? { mockScript: flags.mockScript } : {}),
    },
    env,
  );
  return provider;
}
