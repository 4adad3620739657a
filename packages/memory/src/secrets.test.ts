import { forgetHeldSecrets, holdSecretValue } from "@picasso/protocol";
import { afterEach, describe, expect, it } from "vitest";
import { findSecret } from "./secrets.js";

afterEach(() => forgetHeldSecrets());

describe("findSecret", () => {
  it.each([
    "OPENAI_API_KEY=sk-abc123def456",
    "DB_PASSWORD=hunter2hunter2",
    "export DB_PASSWORD=hunter2hunter2",
    "AWS_SECRET_ACCESS_KEY=wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY",
    "MY_API_KEY: 0123456789abcdef",
    "GITHUB_TOKEN=abcdef0123456789",
    "export X_TOKEN=abcdef0123456789",
    'the config has "client_secret": "s3cr3t-v4lu3"',
    "set apiKey = 'Zm9vYmFyYmF6cXV4'",
    "REDIS_PASS=letmein-please",
    "password = hunter2hunter2",
  ])("refuses a credential assignment: %s", (text) => {
    expect(findSecret(text)).toBe("a password or secret assignment");
  });

  it.each([
    "The password policy requires 12 characters and a digit.",
    "Rotate the API key every 90 days; the token expires after an hour.",
    "Set DB_PASSWORD in .env (the value is in the team vault).",
    "Run with DB_PASSWORD=$DB_PASSWORD from the shell, never a literal.",
    "In .env put GITHUB_TOKEN=<your token> before running gh.",
    "max_tokens: 128000 and input_tokens: 12345678 are usage figures",
    "The secretary's number: 5551234567",
    "the token: see docs/auth.md",
    "passwords: rotated quarterly by the platform team",
    "compass=northnorthwest",
    "MASKED_PASSWORD=********",
  ])("lets ordinary prose through: %s", (text) => {
    expect(findSecret(text)).toBeUndefined();
  });

  it("refuses a value this process holds (a provider key from its environment), whatever it looks like", () => {
    holdSecretValue("plain-looking-value-42");
    expect(findSecret("the deploy step uses plain-looking-value-42 as its login")).toBe(
      "a key this picasso holds (a provider API key from its environment)",
    );
    forgetHeldSecrets();
    expect(findSecret("the deploy step uses plain-looking-value-42 as its login")).toBeUndefined();
  });

  it("stays linear on a long run of credential-like names without a value (no backtracking blow-up)", () => {
    const text = "token_".repeat(11_000); // 64 KiB, four times a memory body
    const started = performance.now();
    expect(findSecret(text)).toBeUndefined();
    expect(performance.now() - started).toBeLessThan(250);
  });
});
