/**
 * `claude-setup`: the shop workspace set up as a Claude Code user has it, approved as its user
 * would (`picasso trust approve`): `CLAUDE.md`; `.claude/settings.json` with hooks — a
 * `PreToolUse` guard that blocks `rm -rf`, a `PostToolUse` hook that logs every tool call to
 * `.tool-calls.jsonl`, a `UserPromptSubmit` hook that adds the release freeze as context; two
 * custom commands with arguments (`/review <path>` limited to Read and Grep, `/fix-issue <n>
 * <priority>`); two agents with tool limits (`reviewer`: Read, Grep; `tester`: Read, Bash); a
 * screenshot (`docs/checkout.png`). Turns run the commands, hit the guard, delegate to both agents
 * and attach the screenshot with `@docs/checkout.png`. The prefix must not drop: hook output,
 * command text, agent text and the image enter only as appended history, and each agent's child
 * sends the session's Tier 1 (its tools list is enforced in code).
 */
import { bash, calls, read, type Scenario, type ScenarioFile, say, tool, turn } from "./scenario.js";
import { shopWorkspace } from "./shop-workspace.js";

/** Marks the tests look for: each must reach the model only through appended history. */
export const CLAUDE_SETUP_MARKS = {
  hookContext: "FREEZE-NOTE-5d1",
  review: "REVIEW-STEPS-c42",
  fixIssue: "FIX-ISSUE-STEPS-9ab",
  reviewer: "REVIEWER-RULES-e17",
  tester: "TESTER-RULES-3f0",
} as const;

const SETTINGS = `${JSON.stringify(
  {
    hooks: {
      PreToolUse: [
        { matcher: "Bash", hooks: [{ type: "command", command: "bash .claude/hooks/no-rm-rf.sh" }] },
      ],
      PostToolUse: [
        {
          hooks: [
            {
              type: "command",
              command:
                'cat >> "$CLAUDE_PROJECT_DIR/.tool-calls.jsonl"; echo >> "$CLAUDE_PROJECT_DIR/.tool-calls.jsonl"',
            },
          ],
        },
      ],
      UserPromptSubmit: [
        {
          hooks: [
            {
              type: "command",
              command: `echo "${CLAUDE_SETUP_MARKS.hookContext}: release freeze, no deploys today"`,
            },
          ],
        },
      ],
    },
  },
  null,
  2,
)}\n`;

const NO_RM_RF = `#!/usr/bin/env bash
# Blocks recursive forced deletes (Claude Code's exit-2 contract: stderr is the reason).
if grep -Eq 'rm[[:space:]]+-[a-zA-Z]*r[a-zA-Z]*f|rm[[:space:]]+-[a-zA-Z]*f[a-zA-Z]*r'; then
  echo "rm -rf is blocked in this repository; delete the files one by one" >&2
  exit 2
fi
exit 0
`;

const REVIEW = `---
description: Review one file for bugs and style
argument-hint: <path>
allowed-tools: Read, Grep
---
${CLAUDE_SETUP_MARKS.review}: review $ARGUMENTS. Read it, list bugs first, then style; change nothing.
`;

const FIX_ISSUE = `---
description: Fix a numbered issue at a priority
argument-hint: <number> <priority>
---
${CLAUDE_SETUP_MARKS.fixIssue}: fix issue #$1 (priority $2). Have the reviewer agent check the change.
`;

const REVIEWER = `---
name: reviewer
description: Reviews a change for bugs; never edits.
tools: Read, Grep
---
${CLAUDE_SETUP_MARKS.reviewer}: read the files named in the task and report bugs with file and line.
`;

const TESTER = `---
name: tester
description: Runs the project's checks and reports failures.
tools: Read, Bash
---
${CLAUDE_SETUP_MARKS.tester}: run the checks named in the task and report each failure.
`;

export function claudeSetupFiles(): Record<string, ScenarioFile> {
  return {
    ...shopWorkspace(),
    "CLAUDE.md": "# Shop\n\nRun `npm test` before you finish. Never delete `src/`.\n",
    ".claude/settings.json": SETTINGS,
    ".claude/hooks/no-rm-rf.sh": NO_RM_RF,
    ".claude/commands/review.md": REVIEW,
    ".claude/commands/fix-issue.md": FIX_ISSUE,
    ".claude/agents/reviewer.md": REVIEWER,
    ".claude/agents/tester.md": TESTER,
    "docs/checkout.png": CHECKOUT_PNG,
  };
}

/** A 32×20 PNG "screenshot" of the checkout page: a blue header over a white page (119 bytes). */
export const CHECKOUT_PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAACAAAAAUCAIAAABj86gYAAAAPklEQVR4AbXBQRHAIADAsNJDB280IQxNvKdoKpqMdR4liUlMYhKT2PzupiQxiUlMYhKTmMQkJjGJSUxiEvsBaA4C+tTTJakAAAAASUVORK5CYII=",
  "base64",
);

const subagent = (task: string, agent: string) => tool("subagent", { task, agent });

export const claudeSetupScenario: Scenario = {
  name: "claude-setup",
  description:
    "a Claude Code user's setup: hooks (rm -rf guard, tool-call log, prompt context), two custom commands with arguments, two agents with tool limits, a screenshot",
  files: claudeSetupFiles(),
  actions: [
    turn(
      "a custom command limited to Read and Grep",
      "/review src/shop/cart.ts",
      calls("Reading the file.", read("src/shop/cart.ts")),
      calls("Trying to run the linter.", bash("npx eslint src/shop/cart.ts")),
      say("No bugs; the rate constant could use a comment. (The linter is outside this review's tools.)"),
    ),
    turn(
      "the hook blocks rm -rf",
      "Clean the build output.",
      calls("Removing dist.", bash("rm -rf dist")),
      calls("Deleting one by one instead.", bash("ls dist 2>/dev/null || echo no dist")),
      say("There is no dist folder; nothing to clean."),
    ),
    turn(
      "a custom command with positional arguments delegates to the reviewer agent",
      "/fix-issue 42 high",
      calls("Reading the cart.", read("src/shop/cart.ts")),
      calls("Asking the reviewer.", subagent("Review src/shop/cart.ts for the rate bug", "reviewer")),
      // The reviewer's lane: it may read and grep, not run commands.
      calls("Reading.", read("src/shop/cart.ts")),
      calls("Checking with a command.", bash("wc -l src/shop/cart.ts")),
      say("cart.ts: the rate is fine; no bug found."),
      say("Issue 42: the reviewer found no bug in cart.ts; nothing to change."),
    ),
    turn(
      "the tester agent runs a check",
      "Have the tester check that the shop modules exist.",
      calls("Delegating.", subagent("Check that src/shop has modules", "tester")),
      calls("Listing.", bash("ls src/shop | head -3")),
      say("src/shop has its modules."),
      say("The tester found the modules in place."),
    ),
    turn(
      "a screenshot attached with @path",
      "The checkout header in @docs/checkout.png looks too tall; which module renders it?",
      calls("Searching for the header.", tool("search", { pattern: "checkout" })),
      say("The header is blue and a third of the page; `src/shop/checkout.ts` renders it."),
    ),
  ],
};
