/**
 * `next-day`: a few turns on day 1 (a read, a `remember`), then the next day — the session
 * closes, 24 hours pass (the provider's cache expires, the session's date moves on) and a new
 * session of the same workspace and PICASSO_HOME opens — then a few turns on day 2 (a `recall`
 * of yesterday's memory, a read). The first request of day 2 writes Tier 1 again (an expected
 * `new-session` finding), but Tier 1 must be the same bytes as day 1's: nothing that depends on
 * the date or the day may enter it. The workspace is the realistic setup `hello` runs in.
 */
import { realisticSetup } from "./hello.js";
import { calls, nextDay, read, type Scenario, say, tool, turn } from "./scenario.js";

export const nextDayScenario: Scenario = {
  name: "next-day",
  description:
    "3 turns (a read, remember), the next day: a new session 24 h later (the cache expired), 3 turns (recall yesterday's memory, a read)",
  ...realisticSetup,
  actions: [
    turn(
      "read",
      "How are taxes computed?",
      calls("Reading the tax module.", read("src/shop/tax.ts")),
      say("Tax multiplies the total in cents by `TAX_RATE`."),
    ),
    turn(
      "remember",
      "Remember that the tax rate changes on 1 February.",
      calls(
        "Saving that for later sessions.",
        tool("remember", {
          title: "Tax rate change on 1 February",
          body: "The tax rate in src/shop/tax.ts changes on 1 February; update TAX_RATE then.",
          class: "fact",
          importance: 4,
        }),
      ),
      say("Saved: the tax rate changes on 1 February."),
    ),
    turn("end of day", "That's all for today.", say("See you tomorrow.")),
    nextDay(),
    turn("good morning", "Good morning.", say("Good morning! What shall we do today?")),
    turn(
      "recall yesterday's memory",
      "What did I tell you about taxes yesterday?",
      calls("Searching memory.", tool("recall", { query: "tax rate February", limit: 3 })),
      say("The tax rate changes on 1 February; `TAX_RATE` in `src/shop/tax.ts` needs updating then."),
    ),
    turn(
      "read",
      "Show me the current rate.",
      calls("Reading the tax module.", read("src/shop/tax.ts")),
      say("`TAX_RATE` is in `src/shop/tax.ts`."),
    ),
  ],
};
