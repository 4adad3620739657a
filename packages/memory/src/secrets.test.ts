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
      "a key this picasso holds (a provider or embeddings API key it was given)",
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

describe("findSecret, as an attacker would try it", () => {
  const key = (prefix: string, n: number) =>
    prefix + "aB3dE5fG7hJ9kL1mN2pQ4rS6tU8vW0xYz".repeat(3).slice(0, n);

  it.each([
    ["OPENAI_API_KEY=sk-abc123def456", "a password or secret assignment"],
    ["openai_api_key: 'abc123def456ghi'", "a password or secret assignment"],
    ["DB_PASSWORD = hunter2hunter2", "a password or secret assignment"],
    ["db.password=hunter2hunter2", "a password or secret assignment"],
    ['{"token":"0123456789abcdef"}', "a password or secret assignment"],
    ["secret=correct-horse-battery", "a password or secret assignment"],
    [`note: the key ${key("sk-ant-api03-", 40)} expires soon`, "an Anthropic API key"],
    [`(${key("sk-proj-", 40)})`, "an OpenAI-style API key"],
    [`remote uses ${key("ghp_", 36)} for pushes`, "a GitHub token"],
    [`gh auth with ${key("github_pat_", 60)}`, "a GitHub token"],
    ["aws id AKIAIOSFODNN7EXAMPLE in the ci", "an AWS access key id"],
    [`slack ${key("xoxb-", 40)}`, "a Slack token"],
    [`slack ${key("xoxp-", 40)}`, "a Slack token"],
    ["-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaA==\n", "a private key"],
    ["-----BEGIN RSA PRIVATE KEY-----", "a private key"],
    ["-----BEGIN PGP PRIVATE KEY BLOCK-----", "a private key"],
    [
      "session eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U",
      "a JSON web token",
    ],
    ["DATABASE_URL is postgres://app:s3cretpw@db.internal:5432/app", "a password in a URL"],
    ["curl -H 'Authorization: Bearer abcdefghijklmnopqrstuvwxyz012345' …", "a bearer token"],
  ])("refuses %s", (text, kind) => {
    expect(findSecret(text)).toBe(kind);
  });

  it("never echoes the value in what it answers", () => {
    const value = key("sk-ant-api03-", 40);
    expect(findSecret(`k=${value}`)).not.toContain(value.slice(8));
  });

  it.each([
    // Base64-ish noise that is not a credential: hashes, ids, data, identifiers.
    "commit 3f9c2a7e1b4d6f8a0c2e4f6a8b0d2f4a6c8e0b2d fixed the build",
    "sha256-47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU= is the integrity hash",
    "the fixture is aGVsbG8gd29ybGQgdGhpcyBpcyBqdXN0IGRhdGE= (base64 of a sentence)",
    "request id 01HQZX3V9K7M2N4P6R8T0W2Y4A in the log",
    "uuid 123e4567-e89b-12d3-a456-426614174000",
    "skip-ci and sk-8 are labels, ask-anthropic is a script",
    "The tokenizer splits on whitespace; max_tokens is 4096.",
    "Postgres runs at postgres://db.internal:5432/app (no password in the URL).",
    "Connect with postgres://app:$DB_PASSWORD@db.internal/app from the shell.",
    "Send Authorization: Bearer <token> with the token from the vault.",
    "The AKIA prefix marks AWS access key ids.",
    "-----BEGIN PUBLIC KEY----- blocks are fine to keep",
  ])("lets through %s", (text) => {
    expect(findSecret(text)).toBeUndefined();
  });

  it("refuses a held value embedded anywhere, and by value only", () => {
    holdSecretValue("zq-embeddings-key-9f8e7d6c");
    expect(findSecret("before zq-embeddings-key-9f8e7d6c after")).toBe(
      "a key this picasso holds (a provider or embeddings API key it was given)",
    );
    expect(findSecret("zq-embeddings-key-9f8e7d6")).toBeUndefined();
  });
});
