/**
 * A small, dependency-free check of `tool_call` arguments against a tool's input schema.
 *
 * It checks what a model most often gets wrong: arguments that are not an object, missing
 * `required` fields, top-level fields of the wrong JSON type, and unknown fields when the schema
 * says `additionalProperties: false`. The tool itself still validates deeply; this exists so the
 * model gets the schema back with a precise message instead of a failed run.
 */
import type { JsonSchema } from "@picasso/protocol";

function jsonType(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "array";
  if (typeof value === "number") return Number.isInteger(value) ? "integer" : "number";
  return typeof value;
}

function fits(value: unknown, type: unknown): boolean {
  const types = Array.isArray(type) ? type : [type];
  const actual = jsonType(value);
  return types.some((t) => t === actual || (t === "number" && actual === "integer"));
}

/** Problems with `args` under `schema`; empty when the arguments pass. */
export function argumentProblems(schema: JsonSchema, args: unknown): string[] {
  if (jsonType(args) !== "object") return [`arguments must be an object, got ${jsonType(args)}`];
  const input = args as Record<string, unknown>;
  const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
  const problems: string[] = [];
  for (const name of (schema.required ?? []) as string[])
    if (input[name] === undefined) problems.push(`missing required field "${name}"`);
  for (const [name, value] of Object.entries(input)) {
    const property = properties[name];
    if (!property) {
      if (schema.additionalProperties === false) problems.push(`unknown field "${name}"`);
      continue;
    }
    if (property.type !== undefined && !fits(value, property.type))
      problems.push(`field "${name}" must be ${JSON.stringify(property.type)}, got ${jsonType(value)}`);
    if (Array.isArray(property.enum) && !property.enum.includes(value))
      problems.push(`field "${name}" must be one of ${JSON.stringify(property.enum)}`);
  }
  return problems;
}
