/**
 * The environment every git Picasso runs gets (safe-git.ts says why, entry by entry):
 *
 * - Picasso's own environment, minus the provider credentials (`isProviderSecretName`: a program
 *   git ran would otherwise hold them), minus every inherited `GIT_*` variable, minus `PAGER`,
 *   `EDITOR`, `VISUAL` and `SSH_ASKPASS`. `GIT_*` goes whole: `GIT_DIR`, `GIT_WORK_TREE`,
 *   `GIT_INDEX_FILE`, `GIT_COMMON_DIR` (set when Picasso itself runs under a git hook) would point
 *   git at another repository than the workspace whose facts Picasso reports; `GIT_CONFIG*`
 *   (`GIT_CONFIG_PARAMETERS`, `GIT_CONFIG_COUNT`/`KEY_n`/`VALUE_n`, `GIT_CONFIG`) would add
 *   configuration beside ours; `GIT_EXEC_PATH` chooses where git finds its own commands;
 *   `GIT_SSH`, `GIT_SSH_COMMAND`, `GIT_EXTERNAL_DIFF`, `GIT_ASKPASS`, `GIT_PAGER`, `GIT_EDITOR`,
 *   `GIT_SEQUENCE_EDITOR`, `GIT_PROXY_COMMAND`, `GIT_TEST_FSMONITOR` name programs; `GIT_TRACE*`
 *   write files. None is needed to read a workspace.
 * - Then git's switches: no system or global configuration, no system attributes, no terminal
 *   prompt, no optional locks, no transport at all, and the program-naming variables set to the
 *   values git reads as "none".
 */
import { isProviderSecretName } from "@picasso/protocol/basics";

const DROPPED = new Set(["PAGER", "EDITOR", "VISUAL", "SSH_ASKPASS"]);

export const GIT_SWITCHES: Readonly<Record<string, string>> = {
  GIT_CONFIG_NOSYSTEM: "1",
  GIT_CONFIG_SYSTEM: "/dev/null",
  GIT_CONFIG_GLOBAL: "/dev/null",
  GIT_ATTR_NOSYSTEM: "1",
  GIT_TERMINAL_PROMPT: "0",
  GIT_OPTIONAL_LOCKS: "0",
  // A list naming no protocol: every transport (file, ssh, http, git, ext::, remote helpers) is
  // refused, overriding any protocol.<name>.allow the repository sets.
  GIT_ALLOW_PROTOCOL: "",
  // Set but empty: git takes the variable over core.askPass / core.gitProxy (the first
  // core.gitProxy would win over ours) and starts nothing for an empty value.
  GIT_ASKPASS: "",
  GIT_PROXY_COMMAND: "",
  GIT_PAGER: "cat",
  GIT_EDITOR: ":",
  GIT_SEQUENCE_EDITOR: ":",
  LC_ALL: "C",
};

export function safeGitEnvironment(base: NodeJS.ProcessEnv = process.env): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [name, value] of Object.entries(base)) {
    if (value === undefined || isProviderSecretName(name) || DROPPED.has(name)) continue;
    if (name.startsWith("GIT_")) continue;
    env[name] = value;
  }
  return { ...env, ...GIT_SWITCHES };
}
