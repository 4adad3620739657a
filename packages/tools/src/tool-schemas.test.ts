import { Ajv } from "ajv";
import { describe, expect, it } from "vitest";
import { builtinTools } from "./tool-runtime.js";

// The engine validates every call with ajv before `run`; the schemas must compile in strict mode
// and accept the calls a model would make while rejecting unknown fields.
const ajv = new Ajv({ strict: true, allErrors: true });
const tools = new Map(builtinTools().map((t) => [t.spec.name, t]));
const validator = (name: string) => ajv.compile(tools.get(name)!.spec.inputSchema);

describe("tool input schemas", () => {
  it("compile under ajv strict mode", () => {
    for (const tool of tools.values()) expect(() => ajv.compile(tool.spec.inputSchema)).not.toThrow();
  });

  it("accept typical calls", () => {
    const good: Array<[string, Record<string, unknown>]> = [
      ["bash", { command: "npm test", timeout_ms: 60000 }],
      ["bash", { action: "output", job_id: "job-1" }],
      ["read", { path: "src/a.ts", offset: 10, limit: 20 }],
      ["write", { path: "a.txt", content: "" }],
      ["edit", { path: "a.txt", old_string: "a", new_string: "b", replace_all: true }],
      ["search", { pattern: "foo", glob: "*.ts", path: "src", case_insensitive: true, max_results: 5 }],
      ["todo_write", { todos: [{ content: "x", status: "in_progress" }] }],
      ["ask_user", { question: "ok?", choices: ["yes", "no"] }],
      ["subagent", { task: "look around", max_steps: 5 }],
    ];
    for (const [name, input] of good) expect(validator(name)(input), name).toBe(true);
  });

  it("reject unknown fields and wrong types", () => {
    expect(validator("read")({ path: "a", bogus: 1 })).toBe(false);
    expect(validator("edit")({ path: "a", old_string: "a" })).toBe(false);
    expect(validator("todo_write")({ todos: [{ content: "x", status: "doing" }] })).toBe(false);
    expect(validator("bash")({ action: "explode" })).toBe(false);
  });
});
