/** `picasso sessions` lists what `--resume` can pick. */
import { describe, expect, it } from "vitest";
import { picasso, script, workspace } from "./cli-harness.js";

describe("picasso sessions", () => {
  it("lists the workspace's sessions, newest first, with turns and first prompt", async () => {
    const dir = workspace();
    const empty = await picasso(dir, ["sessions"]);
    expect(empty.stdout).toBe("no sessions in this workspace yet");
    const s = script(dir, { steps: [{ text: "one" }, { text: "two" }, { text: "three" }] });
    const mock = ["--provider", "mock", "--mock-script", s];
    const a = JSON.parse(
      (await picasso(dir, ["-p", "first session", "--output-format", "json", ...mock])).stdout as string,
    );
    await picasso(dir, ["-p", "second turn", "--continue", ...mock]);
    const b = JSON.parse(
      (await picasso(dir, ["-p", "another session", "--output-format", "json", ...mock])).stdout as string,
    );
    const listed = await picasso(dir, ["sessions", "--json"]);
    expect(listed.exitCode).toBe(0);
    const sessions = JSON.parse(listed.stdout as string);
    expect(sessions.map((x: { id: string }) => x.id)).toEqual([b.sessionId, a.sessionId]);
    expect(sessions[1]).toMatchObject({ turns: 2, firstPrompt: "first session" });
    const text = await picasso(dir, ["sessions"]);
    expect(text.stdout.split("\n")[0]).toContain(b.sessionId);
    const unknown = await picasso(dir, ["-p", "hi", "--resume", "nope", ...mock]);
    expect(unknown.stderr).toContain(a.sessionId);
    expect(unknown.stderr).toContain("picasso sessions");
  });
});
