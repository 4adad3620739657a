/**
 * Checking `tool_call` arguments against the target tool's input schema with ajv (all errors),
 * before the tool runs, so the model gets a precise message and the schema back instead of a
 * failed run. Messages name the field: `missing required field "url"`, `unknown field "lmit"`,
 * `field "query" must be string, got integer`, `field "mode" must be one of ["a","b"]`.
 * Validators are compiled once per schema object; a schema ajv cannot compile is reported as
 * such (the tool is then run unchecked by nobody: the call is refused).
 */
import type { JsonSchema } from "@picasso/protocol";
import { Ajv, type ErrorObject, type ValidateFunction } from "ajv";

const ajv = new Ajv({ allErrors: true, strict: false });
const compiled = new WeakMap<JsonSchema, ValidateFunction>();

function jsonType(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "array";
  if (typeof value === "number") return Number.isInteger(value) ? "integer" : "number";
  return typeof value;
}

function fieldOf(error: ErrorObject, extra?: string): string {
  const parts = error.instancePath.split("/").slice(1);
  if (extra) parts.push(extra);
  return parts.join(".");
}

function valueAt(args: unknown, path: string): unknown {
  let value = args;
  for (const part of path.split("/").slice(1)) value = (value as Record<string, unknown>)?.[part];
  return value;
}

function describe(error: ErrorObject, args: unknown): string {
  const params = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case "required":
      return `missing required field "${fieldOf(error, String(params.missingProperty))}"`;
    case "additionalProperties":
      return `unknown field "${fieldOf(error, String(params.additionalProperty))}"`;
    case "type":
      return `field "${fieldOf(error)}" must be ${String(params.type)}, got ${jsonType(valueAt(args, error.instancePath))}`;
    case "enum":
      return `field "${fieldOf(error)}" must be one of ${JSON.stringify(params.allowedValues)}`;
    default:
      return error.instancePath ? `field "${fieldOf(error)}" ${error.message}` : `arguments ${error.message}`;
  }
}

/** Problems with `args` under `schema`; empty when the arguments pass. */
export function argumentProblems(schema: JsonSchema, args: unknown): string[] {
  if (jsonType(args) !== "object") return [`arguments must be an object, got ${jsonType(args)}`];
  let validate = compiled.get(schema);
  if (!validate) {
    try {
      validate = ajv.compile(schema);
    } catch (error) {
      return [`the tool's input schema could not be compiled (${(error as Error).message})`];
    }
    compiled.set(schema, validate);
  }
  if (validate(args)) return [];
  return [...new Set((validate.errors ?? []).map((e) => describe(e, args)))];
}
