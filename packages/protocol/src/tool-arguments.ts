/**
 * `@picasso/protocol/tool-arguments`: a tool call's arguments checked against the tool's input
 * schema with ajv (all errors) before the tool runs, so the model gets a precise message (and the
 * caller sends the schema back) instead of a failed run — for the `tool_call` gateway (lean
 * context) and the MCP servers' `<server>_call` gateways alike. Messages name the field:
 * `missing required field "url"`, `unknown field "lmit"`, `field "query" must be string, got
 * integer`, `field "mode" must be one of ["a","b"]`. Validators are compiled once per schema object.
 *
 * Whose schema it is decides two things:
 * - `picasso` (a Picasso tool's): ajv checks the schema against its meta-schema, and a schema it
 *   cannot compile refuses the call with a problem saying so;
 * - `server` (an MCP server's): taken as it is, without the meta-schema check, and a call under a
 *   schema ajv cannot compile goes through unchecked (the server checks it).
 * A subpath of its own, so that loading protocol does not load ajv; and ajv itself loads at the first
 * check (`newAjv`), not with the session: its module graph costs start-up time.
 */
import { createRequire } from "node:module";
import type { Ajv, ErrorObject, Options, ValidateFunction } from "ajv";
import type { JsonSchema } from "./content.js";

const requireHere = createRequire(import.meta.url);

/** A new ajv, its package loaded (once, synchronously) at the first call. */
export function newAjv(options: Options): Ajv {
  const { Ajv } = requireHere("ajv") as typeof import("ajv");
  return new Ajv(options);
}

export type SchemaOwner = "picasso" | "server";

interface Checker {
  ajv: Ajv;
  compiled: WeakMap<JsonSchema, ValidateFunction | Error>;
}

const checkers = new Map<SchemaOwner, Checker>();

function checkerFor(owner: SchemaOwner): Checker {
  let checker = checkers.get(owner);
  if (!checker) {
    const ajv = newAjv({
      allErrors: true,
      strict: false,
      ...(owner === "server" ? { validateSchema: false } : {}),
    });
    checker = { ajv, compiled: new WeakMap() };
    checkers.set(owner, checker);
  }
  return checker;
}

function compiled(schema: JsonSchema, owner: SchemaOwner): ValidateFunction | Error {
  const { ajv, compiled } = checkerFor(owner);
  let validate = compiled.get(schema);
  if (!validate) {
    try {
      validate = ajv.compile(schema);
    } catch (error) {
      validate = error as Error;
    }
    compiled.set(schema, validate);
  }
  return validate;
}

/** Problems with `args` under the input schema `schema`; empty when they pass. */
export function argumentProblems(schema: JsonSchema, args: unknown, owner: SchemaOwner): string[] {
  if (jsonType(args) !== "object") return [`arguments must be an object, got ${jsonType(args)}`];
  const validate = compiled(schema, owner);
  if (validate instanceof Error)
    return owner === "server" ? [] : [`the tool's input schema could not be compiled (${validate.message})`];
  if (validate(args)) return [];
  return [...new Set((validate.errors ?? []).map((e) => describe(e, args)))];
}

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
