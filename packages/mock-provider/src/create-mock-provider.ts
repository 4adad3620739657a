/**
 * `--provider mock`: the mock server started in-process on a free 127.0.0.1 port (the choice's
 * script, else the demo model) and a model adapter pointed at it. The result is a
 * `ModelProvider` named "mock"; `close()` closes the adapter, then stops the server. If the
 * adapter cannot be made, the server is stopped before the error propagates.
 *
 * The adapter is passed in, not imported: `@picasso/providers` tests its adapters against this
 * server, so this package must not depend on providers (a cycle in the package graph). Callers
 * pass providers' `createProvider` for the `mock` selection, which points the official
 * Anthropic SDK at `baseUrl` with a placeholder key.
 */
import type { ModelProvider } from "@picasso/protocol";
import { startMockServer } from "./server.js";

export interface MockProviderChoice {
  /** Path of a YAML script (docs/mock-provider.md); none = the demo model. */
  mockScript?: string;
  /** Keep the simulated prompt cache in this file across runs (the CLI: `$PICASSO_HOME/mock-cache.json`). */
  cacheFile?: string;
}

/** Makes the adapter that talks to the running mock server at `baseUrl`. */
export type MockAdapterFactory = (baseUrl: string) => ModelProvider | Promise<ModelProvider>;

export async function createMockProvider(
  choice: MockProviderChoice,
  connect: MockAdapterFactory,
): Promise<ModelProvider> {
  const server = await startMockServer({
    ...(choice.mockScript === undefined ? {} : { script: choice.mockScript }),
    ...(choice.cacheFile === undefined ? {} : { cacheFile: choice.cacheFile }),
  });
  let adapter: ModelProvider;
  try {
    adapter = await connect(server.url);
  } catch (error) {
    await server.close();
    throw error;
  }
  return {
    name: "mock",
    model: adapter.model,
    contextWindow: adapter.contextWindow,
    ...(adapter.acceptsImages === false ? { acceptsImages: false } : {}),
    stream: (request, options) => adapter.stream(request, options),
    prepare: () => adapter.prepare?.(),
    async close() {
      try {
        await adapter.close?.();
      } finally {
        await server.close();
      }
    },
  };
}
