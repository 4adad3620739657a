/**
 * How a team tool is declared: a closed input schema, the catalog's `what`/`when`, the `team`
 * family and an effect; its handler never throws to the engine — a bad input (`TeamInputError`)
 * or a refusal becomes a tool error naming the field and what to do, anything else
 * `<tool> failed: <why>`. Plus the few input readers the tools share (each one-line message
 * names the field).
 */
import type { JsonSchema, ToolContext, ToolDefinition, ToolEffect, ToolOutput } from "@picasso/protocol";

export const TEAM_FAMILY = "team";

/** A bad input or a refused request: its message is what the model reads. */
export class TeamInputError extends Error {}

export interface TeamToolDeclaration {
  name: string;
  description: string;
  properties: Record<string, JsonSchema>;
  required: string[];
  effect: ToolEffect;
  what: string;
  when: string;
  run(input: Record<string, unknown>, ctx: ToolContext): Promise<ToolOutput> | ToolOutput;
}

export function teamTool(d: TeamToolDeclaration): ToolDefinition {
  return {
    spec: {
      name: d.name,
      description: d.description,
      inputSchema: {
        type: "object",
        properties: d.properties,
        required: d.required,
        additionalProperties: false,
      },
    },
    effect: d.effect,
    family: TEAM_FAMILY,
    what: d.what,
    when: d.when,
    async run(input, ctx) {
      const safe = input !== null && typeof input === "object" && !Array.isArray(input) ? input : {};
      try {
        return await d.run(safe, ctx);
      } catch (error) {
        if (error instanceof TeamInputError) return { content: `${d.name}: ${error.message}`, isError: true };
        return { content: `${d.name} failed: ${(error as Error)?.message ?? String(error)}`, isError: true };
      }
    },
  };
}

/** Team and member names: lowercase letters, digits, `-` and `_`, up to 32 characters. */
export const NAME_PATTERN = /^[a-z][a-z0-9_-]{0,31}$/;

export function requiredText(input: Record<string, unknown>, field: string, max: number): string {
  const value = optionalText(input, field, max);
  if (value === undefined) throw new TeamInputError(`"${field}" is required (a non-empty string).`);
  return value;
}

export function optionalText(input: Record<string, unknown>, field: string, max: number): string | undefined {
  const value = input[field];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== "string") throw new TeamInputError(`"${field}" must be a string.`);
  const trimmed = value.trim();
  if (trimmed === "") throw new TeamInputError(`"${field}" must not be blank.`);
  if (trimmed.length > max)
    throw new TeamInputError(`"${field}" is longer than ${max} characters; shorten it.`);
  return trimmed;
}

export function optionalCount(
  input: Record<string, unknown>,
  field: string,
  min: number,
  max: number,
): number | undefined {
  const value = input[field];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== "number" || !Number.isInteger(value) || value < min || value > max)
    throw new TeamInputError(`"${field}" must be an integer from ${min} to ${max}.`);
  return value;
}

export function name(input: Record<string, unknown>, field: string): string {
  const value = requiredText(input, field, 32);
  if (!NAME_PATTERN.test(value))
    throw new TeamInputError(
      `"${field}" must be lowercase letters, digits, "-" or "_", starting with a letter (got "${value}").`,
    );
  return value;
}
