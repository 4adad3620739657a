/**
 * `modes`: every directed switch among the three permission modes — default → plan → auto →
 * default → auto → plan → default — each followed by a turn with a tool call: in plan mode a
 * write is refused by the engine (the second time a read runs), in auto a write and an edit run
 * without an approval (commands would still ask outside the sandbox), in default an edit is
 * approved once. The mode is session state, never Tier 1: every request's tools and system are
 * the bytes of the first.
 */
import { calls, edit, mode, read, type Scenario, say, search, turn, write } from "./scenario.js";
import { rateLine, shopWorkspace } from "./shop-workspace.js";

export const modesScenario: Scenario = {
  name: "modes",
  description:
    "every switch among default, plan and auto (default→plan→auto→default→auto→plan→default), a tool call after each",
  files: shopWorkspace(),
  actions: [
    turn(
      "default: read",
      "How do refunds work?",
      calls("Reading refunds.", read("src/shop/refunds.ts")),
      say("Refunds multiply the lines by `REFUNDS_RATE`."),
    ),
    mode("plan"),
    turn(
      "plan: a refused write",
      "Plan a refund policy document.",
      calls("Writing the draft.", write("docs/refunds.md", "# Refund policy\n")),
      say("Plan mode refused the write; the plan: a one-page policy in docs/refunds.md."),
    ),
    mode("auto"),
    turn(
      "auto: a write without approval",
      "Go ahead and write it.",
      calls("Writing it.", write("docs/refunds.md", "# Refund policy\n\nRefunds within 30 days.\n")),
      say("`docs/refunds.md` written."),
    ),
    mode("default"),
    turn(
      "default: an approved edit",
      "Make it 60 days.",
      calls("Editing.", edit("docs/refunds.md", "30 days", "60 days")),
      say("`docs/refunds.md`: 60 days."),
    ),
    mode("auto"),
    turn(
      "auto: an edit without approval",
      "Say it is counted from delivery.",
      calls("Editing.", edit("docs/refunds.md", "60 days.", "60 days of delivery.")),
      say("`docs/refunds.md`: 60 days of delivery."),
    ),
    mode("plan"),
    turn(
      "plan: a read",
      "Plan the same for returns.",
      calls("Reading returns.", read("src/shop/returns.ts")),
      say(`Plan: document returns as refunds; \`${rateLine("returns")}\` stays.`),
    ),
    mode("default"),
    turn(
      "default: search",
      "Where else is the refund rate used?",
      calls("Searching.", search({ pattern: "REFUNDS_RATE" })),
      say("Only in `src/shop/refunds.ts`."),
    ),
  ],
};
