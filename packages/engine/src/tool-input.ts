/**
 * Checking a tool call's input against the tool's JSON Schema (ajv, all errors), and turning the
 * failures into one message the model can act on: which field, what is wrong, and the schema.
 * Validators are compiled once per tool spec.
 */
import type { ToolSpec } from "@picasso/protocol";
import { newAjv } from "@picasso/protocol/tool-arguments";
import type { Ajv, ErrorObject, ValidateFunction } from "ajv";

// Made at the first check, not when the engine loads (it compiles its meta-schema: start-up time).
let ajv: Ajv | undefined;
const compiled = new WeakMap<ToolSpec, ValidateFunction>();

function validatorFor(spec: ToolSpec): ValidateFunction {
  let validate = compiled.get(spec);
  if (!validate) {
    ajv ??= newAjv({ allErrors: true, strict: false });
    validate = ajv.compile(spec.inputSchema);
    compiled.set(spec, validate);
  }
  return validate;
}

/** Undefined when the input is valid, else a message for the model. */
export function checkToolInput(spec: ToolSpec, input: unknown): string | undefined {
  let validate: ValidateFunction;
  try {
    validate = validatorFor(spec);
  } catch (error) {
    return `the input schema of "${spec.name}" could not be compiled: ${(error as Error).message}`;
  }
  if (validate(input)) return undefined;
  const problems = (validate.errors ?? []).map(describeError);
  return (
    `invalid input for tool "${spec.name}": ${problems.join("; ")}. ` +
    `Call it again with input matching its schema: ${JSON.stringify(spec.inputSchema)}`
  );
}

function describeError(error: ErrorObject): string {
  const where = error.instancePath ? error.instancePath.slice(1).replace(/\//g, ".") : "input";
  if (error.keyword === "required")
    return `missing required field "${(error.params as { missingProperty: string }).missingProperty}"`;
  if (error.keyword === "additionalProperties")
    return `unknown field "${(error.params as { additionalProperty: string }).additionalProperty}"`;
  return `${where} ${error.message ?? "is invalid"}`;
}
