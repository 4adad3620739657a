/**
 * A run's input values: what the caller gave (the tool's `inputs` object, the CLI's `--input
 * k=v`, the operation's `k=v` words), checked against the workflow's declared inputs — unknown
 * names and missing required ones are refused — with defaults filled in. A `list` input given as
 * text is split on commas; a value is bounded.
 */
import { WORKFLOW_LIMITS, type WorkflowDefinition, WorkflowFileError } from "./workflow-file.js";

export type InputValues = Record<string, string | string[]>;

export function resolveInputs(workflow: WorkflowDefinition, given: Record<string, unknown>): InputValues {
  const out: InputValues = {};
  for (const name of Object.keys(given))
    if (!workflow.inputs.some((i) => i.name === name))
      throw new WorkflowFileError(
        `workflow "${workflow.name}": unknown input "${name}"; declared: ${workflow.inputs.map((i) => i.name).join(", ") || "none"}`,
      );
  for (const input of workflow.inputs) {
    const value = given[input.name];
    const where = `workflow "${workflow.name}": input "${input.name}"`;
    if (value === undefined) {
      if (input.required) throw new WorkflowFileError(`${where} is required (give it as ${input.name}=…)`);
      if (input.default !== undefined) out[input.name] = input.default;
      else out[input.name] = input.type === "list" ? [] : "";
      continue;
    }
    let normal: string | string[];
    if (Array.isArray(value)) {
      if (!value.every((v) => typeof v === "string" || typeof v === "number"))
        throw new WorkflowFileError(`${where}: expected text or a list of text`);
      normal = value.map(String);
    } else if (typeof value === "string" || typeof value === "number" || typeof value === "boolean") {
      normal = String(value);
    } else throw new WorkflowFileError(`${where}: expected text or a list of text`);
    if (input.type === "list" && typeof normal === "string")
      normal = normal
        .split(",")
        .map((s) => s.trim())
        .filter((s) => s !== "");
    if (input.type === "string" && Array.isArray(normal)) normal = normal.join(", ");
    const size = Array.isArray(normal) ? normal.join(",").length : normal.length;
    if (size > WORKFLOW_LIMITS.inputValueChars)
      throw new WorkflowFileError(`${where}: longer than ${WORKFLOW_LIMITS.inputValueChars} characters`);
    if (Array.isArray(normal) && normal.length > WORKFLOW_LIMITS.forEachItems)
      throw new WorkflowFileError(`${where}: at most ${WORKFLOW_LIMITS.forEachItems} items`);
    out[input.name] = normal;
  }
  return out;
}

/** `k=v` words (the CLI's `--input`, the operation's arguments) as given values. */
export function parseInputWords(words: readonly string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const word of words) {
    const eq = word.indexOf("=");
    if (eq <= 0) throw new WorkflowFileError(`input "${word}": expected name=value`);
    out[word.slice(0, eq)] = word.slice(eq + 1);
  }
  return out;
}
