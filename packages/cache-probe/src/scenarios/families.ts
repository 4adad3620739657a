/**
 * `families`: every deferred tool family touched through the gateways — each is discovered with
 * `tool_search` (its schema and family rules arrive as Tier 2) and run with `tool_call`, in the
 * shop workspace. The prefix must not drop: deferred tools never enter Tier 1, whatever runs.
 * Touches: files (glob, list_dir, multi_edit, apply_patch, notebook_edit), web (web_fetch refused
 * by the SSRF guard, web_search not configured — no network in the probe), terminal (a process
 * started, written to, listed and killed), worktree (created, listed and removed in the shop,
 * made a git repository first with bash), present (a table shown to the user), session (this
 * session's own log searched for an earlier turn), subagent (one forked in the background and its
 * report awaited), goal (set, checked and done).
 */
import { bash, calls, read, type Scenario, say, tool, turn } from "./scenario.js";
import { rateLine, shopWorkspace } from "./shop-workspace.js";

const call = (name: string, args: Record<string, unknown>) => tool("tool_call", { name, arguments: args });

const NOTEBOOK = `${JSON.stringify(
  {
    cells: [
      { cell_type: "markdown", id: "intro", metadata: {}, source: ["# Sales"] },
      {
        cell_type: "code",
        execution_count: 1,
        id: "plot",
        metadata: {},
        outputs: [{ name: "stdout", output_type: "stream", text: ["ok\n"] }],
        source: ["totals.plot()"],
      },
    ],
    metadata: {},
    nbformat: 4,
    nbformat_minor: 5,
  },
  null,
  1,
)}\n`;

export const familiesScenario: Scenario = {
  name: "families",
  description: "every deferred tool family discovered with tool_search and run with tool_call",
  files: { ...shopWorkspace(), "notebooks/sales.ipynb": NOTEBOOK },
  actions: [
    turn(
      "files: discover, glob and list_dir",
      "Which test files exist, and how is src laid out?",
      calls("Looking for a file-finding tool.", tool("tool_search", { query: "find files by name pattern" })),
      calls(
        "Listing.",
        call("glob", { pattern: "*.ts", path: "src/shop", max_results: 3 }),
        call("list_dir", { path: "src", depth: 1 }),
      ),
      say("No test files yet; `src/shop` holds 27 modules."),
    ),
    turn(
      "files: multi_edit and apply_patch",
      "Raise the cart and pricing rates, and add a changelog.",
      calls("Reading the cart module.", read("src/shop/cart.ts")),
      calls(
        "Editing and patching.",
        call("multi_edit", {
          path: "src/shop/cart.ts",
          edits: [
            { old_string: rateLine("cart"), new_string: "export const CART_RATE = 0.15;" },
            { old_string: "the cart part of the shop", new_string: "the shopping cart" },
          ],
        }),
        call("apply_patch", {
          patch:
            "*** Begin Patch\n*** Add File: CHANGELOG.md\n+# Changelog\n+- cart rate 0.15\n*** End Patch",
        }),
      ),
      say("`src/shop/cart.ts` changed; `CHANGELOG.md` added."),
    ),
    turn(
      "files: notebook_edit",
      "Make the sales notebook plot weekly totals.",
      calls("Reading the notebook.", read("notebooks/sales.ipynb")),
      calls(
        "Editing its code cell.",
        call("notebook_edit", {
          path: "notebooks/sales.ipynb",
          cell_id: "plot",
          source: "totals.resample('W').sum().plot()",
        }),
      ),
      say("The plot cell now resamples weekly; its old output was cleared."),
    ),
    turn(
      "web: web_fetch and web_search",
      "Read http://127.0.0.1:9/status and search the web for vitest workspaces.",
      calls("Finding the web tools.", tool("tool_search", { query: "web_fetch" })),
      calls(
        "Fetching and searching.",
        call("web_fetch", { url: "http://127.0.0.1:9/status" }),
        call("web_search", { query: "vitest workspaces" }),
      ),
      say("The address is on this machine, which web_fetch refuses; web search is not configured."),
    ),
    turn(
      "terminal: start, write, list, kill",
      "Start the greeter, answer its question, then stop it.",
      calls("Finding the terminal tools.", tool("tool_search", { query: "terminal" })),
      calls(
        "Starting it.",
        call("terminal_start", {
          command: 'echo "name?"; read -r name; echo "hello $name"; sleep 60',
          wait_for: "name\\?",
        }),
      ),
      calls("Answering.", call("terminal_write", { id: "term-1", text: "shop", wait_for: "hello shop" })),
      calls("Stopping it.", call("terminal_list", {}), call("terminal_kill", { id: "term-1" })),
      say("It greeted the shop; the terminal is stopped."),
    ),
    turn(
      "worktree: create, list, remove",
      "Try the refactor in a separate checkout, then drop it.",
      calls(
        "Making the shop a repository.",
        bash(
          "git init -q -b main && git add -A && git -c user.name=probe -c user.email=probe@example.com commit -q -m shop && git log --oneline | wc -l",
        ),
      ),
      calls("Finding the worktree tools.", tool("tool_search", { query: "worktree" })),
      calls("Creating one.", call("worktree_create", { branch: "refactor" })),
      calls(
        "Listing, then removing.",
        call("worktree_list", {}),
        call("worktree_remove", { branch: "refactor", delete_branch: true }),
      ),
      say("The refactor checkout was created and removed with its branch."),
    ),
    turn(
      "present: a table",
      "Compare the cart and tax rates for me.",
      calls(
        "Showing a table.",
        call("present", {
          title: "Rates",
          table: {
            columns: ["module", "rate"],
            rows: [
              ["cart", "0.15"],
              ["tax", "0.30"],
            ],
          },
        }),
      ),
      say("The table is in your view."),
    ),
    turn(
      "session: session_query",
      "What did we change about the cart earlier?",
      calls("Searching past sessions.", call("session_query", { query: "cart rate changelog" })),
      say("Turn 2 raised the cart rate to 0.15 and added a changelog."),
    ),
    turn(
      "subagent: fork and report",
      "Have a helper count the shop modules in the background.",
      calls("Finding the background subagent tools.", tool("tool_search", { query: "subagent_fork" })),
      calls(
        "Forking a counter and waiting for its report.",
        call("subagent_fork", { task: "Count the modules in src/shop and answer with the number." }),
        call("subagent_report", { id: "agent-1", wait_seconds: 60 }),
      ),
      say("src/shop holds 27 modules."),
      say("The helper counted 27 modules in `src/shop`."),
    ),
    turn(
      "goal: set, status, done",
      "Keep going until every module has a changelog line.",
      calls(
        "Setting the goal.",
        call("goal_set", {
          objective: "A changelog line per module",
          done_when: "CHANGELOG.md names the cart",
        }),
      ),
      calls(
        "Checking it.",
        call("goal_status", {}),
        call("goal_done", { evidence: "CHANGELOG.md: cart rate 0.15" }),
      ),
      say("The goal is done."),
    ),
  ],
};
