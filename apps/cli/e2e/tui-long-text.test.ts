/**
 * A session holding a 200 KB prompt with no space in it (a pasted base64 blob) reopens with
 * `--continue` at once — its opening line, the prompt's head and a note on how much is hidden and
 * where it is — and SIGTERM then ends the process and releases the session's lock. (It took minutes
 * at full CPU, deaf to SIGTERM, while Ink wrapped the blob during the replay.)
 */
import { randomBytes } from "node:crypto";
import { existsSync, readdirSync, readFileSync, readlinkSync, realpathSync } from "node:fs";
import { join } from "node:path";
import { projectSessionsDir } from "@picasso/engine";
import { afterEach, describe, expect, it } from "vitest";
import { hostPids, picasso } from "../test/cli-harness.js";
import { BINARY, TmuxTui } from "./tmux-tui.js";

let tui: TmuxTui | undefined;
afterEach(() => {
  tui?.stop();
  tui = undefined;
});

describe("picasso TUI with long unbroken text", { timeout: 120_000 }, () => {
  it("reopens a session holding a 200 KB unbroken prompt at once and leaves on SIGTERM", async () => {
    tui = new TmuxTui({ args: ["--continue"] });
    const prompt = randomBytes(150_000).toString("base64");
    const made = await picasso(tui.workspace, ["-p", "-", "--provider", "mock"], {
      input: prompt,
      env: { PICASSO_HOME: tui.home },
    });
    expect(made.exitCode).toBe(0);
    const sessions = projectSessionsDir(tui.home, tui.workspace);
    const id = readdirSync(sessions)
      .find((f) => f.endsWith(".jsonl"))!
      .replace(/\.jsonl$/, "");

    tui.start();
    // Generous: about 2 s here; the replay used to take minutes.
    await tui.waitFor(`resumed session ${id}`, 20_000);
    const screen = await tui.waitFor(/… 198,000 more characters of this message not shown/, 20_000);
    expect(screen).toContain(`› ${prompt.slice(0, 60)}`);
    expect(existsSync(join(sessions, `${id}.lock`))).toBe(true);

    const pid = hostPids(BINARY).find(
      (p) => cwdOf(p) === realpathSync(tui!.workspace) && commOf(p) === "node",
    );
    if (pid === undefined) throw new Error("no picasso process found for this TUI");
    process.kill(pid, "SIGTERM");
    await tui.waitFor("[exited 143]", 20_000);
    expect(existsSync(join(sessions, `${id}.lock`))).toBe(false);
    const lastEvent = JSON.parse(
      readFileSync(join(sessions, `${id}.jsonl`), "utf8")
        .trim()
        .split("\n")
        .at(-1)!,
    );
    expect(lastEvent).toMatchObject({ type: "session_end", reason: "terminated" });
  });
});

function cwdOf(pid: number): string {
  try {
    return readlinkSync(`/proc/${pid}/cwd`);
  } catch {
    return "";
  }
}

function commOf(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/comm`, "utf8").trim();
  } catch {
    return "";
  }
}
