/**
 * `defineTool`: one declarative object per tool, with the "never throw" contract built in.
 *
 * A tool's handler may throw `ToolInputError` for bad input, or fail unexpectedly; either way the
 * model receives `{ content: <what went wrong and what to do>, isError: true }` and the session
 * goes on. Every input schema is closed (`additionalProperties: false`).
 */
import type {
  CallEffect,
  JsonSchema,
  ToolContext,
  ToolDefinition,
  ToolEffect,
  ToolOutput,
} from "@picasso/protocol";
import { ToolInputError } from "./tool-input.js";

export interface ToolDeclaration {
  name: string;
  description: string;
  /** Properties of the input object; the schema wrapper adds `type`, `required`, `additionalProperties`. */
  properties: Record<string, JsonSchema>;
  required: string[];
  effect: ToolEffect;
  family: string;
  /** The catalog's descriptors (never Tier 1): what it does, and when to reach for it rather than its siblings. */
  what?: string;
  when?: string;
  run(input: Record<string, unknown>, ctx: ToolContext): Promise<ToolOutput>;
  /** The effect of one call, when it depends on the input. */
  callEffect?(input: Record<string, unknown>): CallEffect;
}

export function toolError(content: string): ToolOutput {
  return { content, isError: true };
}

export function defineTool(declaration: ToolDeclaration): ToolDefinition {
  const { name, description, properties, required, effect, family, what, when, run, callEffect } =
    declaration;
  return {
    spec: {
      name,
      description,
      inputSchema: { type: "object", properties, required, additionalProperties: false },
    },
    effect,
    family,
    ...(what ? { what } : {}),
    ...(when ? { when } : {}),
    ...(callEffect ? { callEffect } : {}),
    async run(input, ctx) {
      const safeInput = input !== null && typeof input === "object" && !Array.isArray(input) ? input : {};
      try {
        return await run(safeInput, ctx);
      } catch (error) {
        if (error instanceof ToolInputError) return toolError(`Invalid input for ${name}: ${error.message}`);
        const message = error instanceof Error ? error.message : String(error);
        return toolError(`${name} failed: ${message}`);
      }
    },
  };
}
