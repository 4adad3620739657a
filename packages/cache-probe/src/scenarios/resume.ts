/**
 * `resume`: a session is closed after a few turns and re-opened from its log in a new process
 * (new engine, plugins, SDK client and tool runtime; only the log file and the provider's cache
 * carry over), which runs the rest — including a mode switch after the resume. The first request
 * after the resume must read everything the last one before it cached.
 */
import { bash, calls, edit, mode, read, type Scenario, say, turn } from "./scenario.js";
import { rateLine, shopWorkspace } from "./shop-workspace.js";

export const resumeScenario: Scenario = {
  name: "resume",
  description: "4 turns, close, re-open from the log in a new process, 3 more turns (one in plan mode)",
  files: shopWorkspace(),
  actions: [
    turn(
      "read",
      "Look at shipping.",
      calls("Reading.", read("src/shop/shipping.ts")),
      say("Shipping applies `SHIPPING_RATE`."),
    ),
    turn(
      "edit",
      "Make shipping free.",
      calls(
        "Editing.",
        edit("src/shop/shipping.ts", rateLine("shipping"), "export const SHIPPING_RATE = 0;"),
      ),
      say("`src/shop/shipping.ts`: free shipping."),
    ),
    turn(
      "bash",
      "Check it.",
      calls("Checking.", bash("grep -n RATE src/shop/shipping.ts")),
      say("The rate is 0."),
    ),
    turn("answer", "Good. Stop here for today.", say("Stopped; resume any time.")),
    { kind: "resume", newProcess: true },
    turn("after resume", "Where were we?", say("Shipping is free now (`src/shop/shipping.ts`).")),
    mode("plan"),
    turn(
      "plan after resume",
      "Plan the same for returns.",
      calls("Reading returns.", read("src/shop/returns.ts")),
      say("Plan: set `RETURNS_RATE` to 0 the same way."),
    ),
    turn("answer after resume", "Thanks.", say("You're welcome.")),
  ],
};
