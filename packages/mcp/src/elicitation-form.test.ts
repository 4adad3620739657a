import { describe, expect, it } from "vitest";
import {
  contentProblems,
  type FormField,
  fieldProblem,
  formFields,
  parseAnswer,
} from "./elicitation-form.js";

const schema = {
  type: "object",
  properties: {
    name: { type: "string", title: "Name", minLength: 2, maxLength: 5 },
    site: { type: "string", format: "uri" },
    born: { type: "string", format: "date" },
    at: { type: "string", format: "date-time" },
    age: { type: "integer", minimum: 0, maximum: 150 },
    ok: { type: "boolean" },
    pet: { type: "string", enum: ["p1", "p2"], enumNames: ["Cat", "Dog"] },
    hero: { type: "string", oneOf: [{ const: "h1", title: "Superman" }] },
    tags: { type: "array", items: { anyOf: [{ const: "a", title: "Alpha" }, { const: "b" }] }, maxItems: 1 },
  },
  required: ["name"],
};

function fields(): FormField[] {
  const out = formFields(schema);
  if (!Array.isArray(out)) throw new Error(out.problem);
  return out;
}

const field = (name: string) => fields().find((f) => f.name === name)!;

describe("elicitation forms", () => {
  it("reads the spec's field kinds, in order, with their choices and rules", () => {
    expect(fields().map((f) => [f.name, f.kind, f.required])).toEqual([
      ["name", "string", true],
      ["site", "string", false],
      ["born", "string", false],
      ["at", "string", false],
      ["age", "integer", false],
      ["ok", "boolean", false],
      ["pet", "enum", false],
      ["hero", "enum", false],
      ["tags", "multi", false],
    ]);
    expect(field("pet").options).toEqual([
      { value: "p1", label: "Cat" },
      { value: "p2", label: "Dog" },
    ]);
  });

  it("refuses a schema outside the spec's flat primitives, naming the field", () => {
    expect(formFields({ type: "object", properties: { deep: { type: "object" } } })).toEqual({
      problem: 'field "deep" has a type a form cannot ask (object)',
    });
    expect(formFields({ properties: { f: { type: "string", format: "ipv4" } } })).toEqual({
      problem: 'field "f" has a string format a form cannot check (ipv4)',
    });
    expect(formFields("nope")).toEqual({ problem: "requestedSchema has no properties object" });
  });

  it("parses typed answers: choices by label or value, yes/no, numbers, comma lists", () => {
    expect(parseAnswer(field("pet"), "dog")).toEqual({ value: "p2" });
    expect(parseAnswer(field("hero"), "Superman")).toEqual({ value: "h1" });
    expect(parseAnswer(field("ok"), "Y")).toEqual({ value: true });
    expect(parseAnswer(field("ok"), "maybe")).toEqual({ problem: '"ok" must be yes or no' });
    expect(parseAnswer(field("age"), "12")).toEqual({ value: 12 });
    expect(parseAnswer(field("tags"), "Alpha, b")).toEqual({ value: ["a", "b"] });
    expect(parseAnswer(field("name"), "  ")).toEqual({ skip: true });
  });

  it("checks lengths, ranges, integers, enums, item counts and the spec's formats", () => {
    expect(fieldProblem(field("name"), "A")).toBe('"name" needs at least 2 character(s)');
    expect(fieldProblem(field("name"), "Abcdef")).toBe('"name" takes at most 5 character(s)');
    expect(fieldProblem(field("age"), 1.5)).toBe('"age" must be a whole number');
    expect(fieldProblem(field("age"), 151)).toBe('"age" must be at most 150');
    expect(fieldProblem(field("pet"), "p3")).toBe('"pet" must be one of p1, p2');
    expect(fieldProblem(field("tags"), ["a", "b"])).toBe('"tags" takes at most 1 choice(s)');
    expect(fieldProblem(field("site"), "not a uri")).toBe('"site" must be a valid uri');
    expect(fieldProblem(field("site"), "https://example.com/x")).toBeUndefined();
    expect(fieldProblem(field("born"), "2023-02-30")).toBe('"born" must be a valid date');
    expect(fieldProblem(field("born"), "2024-02-29")).toBeUndefined();
    expect(fieldProblem(field("at"), "2024-02-29T10:00:00Z")).toBeUndefined();
    expect(fieldProblem(field("at"), "2024-02-29 10:00")).toBe('"at" must be a valid date-time');
  });

  it("checks a whole answer: required fields and each value", () => {
    expect(contentProblems(fields(), { age: -1 })).toEqual([
      '"name" is required',
      '"age" must be at least 0',
    ]);
    expect(contentProblems(fields(), { name: "Ada", ok: false })).toEqual([]);
  });
});
