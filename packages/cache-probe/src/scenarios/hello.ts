/** `hello`: one turn, one request — the first-turn prefix the baseline report is about. */
import { type Scenario, say, turn } from "./scenario.js";
import { shopWorkspace } from "./shop-workspace.js";

export const helloScenario: Scenario = {
  name: "hello",
  description: "one turn: the user says hello, the model answers",
  files: shopWorkspace(),
  actions: [
    turn(
      "hello",
      "hello",
      say("Hello! I can read, search and edit this shop's code, run commands and plan changes."),
    ),
  ],
};
