import { describe, expect, it } from "vitest";
import { safeGitEnvironment } from "./safe-git-env.js";

describe("safe git's environment", () => {
  it("drops provider keys, every inherited GIT_* and the program-naming variables; sets git's switches", () => {
    const env = safeGitEnvironment({
      PATH: "/usr/bin",
      HOME: "/home/u",
      ANTHROPIC_API_KEY: "sk-ant-x",
      OPENAI_API_KEY: "sk-x",
      PICASSO_MOCK_API_KEY: "m",
      GITHUB_TOKEN: "ghp",
      GIT_DIR: "/elsewhere/.git",
      GIT_WORK_TREE: "/elsewhere",
      GIT_CONFIG_PARAMETERS: "'core.fsmonitor'='evil'",
      GIT_CONFIG_COUNT: "1",
      GIT_EXEC_PATH: "/evil",
      GIT_SSH_COMMAND: "evil",
      GIT_EXTERNAL_DIFF: "evil",
      GIT_TEST_FSMONITOR: "evil",
      PAGER: "evil",
      EDITOR: "evil",
      VISUAL: "evil",
      SSH_ASKPASS: "evil",
    });
    expect(env).toEqual({
      PATH: "/usr/bin",
      HOME: "/home/u",
      GITHUB_TOKEN: "ghp",
      GIT_CONFIG_NOSYSTEM: "1",
      GIT_CONFIG_SYSTEM: "/dev/null",
      GIT_CONFIG_GLOBAL: "/dev/null",
      GIT_ATTR_NOSYSTEM: "1",
      GIT_TERMINAL_PROMPT: "0",
      GIT_OPTIONAL_LOCKS: "0",
      GIT_ALLOW_PROTOCOL: "",
      GIT_ASKPASS: "",
      GIT_PROXY_COMMAND: "",
      GIT_PAGER: "cat",
      GIT_EDITOR: ":",
      GIT_SEQUENCE_EDITOR: ":",
      LC_ALL: "C",
    });
  });
});
