/**
 * The mock provider, when it is the one chosen (`--provider mock`, or no key): its in-process
 * server with the demo model or a script. wiring.ts imports this file only then, and imports this
 * file rather than @picasso/mock-provider itself: a package imported dynamically is bundled with
 * every name its index exports (the script reader, yaml, zod), this file with the one it uses.
 */
import { join } from "node:path";
import { createMockProvider } from "@picasso/mock-provider";
import type { ModelProvider } from "@picasso/protocol";
import { createProvider, type ProviderSelection } from "@picasso/providers";

export function openMockProvider(
  selection: ProviderSelection,
  env: Record<string, string | undefined>,
  picassoHome: string,
): Promise<ModelProvider> {
  // The simulated cache outlives the run, as a provider's does: `--continue` reads it back.
  return createMockProvider({ ...selection, cacheFile: join(picassoHome, "mock-cache.json") }, (baseUrl) =>
    createProvider({ ...selection, baseUrl }, env),
  );
}
