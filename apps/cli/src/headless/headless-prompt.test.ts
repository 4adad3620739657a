import { isUserError } from "@picasso/protocol";
import { describe, expect, it } from "vitest";
import { headlessPrompt, type StdinSource } from "./headless-prompt.js";

const source = (kind: StdinSource["kind"], text = "") => {
  let reads = 0;
  return {
    kind,
    reads: () => reads,
    async readAll() {
      reads++;
      return Buffer.from(text);
    },
  };
};
const mistake = async (run: Promise<unknown>) => {
  const error = await run.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(isUserError(error)).toBe(true);
  return (error as Error).message;
};
const quiet = () => {};

describe("headlessPrompt", () => {
  it("-p - takes all of stdin as the prompt", async () => {
    expect(await headlessPrompt("-", source("pipe", "fix the tests\n"), quiet)).toBe("fix the tests\n");
    // A program's spawn (a socket) too: -p - asks for stdin explicitly.
    expect(await headlessPrompt("-", source("other", "from a program"), quiet)).toBe("from a program");
    expect(await mistake(headlessPrompt("-", source("terminal"), quiet))).toMatch(
      /^-p -: stdin is a terminal/,
    );
    expect(await mistake(headlessPrompt("-", source("pipe", " \n"), quiet))).toMatch(
      /^-p -: stdin was empty/,
    );
  });

  it("appends piped stdin to the prompt in a <stdin> block, exactly", async () => {
    expect(await headlessPrompt("explain", source("pipe", "line 1\nline 2\n"), quiet)).toBe(
      "explain\n\n<stdin>\nline 1\nline 2\n</stdin>",
    );
    expect(await headlessPrompt("explain", source("pipe", "no newline"), quiet)).toBe(
      "explain\n\n<stdin>\nno newline\n</stdin>",
    );
    expect(await headlessPrompt("explain", source("pipe", ""), quiet)).toBe("explain");
  });

  it("never reads a terminal or a socket for -p TEXT", async () => {
    for (const kind of ["terminal", "other"] as const) {
      const stdin = source(kind, "unseen");
      expect(await headlessPrompt("explain", stdin, quiet)).toBe("explain");
      expect(stdin.reads()).toBe(0);
    }
  });

  it("refuses binary stdin and an empty prompt", async () => {
    expect(await mistake(headlessPrompt("explain", source("pipe", "a\u0000b"), quiet))).toMatch(
      /^stdin: binary content \(NUL bytes\)/,
    );
    expect(await mistake(headlessPrompt(" ", source("terminal"), quiet))).toMatch(/^-p: the prompt is empty/);
  });
});
