/**
 * Agent teams in the TUI (headless is apps/cli/test/teams.test.ts): the lead's team_start and a
 * member's claim are notices in the transcript, and `/team` — the teams extension's operation made
 * a slash command — shows the team's members, their state and the board. The team's end wakes the
 * idle lead with a turn of its own.
 */
import { afterEach, describe, expect, it } from "vitest";
import { TmuxTui } from "./tmux-tui.js";

let tui: TmuxTui | undefined;
afterEach(() => {
  tui?.stop();
  tui = undefined;
});

const SCRIPT = `steps:
  - match: "start a team"
    tool_calls:
      - name: tool_call
        input:
          name: team_start
          arguments: { team: crew, members: [ { name: scout, brief: "Scouts the code.", task: "TASK-SCOUT: look around" } ], tasks: [ "look around" ] }
  - { match: "Started team crew", text: "Team started." }
  - match: "TASK-SCOUT"
    tool_calls:
      - { name: tool_call, input: { name: team_board, arguments: { action: claim, id: t1 } } }
  - { match: "scout claimed t1", text: "scout: looked around." }
  - { match: "Team crew finished", text: "CREW-DONE: the scout is back." }
`;

describe("picasso TUI: agent teams", { timeout: 120_000 }, () => {
  it("shows the team's facts as notices and /team shows its members and board", async () => {
    tui = new TmuxTui({ width: 140, height: 40, script: SCRIPT });
    tui.start();
    await tui.waitFor("mock");
    await tui.send("start a team");
    await tui.waitFor("team crew started: scout (agent-1)");
    await tui.waitFor("team crew board · scout claim t1");
    await tui.waitFor(/agent-1 done/);
    // The team's end wakes the idle lead: a turn of its own for the team:done notice.
    await tui.waitFor("CREW-DONE: the scout is back.");
    await tui.send("/team");
    const shown = await tui.waitFor(/Team crew: 1 member, 0 running/);
    expect(shown).toMatch(/- scout \(agent-1\) · done · 2 steps/);
    expect(shown).toContain("- t1 [claimed · scout] look around");
  });
});
