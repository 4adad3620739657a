import { describe, expect, it } from "vitest";
import { commandEnvironment, isProviderSecret } from "./command-env.js";

describe("commandEnvironment", () => {
  it("drops the provider credentials, keeps everything else, adds the non-interactive defaults", () => {
    const env = commandEnvironment(
      { PICASSO_GROUP: "7" },
      {
        PATH: "/usr/bin",
        ANTHROPIC_API_KEY: "sk-ant-x",
        ANTHROPIC_AUTH_TOKEN: "t",
        OPENAI_API_KEY: "sk-x",
        PICASSO_MOCK_API_KEY: "m",
        ANTHROPIC_BASE_URL: "http://127.0.0.1:1",
        GITHUB_TOKEN: "ghp",
        PAGER: "less",
      },
    );
    expect(env).toEqual({
      PATH: "/usr/bin",
      ANTHROPIC_BASE_URL: "http://127.0.0.1:1",
      GITHUB_TOKEN: "ghp",
      PAGER: "cat",
      GIT_PAGER: "cat",
      GIT_TERMINAL_PROMPT: "0",
      PICASSO_GROUP: "7",
    });
  });

  it("names what counts as a provider secret", () => {
    expect(["ANTHROPIC_API_KEY", "OPENAI_API_KEY", "OPENAI_ORG_SECRET"].every(isProviderSecret)).toBe(true);
    expect(["ANTHROPIC_MODEL", "OPENAI_BASE_URL", "AWS_SECRET_ACCESS_KEY_ID"].some(isProviderSecret)).toBe(
      false,
    );
  });
});
