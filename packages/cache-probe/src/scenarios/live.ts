/**
 * `live`: the scenario `picasso probe --live` runs against the real Anthropic API. The model is
 * real, so nothing is scripted: short questions that need no tools (writes and commands are
 * denied if it tries), a switch to plan mode and back, so the requests still cross turns and
 * modes. A few cents of tokens.
 */
import { mode, type Scenario, turn } from "./scenario.js";
import { shopWorkspace } from "./shop-workspace.js";

export const liveScenario: Scenario = {
  name: "live",
  description: "4 short turns against the real API, with a plan-mode switch",
  files: shopWorkspace(),
  deny: () => true,
  actions: [
    turn("hello", "hello"),
    turn(
      "question",
      "In one sentence: what does this workspace contain? Answer from the instructions you were given, without tools.",
    ),
    mode("plan"),
    turn("plan mode", "In two bullet points, how would you make the inventory limit configurable? No tools."),
    mode("default"),
    turn("back to default", "Thanks. Reply with just OK."),
  ],
};
