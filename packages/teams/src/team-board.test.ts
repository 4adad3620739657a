/**
 * The task board: ids in order, one owner per task (a second claim is refused, naming the owner),
 * only the owner or the lead changes a task, `open` frees it; and the roster folds the recorded
 * events back into the same board (what a resumed session does).
 */
import { describe, expect, it } from "vitest";
import { BoardRefusal, TaskBoard, type TaskEvent } from "./team-board.js";
import { TeamRoster } from "./team-roster.js";

function applied(board: TaskBoard, change: TaskEvent | BoardRefusal): TaskEvent {
  if (change instanceof BoardRefusal) throw new Error(`refused: ${change.reason}`);
  board.apply(change);
  return change;
}

describe("the team board", () => {
  it("gives a task to the first member who claims it and refuses the second", () => {
    const board = new TaskBoard("docs");
    applied(board, board.add("write the intro", "lead"));
    applied(board, board.add("write the FAQ", "lead"));
    expect(board.list().map((t) => t.id)).toEqual(["t1", "t2"]);
    expect(applied(board, board.claim("t1", "alpha"))).toMatchObject({ status: "claimed", owner: "alpha" });
    const second = board.claim("t1", "beta");
    expect(second).toBeInstanceOf(BoardRefusal);
    expect((second as BoardRefusal).reason).toContain("t1 is already claimed by alpha");
    expect(board.get("t1")?.owner).toBe("alpha");
    expect((board.claim("t9", "beta") as BoardRefusal).reason).toBe(
      'no task "t9" on the board (tasks: t1, t2)',
    );
  });

  it("lets only the owner or the lead change a task; open frees it for another member", () => {
    const board = new TaskBoard("docs");
    applied(board, board.add("write the intro", "lead"));
    applied(board, board.claim("t1", "alpha"));
    expect((board.done("t1", "beta", undefined) as BoardRefusal).reason).toContain("belongs to alpha");
    expect(applied(board, board.update("t1", "alpha", "blocked", "needs the API"))).toMatchObject({
      status: "blocked",
      owner: "alpha",
      note: "needs the API",
    });
    applied(board, board.update("t1", "lead", "open", undefined));
    expect(board.get("t1")?.status).toBe("open");
    expect(board.get("t1")?.owner).toBeUndefined();
    applied(board, board.claim("t1", "beta"));
    expect(applied(board, board.done("t1", "beta", "written"))).toMatchObject({
      status: "done",
      owner: "beta",
    });
    expect((board.claim("t1", "gamma") as BoardRefusal).reason).toContain("done already");
    expect(board.summary()).toBe("1 task: 1 done");
  });

  it("folds back from its events: a roster fed the log has the same board, results and seats", () => {
    const roster = new TeamRoster();
    roster.apply({
      type: "team_start",
      team: "docs",
      members: [{ name: "alpha", lane: "agent-1", role: "writes", task: "intro" }],
      resultSchema: { type: "object" },
    });
    const live = new TaskBoard("docs");
    for (const change of [live.add("intro", "lead")]) roster.apply(applied(live, change));
    roster.apply(applied(live, live.claim("t1", "alpha")));
    roster.apply({
      type: "team_result",
      team: "docs",
      member: "alpha",
      status: "valid",
      result: { ok: true },
    });
    roster.apply({ type: "subagent_stop", status: "budget", reportBytes: 1 }, "agent-1");
    const team = roster.get("docs");
    expect(team?.board.list()).toEqual(live.list());
    expect(roster.seatOf("agent-1")?.member).toMatchObject({
      name: "alpha",
      stopped: "budget",
      result: { status: "valid", result: { ok: true } },
    });
    expect(roster.seatOf("main")).toBeUndefined();
  });
});
