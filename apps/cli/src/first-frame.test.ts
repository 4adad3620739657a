import { PassThrough } from "node:stream";
import { Command } from "commander";
import { describe, expect, it } from "vitest";
import { register } from "./commands/run.js";
import { drawFirstFrame, eraseFrame, firstFrameLines, opensTui, TUI_FLAGS } from "./first-frame.js";

describe("opensTui", () => {
  it("holds for no arguments and for the TUI's own flags, on a terminal only", () => {
    expect(opensTui([], true)).toBe(true);
    expect(opensTui(["--continue", "--model", "m", "--mode=plan", "-r", "abc"], true)).toBe(true);
    expect(opensTui([], false)).toBe(false);
  });

  it("leaves everything else to commander: -p, subcommands, help, unknown flags, stray words", () => {
    for (const args of [
      ["-p", "hi"],
      ["sessions"],
      ["--help"],
      ["--bogus"],
      ["--continue=yes"],
      ["--model", "m", "extra"],
    ])
      expect(opensTui(args, true), args.join(" ")).toBe(false);
  });

  it("knows each flag as the root command defines it (run.ts)", () => {
    const program = new Command("picasso");
    register(program);
    for (const [flag, takesValue] of Object.entries(TUI_FLAGS)) {
      const option = program.options.find((o) => o.long === flag || o.short === flag);
      expect(option, flag).toBeDefined();
      expect(option?.required || option?.optional, flag).toBe(takesValue);
    }
  });
});

describe("the plain first frame", () => {
  it("is the prompt box across the terminal and a status line", () => {
    const lines = firstFrameLines(20, false);
    expect(lines).toEqual([
      `╭${"─".repeat(18)}╮`,
      `│ ›${" ".repeat(16)}│`,
      `╰${"─".repeat(18)}╯`,
      "starting…",
    ]);
  });

  it("is erased by the first write after it, which then goes out as written", () => {
    const written: string[] = [];
    const terminal = () =>
      Object.assign(new PassThrough(), { columns: 20, isTTY: true }) as unknown as NodeJS.WriteStream;
    const stdout = terminal();
    const stderr = terminal();
    stdout.on("data", (chunk) => written.push(`out:${chunk}`));
    stderr.on("data", (chunk) => written.push(`err:${chunk}`));
    const stdin = Object.assign(new PassThrough(), { isTTY: false }) as unknown as NodeJS.ReadStream;
    drawFirstFrame(stdin, stdout, stderr, { NO_COLOR: "1" });
    expect(written.join("")).toContain("│ ›");
    written.length = 0;
    stderr.write("picasso: no such session\n");
    stdout.write("later\n");
    expect(eraseFrame(4)).toBe("\r\x1b[1A\x1b[2K\x1b[1B\x1b[2K\x1b[1B\x1b[2K\x1b[1B\x1b[2K\x1b[3A");
    expect(written).toEqual([`out:${eraseFrame(4)}`, "err:picasso: no such session\n", "out:later\n"]);
    expect(Object.hasOwn(stdout, "write")).toBe(false);
  });
});
