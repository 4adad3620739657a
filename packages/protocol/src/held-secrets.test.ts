import { afterEach, describe, expect, it } from "vitest";
import {
  containsHeldSecret,
  forgetHeldSecrets,
  heldSecretValues,
  holdProviderSecret,
  holdSecretValue,
  isProviderSecretName,
  REDACTED_SECRET,
  redactHeldSecrets,
  withHeldProviderSecrets,
} from "./held-secrets.js";

afterEach(() => forgetHeldSecrets());

describe("held secrets", () => {
  it("names provider credentials by their variable name", () => {
    for (const name of [
      "ANTHROPIC_API_KEY",
      "OPENAI_API_KEY",
      "ANTHROPIC_AUTH_TOKEN",
      "PICASSO_EMBED_SECRET",
    ])
      expect(isProviderSecretName(name)).toBe(true);
    for (const name of ["ANTHROPIC_BASE_URL", "GITHUB_TOKEN", "PATH", "OPENAI_MODEL"])
      expect(isProviderSecretName(name)).toBe(false);
  });

  it("finds and redacts the very values held, longest first, and ignores short ones", () => {
    holdSecretValue("sk-ant-abcdefgh12345678");
    holdSecretValue("sk-ant-abcdefgh12345678-longer");
    holdSecretValue("short");
    expect(heldSecretValues()).toEqual(["sk-ant-abcdefgh12345678-longer", "sk-ant-abcdefgh12345678"]);
    const text = "a=sk-ant-abcdefgh12345678-longer b=sk-ant-abcdefgh12345678 c=short";
    expect(containsHeldSecret(text)).toBe(true);
    expect(redactHeldSecrets(text)).toBe(`a=${REDACTED_SECRET} b=${REDACTED_SECRET} c=short`);
    expect(containsHeldSecret("nothing here")).toBe(false);
  });

  it("gives held provider credentials back by name, without overriding what env already says", () => {
    expect(withHeldProviderSecrets({ A: "1" })).toEqual({ A: "1" });
    holdProviderSecret("ANTHROPIC_API_KEY", "sk-ant-held-0123456789");
    expect(withHeldProviderSecrets({ A: "1" })).toEqual({
      A: "1",
      ANTHROPIC_API_KEY: "sk-ant-held-0123456789",
    });
    expect(withHeldProviderSecrets({ ANTHROPIC_API_KEY: "given" }).ANTHROPIC_API_KEY).toBe("given");
    expect(containsHeldSecret("x sk-ant-held-0123456789 y")).toBe(true);
  });
});
