/**
 * Checking a call's arguments against the tool's cached input schema (ajv, all errors) before
 * the server is asked, so the model gets a precise message and the schema back. Messages name
 * the field: `missing required field "path"`, `unknown field "pth"`, `field "head" must be
 * number, got string`. A schema ajv cannot compile lets the call through (the server checks).
 */
import type { JsonSchema } from "@picasso/protocol";
import { Ajv, type ErrorObject, type ValidateFunction } from "ajv";

const ajv = new Ajv({ allErrors: true, strict: false, validateSchema: false });
const compiled = new WeakMap<JsonSchema, ValidateFunction | null>();

function jsonType(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "array";
  if (typeof value === "number") return Number.isInteger(value) ? "integer" : "number";
  return typeof value;
}

function field(error: ErrorObject, extra?: string): string {
  const parts = error.instancePath.split("/").slice(1);
  if (extra) parts.push(extra);
  return parts.join(".");
}

function describe(error: ErrorObject, args: unknown): string {
  const params = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case "required":
      return `missing required field "${field(error, String(params.missingProperty))}"`;
    case "additionalProperties":
      return `unknown field "${field(error, String(params.additionalProperty))}"`;
    case "type": {
      let value = args;
      for (const part of error.instancePath.split("/").slice(1))
        value = (value as Record<string, unknown>)?.[part];
      return `field "${field(error)}" must be ${String(params.type)}, got ${jsonType(value)}`;
    }
    case "enum":
      return `field "${field(error)}" must be one of ${JSON.stringify(params.allowedValues)}`;
    default:
      return error.instancePath ? `field "${field(error)}" ${error.message}` : `arguments ${error.message}`;
  }
}

/** Problems with `args` under `schema`; empty when they pass. */
export function argumentProblems(schema: JsonSchema, args: unknown): string[] {
  if (jsonType(args) !== "object") return [`arguments must be an object, got ${jsonType(args)}`];
  let validate = compiled.get(schema);
  if (validate === undefined) {
    try {
      validate = ajv.compile(schema);
    } catch {
      validate = null;
    }
    compiled.set(schema, validate);
  }
  if (!validate || validate(args)) return [];
  return [...new Set((validate.errors ?? []).map((e) => describe(e, args)))];
}

/** The problems of a real call's arguments as one line, or undefined when they pass. */
export function validateArguments(tool: { inputSchema: JsonSchema }, args: unknown): string | undefined {
  const problems = argumentProblems(tool.inputSchema, args);
  return problems.length ? problems.join("; ") : undefined;
}
