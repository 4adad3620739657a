/**
 * `team`: an agent team of three in the shop workspace — the lead discovers the `team` family with
 * `tool_search`, starts the team through `tool_call` with a board of three tasks and a result
 * schema, and waits in `team_status`. Each member (a background lane, label = its name, group
 * `team:review`) claims its task, one messages the lead (a `team:message` wake that joins the
 * lead's next step), each reports a schema-valid result with `structured_output`, marks its task
 * done and stops. Every lane must send the lead's Tier 1 byte for byte (0 prefix drops), and each
 * member's identity (`team:identity`) and the team's policy (`team:policy`) must stay in that
 * member's lane (packages/cache-probe/test/team-scenario.test.ts).
 *
 * Every reply is matched (the lanes run at once, so no reply may depend on request order): a
 * member's first request by its identity line, the rest by what its own tools answered.
 */
import { calls, type MockStep, type Scenario, say, tool, turn } from "./scenario.js";
import { shopWorkspace } from "./shop-workspace.js";

const call = (name: string, args: Record<string, unknown>) => tool("tool_call", { name, arguments: args });
const when = (match: string, step: MockStep): MockStep => ({ ...step, match }) as MockStep;

/** The team's members: name, the module each reviews, its board task. */
export const TEAM_MEMBERS = [
  { name: "ana", module: "cart", task: "t1" },
  { name: "ben", module: "pricing", task: "t2" },
  { name: "cleo", module: "tax", task: "t3" },
] as const;

const RESULT_SCHEMA = {
  type: "object",
  properties: { module: { type: "string" }, findings: { type: "integer", minimum: 0 } },
  required: ["module", "findings"],
  additionalProperties: false,
};

function memberSteps(name: string, module: string, task: string): MockStep[] {
  return [
    when(
      `You are "${name}"`,
      calls(`${name}: claiming ${task}.`, call("team_board", { action: "claim", id: task })),
    ),
    when(
      `${name} claimed ${task}`,
      calls(
        `${name}: reading the ${module} module.`,
        tool("read", { path: `src/shop/${module}.ts` }),
        ...(name === "ana"
          ? [call("team_message", { to: "lead", text: "ana: the cart rate looks low; details in my result" })]
          : []),
      ),
    ),
    when(
      `the ${module} part of the shop`,
      calls(
        `${name}: reporting.`,
        call("structured_output", { result: { module, findings: module.length } }),
      ),
    ),
    when(
      `${name}: result accepted`,
      calls(`${name}: marking ${task} done.`, call("team_board", { action: "done", id: task })),
    ),
    when(`${name} finished ${task}`, say(`${name}: the ${module} module is reviewed.`)),
  ];
}

export const teamScenario: Scenario = {
  name: "team",
  description:
    "an agent team of three: members claim board tasks, message the lead and report schema-valid results, each lane with the lead's Tier 1",
  files: shopWorkspace(),
  matched: TEAM_MEMBERS.flatMap((m) => memberSteps(m.name, m.module, m.task)),
  actions: [
    turn(
      "team: start, board, messages, results",
      "Review the cart, pricing and tax modules with a team of three.",
      when(
        "Review the cart, pricing and tax",
        calls("Finding the team tools.", tool("tool_search", { query: "team_start" })),
      ),
      when(
        "team_start",
        calls(
          "Starting the team.",
          call("team_start", {
            team: "review",
            members: TEAM_MEMBERS.map((m) => ({
              name: m.name,
              brief: `Reviews the ${m.module} module.`,
              task: `Review src/shop/${m.module}.ts for bugs; your board task is ${m.task}.`,
              max_steps: 8,
            })),
            tasks: TEAM_MEMBERS.map((m) => `review ${m.module}`),
            result_schema: RESULT_SCHEMA,
          }),
        ),
      ),
      // ana's message to the lead joins the lead's next step: it may be the newest input of either.
      when(
        "/Started team review|the cart rate looks low/",
        calls("Waiting for the team.", call("team_status", { wait_seconds: 120 })),
      ),
      when(
        "/All members stopped|the cart rate looks low/",
        say("The team reviewed cart, pricing and tax; ana flagged the cart rate."),
      ),
    ),
  ],
};
