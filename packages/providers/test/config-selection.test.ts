// Provider selection (flags > resumed session > env > config.yaml > default, else the no-key mock) and createProvider's one-line errors.
import { mkdtempSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { configFilePath } from "../src/config-file.js";
import { createProvider, resolveProviderSelection } from "../src/index.js";
import { DEFAULT_MODELS } from "../src/models.js";
import { ConfigError } from "../src/provider.js";

function homeWith(config?: string): string {
  const home = mkdtempSync(join(process.env.PICASSO_HOME!, "sel-"));
  if (config !== undefined) writeFileSync(configFilePath(home), config);
  return home;
}

async function configErrorOf(promise: Promise<unknown>): Promise<ConfigError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ConfigError);
  return error as ConfigError;
}

describe("resolveProviderSelection", () => {
  it("defaults to anthropic when ANTHROPIC_API_KEY is set, else to the mock with source no-key", () => {
    const home = homeWith();
    expect(resolveProviderSelection({ env: { ANTHROPIC_API_KEY: "k" }, picassoHome: home })).toEqual({
      provider: "anthropic",
      source: "default",
    });
    expect(resolveProviderSelection({ env: {}, picassoHome: home })).toEqual({
      provider: "mock",
      source: "no-key",
    });
    expect(resolveProviderSelection({ env: { ANTHROPIC_API_KEY: " " }, picassoHome: home }).source).toBe(
      "no-key",
    );
  });

  it("the no-key mock takes no model meant for another provider, only the --model flag", () => {
    const home = homeWith("model: claude-opus-4-1\n");
    const env = { PICASSO_MODEL: "claude-haiku-4-5" };
    expect(resolveProviderSelection({ env, picassoHome: home })).toEqual({
      provider: "mock",
      source: "no-key",
    });
    expect(resolveProviderSelection({ flags: { model: "m" }, env, picassoHome: home }).model).toBe("m");
  });

  it("--mock-script implies --provider mock, and contradicting --provider is a one-line mistake", () => {
    const home = homeWith("provider: openai\n");
    const env = { PICASSO_PROVIDER: "anthropic", ANTHROPIC_API_KEY: "k" };
    expect(
      resolveProviderSelection({ flags: { mockScript: "s.yaml" }, env, picassoHome: home }),
    ).toMatchObject({
      provider: "mock",
      source: "flag",
      mockScript: "s.yaml",
    });
    expect(() =>
      resolveProviderSelection({
        flags: { mockScript: "s.yaml", provider: "openai" },
        env,
        picassoHome: home,
      }),
    ).toThrow(/^--mock-script runs the mock provider, but --provider is "openai"/);
  });

  it("a resumed session keeps its provider and model unless a flag overrides", () => {
    const home = homeWith("provider: openai\nmodel: qwen3:8b\n");
    const env = { PICASSO_PROVIDER: "openai", PICASSO_MODEL: "gpt-x", ANTHROPIC_API_KEY: "k" };
    const resumed = { provider: "mock", model: "picasso-mock" };
    expect(resolveProviderSelection({ env, picassoHome: home, resumed })).toEqual({
      provider: "mock",
      source: "session",
      model: "picasso-mock",
    });
    expect(
      resolveProviderSelection({ flags: { model: "other" }, env, picassoHome: home, resumed }),
    ).toMatchObject({ provider: "mock", model: "other" });
    // Another provider by flag: the session's model was for its own provider, so it is not kept.
    expect(resolveProviderSelection({ flag: "openai", env, picassoHome: home, resumed })).toMatchObject({
      provider: "openai",
      source: "flag",
      model: "gpt-x",
    });
  });

  it("precedence: flag > PICASSO_PROVIDER > config.yaml", () => {
    const home = homeWith("provider: mock\n");
    const env = { PICASSO_PROVIDER: "openai" };
    expect(resolveProviderSelection({ env: {}, picassoHome: home })).toMatchObject({
      provider: "mock",
      source: "config",
    });
    expect(resolveProviderSelection({ env, picassoHome: home })).toMatchObject({
      provider: "openai",
      source: "env",
    });
    expect(resolveProviderSelection({ flag: "anthropic", env, picassoHome: home })).toMatchObject({
      provider: "anthropic",
      source: "flag",
    });
    expect(resolveProviderSelection({ flags: { provider: "Mock" }, env, picassoHome: home }).provider).toBe(
      "mock",
    );
  });

  it("model: flag > PICASSO_MODEL > config.yaml; empty env values count as unset", () => {
    const home = homeWith("provider: openai\nmodel: from-file\n");
    expect(resolveProviderSelection({ env: { PICASSO_MODEL: "" }, picassoHome: home }).model).toBe(
      "from-file",
    );
    expect(resolveProviderSelection({ env: { PICASSO_MODEL: "from-env" }, picassoHome: home }).model).toBe(
      "from-env",
    );
    expect(
      resolveProviderSelection({
        flags: { model: "from-flag" },
        env: { PICASSO_MODEL: "from-env" },
        picassoHome: home,
      }).model,
    ).toBe("from-flag");
  });

  it("baseUrl: flag > the provider's *_BASE_URL env > config.yaml", () => {
    const home = homeWith("provider: openai\nbaseUrl: http://localhost:11434/v1\n");
    expect(resolveProviderSelection({ env: {}, picassoHome: home }).baseUrl).toBe(
      "http://localhost:11434/v1",
    );
    const env = { OPENAI_BASE_URL: "http://127.0.0.1:8000/v1", ANTHROPIC_BASE_URL: "http://wrong" };
    expect(resolveProviderSelection({ env, picassoHome: home }).baseUrl).toBe("http://127.0.0.1:8000/v1");
    expect(
      resolveProviderSelection({ flags: { baseUrl: "http://flag/v1" }, env, picassoHome: home }).baseUrl,
    ).toBe("http://flag/v1");
  });

  it("the file's model, baseUrl and contextWindow only apply to the file's own provider", () => {
    const home = homeWith(
      "provider: openai\nmodel: qwen3:8b\nbaseUrl: http://localhost:11434/v1\ncontextWindow: 32768\n",
    );
    expect(resolveProviderSelection({ env: {}, picassoHome: home })).toEqual({
      provider: "openai",
      source: "config",
      model: "qwen3:8b",
      baseUrl: "http://localhost:11434/v1",
      contextWindow: 32768,
    });
    expect(resolveProviderSelection({ flag: "anthropic", env: {}, picassoHome: home })).toEqual({
      provider: "anthropic",
      source: "flag",
    });
  });

  it("a malformed config.yaml stops selection with the file's error", () => {
    const home = homeWith("provider: [openai\n");
    expect(() => resolveProviderSelection({ env: {}, picassoHome: home })).toThrow(ConfigError);
  });
});

describe("createProvider", () => {
  it("unknown provider → one line listing the known ones", async () => {
    const error = await configErrorOf(createProvider({ provider: "gemini" }, {}));
    expect(error.message).toBe(
      'unknown provider "gemini": set --provider, PICASSO_PROVIDER or "provider" in config.yaml to one of anthropic, openai, mock',
    );
  });

  it("anthropic without ANTHROPIC_API_KEY → one line saying what to set", async () => {
    const error = await configErrorOf(createProvider({ provider: "anthropic" }, { ANTHROPIC_API_KEY: " " }));
    expect(error.message).toMatch(/^ANTHROPIC_API_KEY is not set: export it, or run with --provider mock/);
    expect(error.message).not.toContain("\n");
  });

  it("anthropic with a key uses the default model and a 200k window", async () => {
    const provider = await createProvider({ provider: "anthropic" }, { ANTHROPIC_API_KEY: "test-key" });
    expect(provider.name).toBe("anthropic");
    expect(provider.model).toBe(DEFAULT_MODELS.anthropic);
    expect(provider.contextWindow).toBe(200_000);
  });

  it("openai against api.openai.com without OPENAI_API_KEY → one line saying what to set", async () => {
    const error = await configErrorOf(createProvider({ provider: "openai" }, {}));
    expect(error.message).toMatch(/^OPENAI_API_KEY is not set: export it, or point OPENAI_BASE_URL/);
    const explicit = await configErrorOf(
      createProvider({ provider: "openai", baseUrl: "https://api.openai.com/v1" }, {}),
    );
    expect(explicit.message).toMatch(/^OPENAI_API_KEY is not set/);
  });

  it("openai against a local server needs no key", async () => {
    const fromEnv = await createProvider(
      { provider: "openai" },
      { OPENAI_BASE_URL: "http://localhost:11434/v1" },
    );
    expect(fromEnv.name).toBe("openai");
    expect(fromEnv.contextWindow).toBe(128_000);
    const fromSelection = await createProvider(
      { provider: "openai", baseUrl: "http://localhost:8080/v1", model: "local", contextWindow: 8192 },
      {},
    );
    expect(fromSelection.model).toBe("local");
    expect(fromSelection.contextWindow).toBe(8192);
  });
});

describe("config.yaml images", () => {
  it("images: false marks the model as taking no images; the adapter says so", async () => {
    const home = homeWith("provider: openai\nimages: false\n");
    const selection = resolveProviderSelection({ env: { OPENAI_API_KEY: "k" }, picassoHome: home });
    expect(selection.images).toBe(false);
    expect((await createProvider(selection, { OPENAI_API_KEY: "k" })).acceptsImages).toBe(false);
    const open = resolveProviderSelection({
      env: { OPENAI_API_KEY: "k" },
      picassoHome: homeWith("provider: openai\n"),
    });
    expect(open.images).toBeUndefined();
    expect((await createProvider(open, { OPENAI_API_KEY: "k" })).acceptsImages).toBe(true);
  });

  it("a value that is not true or false is a one-line error naming the key", () => {
    const home = homeWith("images: sometimes\n");
    expect(() => resolveProviderSelection({ env: {}, picassoHome: home })).toThrow(
      /config\.yaml:1: key "images" must be true or false, got "sometimes"/,
    );
  });
});
