/**
 * `acp`: the coding loop driven through the ACP surface (`@picasso/acp-server`, in process, with
 * the SDK's client-side connection): approvals answered as `session/request_permission` (one
 * rejected), a mode switch by `session/set_mode` there and back, a `todo_write` plan, and a
 * `session/load` on a new connection that resumes from the log. The ACP session composes the
 * `sdk` patch file; its Tier 1 is the CLI's, and no request may drop the cached prefix.
 */

import { realisticSetup } from "./hello.js";
import { bash, calls, edit, mode, read, type Scenario, say, tool, turn, write } from "./scenario.js";
import { rateLine } from "./shop-workspace.js";

export const acpScenario: Scenario = {
  name: "acp",
  description:
    "8 turns through ACP: request_permission (one rejected), set_mode plan and back, a plan, session/load on a new connection",
  surface: "acp",
  ...realisticSetup,
  deny: (name) => name === "write",
  actions: [
    turn(
      "read",
      "How is shipping priced?",
      calls("Reading shipping.", read("src/shop/shipping.ts")),
      say("Shipping multiplies by `SHIPPING_RATE`."),
    ),
    turn(
      "plan",
      "Plan making shipping free.",
      calls(
        "Planning.",
        tool("todo_write", {
          todos: [
            { content: "set SHIPPING_RATE to 0", status: "in_progress" },
            { content: "check it", status: "pending" },
          ],
        }),
      ),
      say("Two steps."),
    ),
    turn(
      "edit (allowed)",
      "Make shipping free.",
      calls(
        "Editing.",
        edit("src/shop/shipping.ts", rateLine("shipping"), "export const SHIPPING_RATE = 0;"),
      ),
      say("Shipping is free."),
    ),
    turn(
      "write (rejected)",
      "Write a changelog.",
      calls("Writing.", write("CHANGELOG.md", "- free shipping\n")),
      say("The write was rejected; no changelog."),
    ),
    mode("plan"),
    turn(
      "plan mode",
      "What about returns?",
      calls("Reading returns.", read("src/shop/returns.ts")),
      say("Returns could follow the same way."),
    ),
    mode("default"),
    turn(
      "bash (allowed)",
      "Check shipping.",
      calls("Checking.", bash("grep -n RATE src/shop/shipping.ts")),
      say("0."),
    ),
    { kind: "resume" },
    turn("after load", "Where were we?", say("Shipping is free; returns are planned.")),
    turn("answer", "Thanks.", say("You're welcome.")),
  ],
};
