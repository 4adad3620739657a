// config.yaml parsing: every user mistake names the file, the line and the key, on one line.
import { mkdtempSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { configFilePath, loadPicassoConfig } from "../src/config-file.js";
import { ConfigError } from "../src/provider.js";

function homeWith(config: string | undefined): string {
  const home = mkdtempSync(join(process.env.PICASSO_HOME!, "cfg-"));
  if (config !== undefined) writeFileSync(configFilePath(home), config);
  return home;
}

function errorOf(home: string): ConfigError {
  try {
    loadPicassoConfig(home);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return error as ConfigError;
  }
  throw new Error("expected a ConfigError");
}

describe("config.yaml", () => {
  it("is optional: a missing or empty file means no settings", () => {
    expect(loadPicassoConfig(homeWith(undefined))).toEqual({});
    expect(loadPicassoConfig(homeWith(""))).toEqual({});
    expect(loadPicassoConfig(homeWith("# nothing yet\n"))).toEqual({});
  });

  it("reads every known key", () => {
    const home = homeWith(
      "provider: openai\nmodel: qwen3:8b\nbaseUrl: http://localhost:11434/v1\ncontextWindow: 32768\nmockScript: s.yaml\n",
    );
    expect(loadPicassoConfig(home)).toEqual({
      provider: "openai",
      model: "qwen3:8b",
      baseUrl: "http://localhost:11434/v1",
      contextWindow: 32768,
      mockScript: join(home, "s.yaml"),
    });
  });

  it("malformed YAML names the file, the line and the key", () => {
    const home = homeWith('provider: openai\nmodel: "gpt-5.4\n');
    const error = errorOf(home);
    expect(error.message).toContain(`${configFilePath(home)}:2:`);
    expect(error.message).toContain('key "model"');
    expect(error.message).toContain("invalid YAML");
    expect(error.message).not.toContain("\n");
  });

  it("a badly indented key is reported at its line", () => {
    const error = errorOf(homeWith("provider: openai\nmodel: gpt\n  baseUrl: http://x\n"));
    expect(error.message).toMatch(/config\.yaml:2: invalid YAML at key "model"/);
  });

  it("a wrong-typed key names the line, the key and what it must be", () => {
    const home = homeWith("provider: anthropic\n\ncontextWindow: lots\n");
    const error = errorOf(home);
    expect(error.message).toBe(
      `${configFilePath(home)}:3: key "contextWindow" must be a positive integer (tokens), got "lots"`,
    );
  });

  it("stallTimeoutSeconds is a whole number of seconds from 1 to 3600", () => {
    expect(errorOf(homeWith("stallTimeoutSeconds: 0\n")).message).toMatch(
      /config\.yaml:1: key "stallTimeoutSeconds" must be a whole number of seconds from 1 to 3600, got 0/,
    );
    expect(loadPicassoConfig(homeWith("stallTimeoutSeconds: 90\n"))).toEqual({ stallTimeoutSeconds: 90 });
  });

  it("a baseUrl that is not an http(s) URL is rejected", () => {
    const error = errorOf(homeWith("baseUrl: localhost:11434\n"));
    expect(error.message).toMatch(/config\.yaml:1: key "baseUrl" must be/);
  });

  it("an unknown key names the line and lists the known keys", () => {
    const error = errorOf(homeWith("model: x\nprovidr: openai\n"));
    expect(error.message).toMatch(
      /config\.yaml:2: unknown key "providr" — known keys: provider, model, baseUrl/,
    );
  });

  it("a file that is not a mapping says what is expected", () => {
    const error = errorOf(homeWith("- anthropic\n- openai\n"));
    expect(error.message).toMatch(/config\.yaml:1: expected a mapping of keys/);
  });

  it("a duplicated key is an error, not a silent override", () => {
    const error = errorOf(homeWith("provider: openai\nprovider: anthropic\n"));
    expect(error.message).toMatch(/config\.yaml:2: invalid YAML at key "provider"/);
  });
});
