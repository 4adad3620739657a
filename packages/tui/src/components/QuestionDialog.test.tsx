import { render } from "ink-testing-library";
import { describe, expect, it } from "vitest";
import { tick, waitForFrame } from "../test-support/wait-for-frame.js";
import { DECLINED_ANSWER, QuestionDialog } from "./QuestionDialog.js";

async function dialog(choices?: string[], allowEmpty = false) {
  const answers: string[] = [];
  const view = render(
    <QuestionDialog
      question="Which database?"
      choices={choices}
      allowEmpty={allowEmpty}
      onAnswer={(a) => answers.push(a)}
    />,
  );
  await tick();
  return { ...view, answers };
}

describe("QuestionDialog", () => {
  it("shows the question and its choices; a number picks one", async () => {
    const { lastFrame, stdin, answers } = await dialog(["sqlite", "postgres"]);
    expect(lastFrame()).toContain("Which database?");
    expect(lastFrame()).toContain("1. sqlite");
    expect(lastFrame()).toContain("2. postgres");
    stdin.write("2");
    expect(answers).toEqual(["postgres"]);
  });

  it("answers once however many keys arrive before it closes", async () => {
    const { stdin, answers } = await dialog(["sqlite", "postgres"]);
    stdin.write("1");
    stdin.write("2");
    stdin.write("\r");
    expect(answers).toEqual(["sqlite"]);
  });

  it("picks the highlighted choice with ↓ and Enter", async () => {
    const { lastFrame, stdin, answers } = await dialog(["sqlite", "postgres"]);
    stdin.write("\x1b[B");
    await waitForFrame(lastFrame, (f) => f.includes("› 2. postgres"));
    stdin.write("\r");
    expect(answers).toEqual(["postgres"]);
  });

  it("takes a free-text answer", async () => {
    const { lastFrame, stdin, answers } = await dialog();
    stdin.write("whatever is installed");
    await waitForFrame(lastFrame, (f) => f.includes("whatever is installed"));
    stdin.write("\r");
    expect(answers).toEqual(["whatever is installed"]);
  });

  it("sends nothing on an empty Enter, unless an empty answer is allowed (an optional form field)", async () => {
    const strict = await dialog();
    strict.stdin.write("\r");
    await tick();
    expect(strict.answers).toEqual([]);
    expect(strict.lastFrame()).toContain("type your answer");
    const optional = await dialog(undefined, true);
    expect(optional.lastFrame()).toContain("Enter to leave it empty");
    optional.stdin.write("\r");
    await waitForFrame(
      () => String(optional.answers.length),
      (n) => n === "1",
    );
    expect(optional.answers).toEqual([""]);
  });

  it("answers that the user declined on Esc", async () => {
    const { stdin, answers } = await dialog(["a"]);
    stdin.write("\x1b");
    await waitForFrame(
      () => String(answers.length),
      (n) => n === "1",
    );
    expect(answers).toEqual([DECLINED_ANSWER]);
  });
});
