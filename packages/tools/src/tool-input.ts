/**
 * Reading a tool call's input defensively.
 *
 * The engine validates every call against the tool's JSON schema before `run`, but handlers are
 * also called by tests, subagents and future gateways, so each field is read through these
 * accessors. A bad value throws `ToolInputError`, which `defineTool` turns into an error result
 * for the model — a handler never crashes on odd input.
 */

export class ToolInputError extends Error {
  override name = "ToolInputError";
}

type Input = Record<string, unknown>;

function describe(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "an array";
  return `a ${typeof value}`;
}

export function requiredString(input: Input, field: string, opts: { allowEmpty?: boolean } = {}): string {
  const value = input[field];
  if (typeof value !== "string") {
    throw new ToolInputError(`"${field}" is required and must be a string (got ${describe(value)}).`);
  }
  if (!opts.allowEmpty && value.length === 0) throw new ToolInputError(`"${field}" must not be empty.`);
  return value;
}

export function optionalString(input: Input, field: string): string | undefined {
  const value = input[field];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== "string") {
    throw new ToolInputError(`"${field}" must be a string (got ${describe(value)}).`);
  }
  return value;
}

export function optionalBoolean(input: Input, field: string): boolean | undefined {
  const value = input[field];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== "boolean") {
    throw new ToolInputError(`"${field}" must be true or false (got ${describe(value)}).`);
  }
  return value;
}

/** An optional integer within [min, max]; out-of-range values are an error, not silently clamped. */
export function optionalInteger(input: Input, field: string, min: number, max: number): number | undefined {
  const value = input[field];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== "number" || !Number.isInteger(value)) {
    throw new ToolInputError(`"${field}" must be a whole number (got ${describe(value)}).`);
  }
  if (value < min || value > max) {
    throw new ToolInputError(`"${field}" must be between ${min} and ${max} (got ${value}).`);
  }
  return value;
}

export function optionalStringArray(input: Input, field: string): string[] | undefined {
  const value = input[field];
  if (value === undefined || value === null) return undefined;
  if (!Array.isArray(value) || value.some((v) => typeof v !== "string")) {
    throw new ToolInputError(`"${field}" must be an array of strings.`);
  }
  return value as string[];
}
