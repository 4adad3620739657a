import { describe, expect, it } from "vitest";
import { parseWorkflowFile, WORKFLOW_LIMITS } from "./workflow-file.js";
import { resolveInputs } from "./workflow-inputs.js";
import { planLanes } from "./workflow-plan.js";

const FILE = ".picasso/workflows/w.yaml";
const parse = (text: string) => parseWorkflowFile(text, FILE, "w");
const lines = (...l: string[]) => `${l.join("\n")}\n`;

describe("workflow files", () => {
  it("reads a full workflow: inputs, fan-out, needs, budgets, agent and cwd", () => {
    const w = parse(
      lines(
        "name: w",
        "description: test then summarise",
        "max_concurrency: 2",
        "inputs:",
        "  pkgs: { type: list, default: [a, b, c] }",
        "  target: { required: true, description: where }",
        "steps:",
        "  - id: test",
        '    for_each: "{{inputs.pkgs}}"',
        '    prompt: "test {{item}} for {{inputs.target}}"',
        "    agent: tester",
        "    max_steps: 20",
        "    max_seconds: 600",
        "    cwd: packages/x",
        "  - id: sum",
        "    needs: [test]",
        '    prompt: "sum {{steps.test.output}}"',
      ),
    );
    expect(w.maxConcurrency).toBe(2);
    expect(w.inputs).toEqual([
      { name: "pkgs", type: "list", required: false, default: ["a", "b", "c"] },
      { name: "target", type: "string", required: true, description: "where" },
    ]);
    expect(w.steps[0]).toMatchObject({
      id: "test",
      agent: "tester",
      maxSteps: 20,
      maxSeconds: 600,
      cwd: "packages/x",
      forEach: { kind: "input", input: "pkgs" },
    });
    const inputs = resolveInputs(w, { target: "prod", pkgs: "x, y" });
    expect(inputs).toEqual({ target: "prod", pkgs: ["x", "y"] });
    expect(planLanes(w, inputs).map((l) => [l.id, l.item])).toEqual([
      ["test[1]", "x"],
      ["test[2]", "y"],
      ["sum", undefined],
    ]);
  });

  it.each([
    [
      lines("steps:", "  - id: a", "    prompt: x", "    colour: red"),
      `${FILE}: steps[0] "a": colour: unknown field`,
    ],
    [lines("stepz: []"), `${FILE}: stepz: unknown field`],
    [
      lines("steps:", "  - id: a", "    prompt: x", "    needs: [b]"),
      `${FILE}: steps[0] "a": needs: unknown step "b"`,
    ],
    [
      lines("steps:", "  - id: a", "    prompt: x", "  - id: a", "    prompt: y"),
      `${FILE}: steps[1] "a": id: duplicate of steps[0]`,
    ],
    [
      lines(
        "steps:",
        "  - id: a",
        "    prompt: x",
        "    needs: [b]",
        "  - id: b",
        "    prompt: y",
        "    needs: [a]",
      ),
      `${FILE}: steps[0] "a": needs: a cycle: a → b → a`,
    ],
    [
      lines("steps:", "  - id: a", '    prompt: "{{input.x}}"'),
      `${FILE}: steps[0] "a": prompt: unknown placeholder {{input.x}}`,
    ],
    [
      lines("steps:", "  - id: a", '    prompt: "{{inputs.x}}"'),
      `${FILE}: steps[0] "a": prompt: {{inputs.x}} names no input`,
    ],
    [
      lines("steps:", "  - id: a", '    prompt: "{{item}}"'),
      `${FILE}: steps[0] "a": prompt: {{item}} is only for a step with for_each`,
    ],
    [
      lines("steps:", "  - id: a", "    prompt: x", "  - id: b", '    prompt: "{{steps.a.output}}"'),
      `${FILE}: steps[1] "b": prompt: {{steps.a.output}}: add "a" to this step's needs`,
    ],
    [
      lines(
        "inputs:",
        "  one: { default: x }",
        "steps:",
        "  - id: a",
        '    for_each: "{{inputs.one}}"',
        "    prompt: x",
      ),
      `${FILE}: steps[0] "a": for_each: input "one" is not a list`,
    ],
    [
      lines("steps:", "  - id: a", "    prompt: x", "    cwd: ../out"),
      `${FILE}: steps[0] "a": cwd: expected a folder relative`,
    ],
    [
      lines("steps:", "  - id: a", "    prompt: x", "    max_steps: 0"),
      `${FILE}: steps[0] "a": max_steps: expected a whole number`,
    ],
    [
      lines("name: other", "steps:", "  - id: a", "    prompt: x"),
      `${FILE}: name: "other" differs from the file's name "w"`,
    ],
    [lines("steps:", "  - id: a", "  prompt: x"), `${FILE}: line `],
    [lines("steps: []"), `${FILE}: steps: expected a list of at least one step`],
    [
      lines("inputs:", "  x: { required: true, default: y }", "steps:", "  - id: a", "    prompt: x"),
      `${FILE}: inputs.x: required: a required input has no default`,
    ],
  ])("refuses a mistake with one line naming file, step and field (%#)", (text, message) => {
    let error: Error | undefined;
    try {
      parse(text);
    } catch (e) {
      error = e as Error;
    }
    expect(error?.message.startsWith(message), error?.message).toBe(true);
    expect(error?.message).not.toContain("\n");
  });

  it("caps the file size, the number of steps and a fan-out's items", () => {
    expect(() => parse(`# ${"x".repeat(WORKFLOW_LIMITS.fileBytes)}\nsteps: []\n`)).toThrow(
      /larger than 64 KiB/,
    );
    const many = Array.from({ length: WORKFLOW_LIMITS.steps + 1 }, (_, i) => `  - { id: s${i}, prompt: x }`);
    expect(() => parse(lines("steps:", ...many))).toThrow(/at most 50/);
    const items = Array.from({ length: WORKFLOW_LIMITS.forEachItems + 1 }, (_, i) => `i${i}`).join(", ");
    expect(() => parse(lines("steps:", "  - id: a", `    for_each: [${items}]`, "    prompt: x"))).toThrow(
      /for_each: at most 32 items/,
    );
  });

  it("checks the inputs a run is given", () => {
    const w = parse(
      lines("inputs:", "  who: { required: true }", "steps:", "  - id: a", '    prompt: "{{inputs.who}}"'),
    );
    expect(() => resolveInputs(w, {})).toThrow('workflow "w": input "who" is required');
    expect(() => resolveInputs(w, { who: "x", extra: "y" })).toThrow('unknown input "extra"');
    expect(resolveInputs(w, { who: "ada" })).toEqual({ who: "ada" });
  });
});
