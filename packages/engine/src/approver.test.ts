import { describe, expect, it } from "vitest";
import { allowListApprover } from "./approver.js";

const signal = new AbortController().signal;
const request = (name: string, target?: string) => ({
  lane: "main",
  toolUseId: "t",
  name,
  effect: "exec" as const,
  input: {},
  ...(target ? { target } : {}),
});

describe("allowListApprover", () => {
  it("allows named tools for the session and denies the rest with the flag to use", async () => {
    const approver = allowListApprover(["bash", "deploy"]);
    expect(await approver.approve(request("bash"), signal)).toEqual({ decision: "allow_session" });
    expect(await approver.approve(request("tool_call", "deploy"), signal)).toEqual({
      decision: "allow_session",
    });
    const denied = await approver.approve(request("edit"), signal);
    expect(denied).toMatchObject({ decision: "deny" });
    expect(denied.note).toContain("--allow edit");
    expect((await approver.approve(request("tool_call", "shell"), signal)).note).toContain("--allow shell");
  });
});
