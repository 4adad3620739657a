/**
 * `coding`: a 30-turn coding session in the shop workspace — reads, searches, edits, writes and
 * `bash`; parallel tool calls, one step with 25 of them; a denied approval; mode switches
 * default → plan → auto → default (with a write refused in plan mode); the Tier-2 loads the
 * product has (a deferred tool schema through `tool_search`, a `tool_call` with invalid
 * arguments that returns the schema, then a valid one; the plan-mode section on entering plan
 * mode; the stale-todos reminder once 20+ tool calls pass an open todo list); a subagent.
 */

import { realisticSetup } from "./hello.js";
import { bash, calls, edit, mode, read, type Scenario, say, search, tool, turn, write } from "./scenario.js";
import { rateLine, SHOP_MODULES } from "./shop-workspace.js";

const m = (name: string) => `src/shop/${name}.ts`;

export const codingScenario: Scenario = {
  name: "coding",
  description:
    "30 turns: reads, edits, bash, parallel calls (one step with 25), a denied approval, modes, Tier-2 loads, a subagent",
  ...realisticSetup,
  deny: (name, input) => name === "bash" && String(input.command ?? "").includes("publish"),
  actions: [
    turn(
      "read two files in parallel",
      "How does pricing work in this shop?",
      calls("Reading the cart and pricing modules.", read(m("cart")), read(m("pricing"))),
      say("Pricing multiplies each line's quantity by its unit price in cents, then applies `PRICING_RATE`."),
    ),
    turn(
      "search",
      "Where are the exported functions?",
      calls("Searching for exports.", search({ pattern: "export function", glob: "*.ts" })),
      say("Every module exports a `<module>Total` and a `<module>WithinLimit` function."),
    ),
    turn(
      "bash",
      "List the source files.",
      calls("Listing.", bash("ls src/shop | head -40")),
      say("There are 27 files under `src/shop`."),
    ),
    turn(
      "read then edit",
      "Raise the tax rate by one point.",
      calls("Reading `src/shop/tax.ts` first.", read(m("tax"))),
      calls("Editing the rate.", edit(m("tax"), rateLine("tax"), "export const TAX_RATE = 0.31;")),
      say("`src/shop/tax.ts`: `TAX_RATE` is now 0.31."),
    ),
    turn(
      "bash grep",
      "Which modules still have TODOs?",
      calls("Searching TODOs.", bash("grep -rn TODO src/shop | wc -l")),
      say("Every module has one TODO about moving its limit into configuration."),
    ),
    turn(
      "todo list",
      "Plan the cleanup as a todo list.",
      calls(
        "Writing the list.",
        tool("todo_write", {
          todos: [
            { content: "Audit every module", status: "in_progress" },
            { content: "Refactor inventory limits", status: "pending" },
            { content: "Document the refactor", status: "pending" },
          ],
        }),
      ),
      say("Three items: audit, refactor inventory, document."),
    ),
    turn(
      "denied approval",
      "Publish the package.",
      calls("Publishing.", bash("npm publish --dry-run")),
      say("You denied `npm publish`; nothing was published."),
    ),
    turn(
      "25 parallel tool calls",
      "Audit every module.",
      calls("Reading all 25 modules at once.", ...SHOP_MODULES.slice(0, 25).map((name) => read(m(name)))),
      say("All 25 modules follow the same pattern; `audit-log` was not read."),
    ),
    turn(
      "write a new file",
      "Add a module for gift cards.",
      calls(
        "Writing `src/shop/gift-cards.ts`.",
        write(
          m("gift-cards"),
          "export const GIFT_CARDS_RATE = 0;\nexport function giftCardsTotal(): number {\n  return 0;\n}\n",
        ),
      ),
      calls("Checking it.", bash("wc -l src/shop/gift-cards.ts")),
      say("`src/shop/gift-cards.ts` added (4 lines)."),
    ),
    mode("plan"),
    turn(
      "plan mode: read and a refused edit",
      "Plan a refactor of the inventory limits.",
      calls("Reading inventory and warehouse.", read(m("inventory")), read(m("warehouse"))),
      calls("Trying the change.", edit(m("inventory"), "INVENTORY_LIMIT = 400", "INVENTORY_LIMIT = 500")),
      say("Plan: move `INVENTORY_LIMIT` into configuration; plan mode refused the edit, as it should."),
    ),
    turn(
      "plan mode: more reading",
      "What about shipping?",
      calls("Reading shipping.", read(m("shipping"))),
      say("Shipping follows the same pattern; the same refactor applies."),
    ),
    mode("auto"),
    turn(
      "auto mode: edit and bash",
      "Implement the inventory plan.",
      calls(
        "Editing.",
        edit(
          m("inventory"),
          "INVENTORY_LIMIT = 400",
          "INVENTORY_LIMIT = Number(process.env.INVENTORY_LIMIT ?? 400)",
        ),
      ),
      calls("Checking.", bash("grep -n INVENTORY_LIMIT src/shop/inventory.ts")),
      say("`src/shop/inventory.ts` reads its limit from the environment."),
    ),
    turn(
      "auto mode: write docs",
      "Document it.",
      calls(
        "Writing the note.",
        write(
          "docs/fulfilment.md",
          "# Fulfilment\n\n`INVENTORY_LIMIT` comes from the environment (default 400).\n",
        ),
      ),
      say("`docs/fulfilment.md` written."),
    ),
    turn(
      "Tier 2: tool_search",
      "Is there a tool to find skills?",
      calls("Searching the tool catalog.", tool("tool_search", { query: "skill_search" })),
      say("Yes: `skill_search`, reached through `tool_call`."),
    ),
    turn(
      "Tier 2: tool_call with a validation error",
      "Find a release skill.",
      calls("Calling it.", tool("tool_call", { name: "skill_search", arguments: {} })),
      calls(
        "Fixing the arguments.",
        tool("tool_call", { name: "skill_search", arguments: { query: "release" } }),
      ),
      say("No skills are installed in this workspace."),
    ),
    mode("default"),
    turn(
      "default mode again",
      "Show me the inventory change.",
      calls("Showing it.", bash("head -8 src/shop/inventory.ts")),
      say("Line 5 now reads the limit from the environment."),
    ),
    turn(
      "subagent",
      "Ask a helper to review pricing.",
      calls(
        "Delegating the review.",
        tool("subagent", {
          task: "Review src/shop/pricing.ts for rounding problems and report in two sentences.",
        }),
      ),
      calls("Reading pricing.", read(m("pricing"))),
      say("Rounding happens once at the end with Math.round, which is fine for cents."),
      say("The helper found no rounding problem in `src/shop/pricing.ts`."),
    ),
    turn(
      "parallel reads and search",
      "Compare checkout, payments and refunds.",
      calls(
        "Reading three modules and searching.",
        read(m("checkout")),
        read(m("payments")),
        read(m("refunds")),
        search({ pattern: "ShopError", glob: "*.ts" }),
      ),
      say("All three share the pattern; each throws `ShopError` on a non-positive quantity."),
    ),
    turn(
      "edit a file read earlier",
      "Round pricing down instead.",
      calls(
        "Editing pricing.",
        edit(
          m("pricing"),
          "return Math.round(total * (1 + PRICING_RATE));",
          "return Math.floor(total * (1 + PRICING_RATE));",
        ),
      ),
      say("`src/shop/pricing.ts` rounds down now."),
    ),
    turn(
      "bash version",
      "Which node is this?",
      calls("Checking.", bash("node --version")),
      say("Node is installed; see the version above."),
    ),
    turn(
      "todo list done",
      "Mark the cleanup done.",
      calls(
        "Updating the list.",
        tool("todo_write", {
          todos: [
            { content: "Audit every module", status: "done" },
            { content: "Refactor inventory limits", status: "done" },
            { content: "Document the refactor", status: "done" },
          ],
        }),
      ),
      say("All three items are done."),
    ),
    turn(
      "plain answer",
      "Why integer cents?",
      say("Floats cannot represent most decimal cents exactly; integers keep totals exact."),
    ),
    turn(
      "read with offset",
      "Show the end of the audit log module.",
      calls("Reading its end.", read(m("audit-log"), { offset: 20 })),
      say("The module ends with its TODO about configuration."),
    ),
    turn(
      "search case-insensitive",
      "Find every limit.",
      calls("Searching.", search({ pattern: "limit", case_insensitive: true, max_results: 40 })),
      say("Each module defines a `_LIMIT` constant and a `WithinLimit` function."),
    ),
    turn(
      "edit currency",
      "Set the currency rate to zero.",
      calls("Reading currency.", read(m("currency"))),
      calls("Editing.", edit(m("currency"), rateLine("currency"), "export const CURRENCY_RATE = 0;")),
      say("`src/shop/currency.ts`: `CURRENCY_RATE` is 0."),
    ),
    turn(
      "parallel bash",
      "How big is the code base?",
      calls("Counting.", bash("cat src/shop/*.ts | wc -l"), bash("ls src/shop | wc -l")),
      say("About 700 lines in 28 files."),
    ),
    turn(
      "plain answer 2",
      "Anything risky left?",
      say("Only the unconfigured limits in the other modules; each has a TODO."),
    ),
    turn(
      "read docs",
      "What do the pricing docs say?",
      calls("Reading.", read("docs/pricing.md")),
      say("Discounts apply before tax and coupons after discounts."),
    ),
    turn(
      "write docs",
      "Add that to the docs for payments.",
      calls(
        "Writing.",
        write("docs/payments.md", "# Payments\n\nTotals are integer cents; pricing rounds down.\n"),
      ),
      say("`docs/payments.md` written."),
    ),
    turn(
      "wrap up",
      "Summarise what we changed.",
      say(
        "Tax rate, inventory limit from env, pricing rounds down, currency rate 0, gift cards module, two docs.",
      ),
    ),
  ],
};
