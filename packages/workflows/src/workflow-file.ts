/**
 * A workflow file (`.picasso/workflows/<name>.yaml`, docs/workflows.md) parsed and checked in full
 * before anything runs. The file is workspace content, so it is untrusted: it can only say which
 * prompts to send to which (agent) lanes — every tool call those lanes make still goes through
 * the permission system — and it is bounded (file size, steps, fan-out, prompt length). Every
 * mistake is one line naming the file, the step and the field (`review.yaml: steps[2] "test":
 * needs: unknown step "buld"`), so a user fixes it without reading code.
 */
import { parseDocument } from "yaml";
import { placeholderProblems, placeholdersOf } from "./workflow-placeholders.js";

/** Limits on what one workflow file may ask for. */
export const WORKFLOW_LIMITS = {
  fileBytes: 64 * 1024,
  steps: 50,
  forEachItems: 32,
  promptChars: 16_000,
  inputs: 32,
  inputValueChars: 4_000,
  maxConcurrency: 16,
  maxSteps: 500,
  maxSeconds: 24 * 60 * 60,
} as const;

export const DEFAULT_CONCURRENCY = 4;

const NAME = /^[A-Za-z][A-Za-z0-9_-]{0,63}$/;
const STEP_ID = /^[A-Za-z][A-Za-z0-9_-]{0,39}$/;

export interface WorkflowInput {
  name: string;
  description?: string;
  /** `list` inputs feed `for_each`; a value given as text is split on commas. */
  type: "string" | "list";
  required: boolean;
  default?: string | string[];
}

/** What a step fans out over: a literal list, or a list input. */
export type ForEach = { kind: "literal"; items: string[] } | { kind: "input"; input: string };

export interface WorkflowStep {
  id: string;
  prompt: string;
  agent?: string;
  needs: string[];
  forEach?: ForEach;
  maxSteps?: number;
  maxSeconds?: number;
  maxTokens?: number;
  cwd?: string;
}

export interface WorkflowDefinition {
  name: string;
  description: string;
  /** Workspace-relative path of the file, for people and the log. */
  file: string;
  inputs: WorkflowInput[];
  steps: WorkflowStep[];
  maxConcurrency: number;
}

/** A workflow file's mistake: one line naming the file, the step and the field. */
export class WorkflowFileError extends Error {}

const TOP_KEYS = ["name", "description", "inputs", "steps", "max_concurrency"];
const INPUT_KEYS = ["description", "type", "required", "default"];
const STEP_KEYS = [
  "id",
  "prompt",
  "agent",
  "needs",
  "for_each",
  "max_steps",
  "max_seconds",
  "max_tokens",
  "cwd",
];

type Raw = Record<string, unknown>;

function isRecord(value: unknown): value is Raw {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

/** Parses and checks one workflow file's text; `file` names it in errors, `stem` is its name. */
export function parseWorkflowFile(text: string, file: string, stem: string): WorkflowDefinition {
  const fail = (where: string, what: string): never => {
    throw new WorkflowFileError(`${file}: ${where ? `${where}: ` : ""}${what}`);
  };
  if (Buffer.byteLength(text) > WORKFLOW_LIMITS.fileBytes)
    fail("", `larger than ${WORKFLOW_LIMITS.fileBytes / 1024} KiB; split the workflow`);
  const doc = parseDocument(text, { uniqueKeys: true });
  if (doc.errors.length > 0) {
    const first = doc.errors[0];
    const line = first?.linePos?.[0]?.line;
    fail(line ? `line ${line}` : "", `not valid YAML (${first?.message.split("\n")[0]})`);
  }
  const raw: unknown = doc.toJS({ maxAliasCount: 10 });
  if (!isRecord(raw)) return fail("", "expected a mapping with name, description, inputs and steps");
  unknownKeys(raw, TOP_KEYS, "", fail);

  const name = raw.name === undefined ? stem : raw.name;
  if (typeof name !== "string" || !NAME.test(name))
    fail("name", "expected a name of letters, digits, - and _ (starting with a letter)");
  if (name !== stem)
    fail("name", `"${String(name)}" differs from the file's name "${stem}"; make them the same`);
  const description = raw.description === undefined ? "" : raw.description;
  if (typeof description !== "string") fail("description", "expected text");
  const maxConcurrency = optionalInt(raw, "max_concurrency", 1, WORKFLOW_LIMITS.maxConcurrency, "", fail);

  const inputs = parseInputs(raw.inputs, fail);
  if (!Array.isArray(raw.steps) || raw.steps.length === 0)
    fail("steps", "expected a list of at least one step");
  const rawSteps = raw.steps as unknown[];
  if (rawSteps.length > WORKFLOW_LIMITS.steps)
    fail("steps", `${rawSteps.length} steps; at most ${WORKFLOW_LIMITS.steps}`);
  const steps = rawSteps.map((s, i) => parseStep(s, i, inputs, fail));
  checkGraph(steps, fail);
  for (const [i, step] of steps.entries()) checkPlaceholders(step, `steps[${i}] "${step.id}"`, inputs, fail);
  return {
    name: name as string,
    description: (description as string).trim(),
    file,
    inputs,
    steps,
    maxConcurrency: maxConcurrency ?? DEFAULT_CONCURRENCY,
  };
}

type Fail = (where: string, what: string) => never;

function unknownKeys(raw: Raw, known: readonly string[], where: string, fail: Fail): void {
  for (const key of Object.keys(raw))
    if (!known.includes(key))
      fail(where ? `${where}: ${key}` : key, `unknown field; expected one of ${known.join(", ")}`);
}

function optionalInt(
  raw: Raw,
  key: string,
  min: number,
  max: number,
  where: string,
  fail: Fail,
): number | undefined {
  const value = raw[key];
  if (value === undefined) return undefined;
  if (typeof value !== "number" || !Number.isInteger(value) || value < min || value > max)
    fail(where ? `${where}: ${key}` : key, `expected a whole number from ${min} to ${max}`);
  return value as number;
}

function stringList(value: unknown): string[] | undefined {
  if (!Array.isArray(value)) return undefined;
  const out: string[] = [];
  for (const item of value) {
    if (typeof item === "string") out.push(item);
    else if (typeof item === "number" || typeof item === "boolean") out.push(String(item));
    else return undefined;
  }
  return out;
}

function parseInputs(value: unknown, fail: Fail): WorkflowInput[] {
  if (value === undefined) return [];
  if (!isRecord(value))
    return fail("inputs", "expected a mapping of input names to {description, type, required, default}");
  const names = Object.keys(value);
  if (names.length > WORKFLOW_LIMITS.inputs) fail("inputs", `at most ${WORKFLOW_LIMITS.inputs} inputs`);
  return names.map((name) => {
    const where = `inputs.${name}`;
    if (!NAME.test(name)) fail(where, "an input name is letters, digits, - and _ (starting with a letter)");
    const spec = value[name] ?? {};
    if (!isRecord(spec)) return fail(where, "expected a mapping {description, type, required, default}");
    unknownKeys(spec, INPUT_KEYS, where, fail);
    if (spec.description !== undefined && typeof spec.description !== "string")
      fail(`${where}: description`, "expected text");
    if (spec.required !== undefined && typeof spec.required !== "boolean")
      fail(`${where}: required`, "expected true or false");
    if (spec.type !== undefined && spec.type !== "string" && spec.type !== "list")
      fail(`${where}: type`, 'expected "string" or "list"');
    let defaultValue: string | string[] | undefined;
    if (spec.default !== undefined) {
      const d = spec.default;
      const list = stringList(d);
      if (list) defaultValue = list;
      else if (typeof d === "string" || typeof d === "number" || typeof d === "boolean")
        defaultValue = String(d);
      else fail(`${where}: default`, "expected text or a list of text");
    }
    const type =
      (spec.type as "string" | "list" | undefined) ?? (Array.isArray(defaultValue) ? "list" : "string");
    if (type === "string" && Array.isArray(defaultValue))
      fail(`${where}: default`, "a list default needs type: list (or leave type out)");
    if (spec.required === true && defaultValue !== undefined)
      fail(`${where}: required`, "a required input has no default; drop one of them");
    return {
      name,
      type,
      required: spec.required === true,
      ...(typeof spec.description === "string" ? { description: spec.description } : {}),
      ...(defaultValue !== undefined ? { default: defaultValue } : {}),
    };
  });
}

function parseStep(
  value: unknown,
  index: number,
  inputs: readonly WorkflowInput[],
  fail: Fail,
): WorkflowStep {
  let where = `steps[${index}]`;
  if (!isRecord(value)) return fail(where, "expected a mapping with id and prompt");
  if (typeof value.id !== "string" || !STEP_ID.test(value.id))
    fail(`${where}: id`, "expected an id of letters, digits, - and _ (starting with a letter, at most 40)");
  const id = value.id as string;
  where = `steps[${index}] "${id}"`;
  unknownKeys(value, STEP_KEYS, where, fail);
  if (typeof value.prompt !== "string" || value.prompt.trim() === "")
    fail(`${where}: prompt`, "expected text");
  const prompt = value.prompt as string;
  if (prompt.length > WORKFLOW_LIMITS.promptChars)
    fail(`${where}: prompt`, `longer than ${WORKFLOW_LIMITS.promptChars} characters`);
  if (value.agent !== undefined && (typeof value.agent !== "string" || !NAME.test(value.agent)))
    fail(`${where}: agent`, "expected an agent definition's name (docs/agents.md)");
  let needs: string[] = [];
  if (value.needs !== undefined) {
    const list = typeof value.needs === "string" ? [value.needs] : stringList(value.needs);
    if (!list) return fail(`${where}: needs`, "expected a list of step ids");
    needs = list;
  }
  if (value.cwd !== undefined) {
    const cwd = value.cwd;
    if (
      typeof cwd !== "string" ||
      cwd.trim() === "" ||
      cwd.startsWith("/") ||
      cwd.split(/[\\/]/).includes("..")
    )
      fail(`${where}: cwd`, "expected a folder relative to the workspace root, without ..");
  }
  const forEach = parseForEach(value.for_each, `${where}: for_each`, inputs, fail);
  const maxSteps = optionalInt(value, "max_steps", 1, WORKFLOW_LIMITS.maxSteps, where, fail);
  const maxSeconds = optionalInt(value, "max_seconds", 1, WORKFLOW_LIMITS.maxSeconds, where, fail);
  const maxTokens = optionalInt(value, "max_tokens", 1000, 100_000_000, where, fail);
  return {
    id,
    prompt,
    needs,
    ...(typeof value.agent === "string" ? { agent: value.agent } : {}),
    ...(forEach ? { forEach } : {}),
    ...(maxSteps !== undefined ? { maxSteps } : {}),
    ...(maxSeconds !== undefined ? { maxSeconds } : {}),
    ...(maxTokens !== undefined ? { maxTokens } : {}),
    ...(typeof value.cwd === "string" ? { cwd: value.cwd } : {}),
  };
}

function parseForEach(
  value: unknown,
  where: string,
  inputs: readonly WorkflowInput[],
  fail: Fail,
): ForEach | undefined {
  if (value === undefined) return undefined;
  const list = stringList(value);
  if (list) {
    if (list.length === 0) fail(where, "an empty list; give at least one item");
    if (list.length > WORKFLOW_LIMITS.forEachItems)
      fail(where, `at most ${WORKFLOW_LIMITS.forEachItems} items`);
    return { kind: "literal", items: list };
  }
  if (typeof value === "string") {
    const match = /^\s*\{\{\s*inputs\.([A-Za-z][A-Za-z0-9_-]*)\s*\}\}\s*$/.exec(value);
    if (!match) return fail(where, 'expected a list of items or "{{inputs.<list input>}}"');
    const input = inputs.find((i) => i.name === match[1]);
    if (!input) return fail(where, `unknown input "${match[1]}"`);
    if (input.type !== "list") fail(where, `input "${input.name}" is not a list (give it type: list)`);
    return { kind: "input", input: input.name };
  }
  return fail(where, 'expected a list of items or "{{inputs.<list input>}}"');
}

/** Duplicate ids, unknown needs and cycles. */
function checkGraph(steps: readonly WorkflowStep[], fail: Fail): void {
  const index = new Map<string, number>();
  for (const [i, step] of steps.entries()) {
    const before = index.get(step.id);
    if (before !== undefined) fail(`steps[${i}] "${step.id}": id`, `duplicate of steps[${before}]`);
    index.set(step.id, i);
  }
  for (const [i, step] of steps.entries())
    for (const need of step.needs) {
      if (need === step.id) fail(`steps[${i}] "${step.id}": needs`, "a step cannot need itself");
      if (!index.has(need))
        fail(
          `steps[${i}] "${step.id}": needs`,
          `unknown step "${need}"; known: ${[...index.keys()].join(", ")}`,
        );
    }
  const state = new Map<string, "visiting" | "done">();
  const byId = new Map(steps.map((s) => [s.id, s]));
  const visit = (id: string, path: string[]): void => {
    if (state.get(id) === "done") return;
    if (state.get(id) === "visiting") {
      const cycle = [...path.slice(path.indexOf(id)), id];
      fail(`steps[${index.get(id)}] "${id}": needs`, `a cycle: ${cycle.join(" → ")}`);
    }
    state.set(id, "visiting");
    for (const need of byId.get(id)?.needs ?? []) visit(need, [...path, id]);
    state.set(id, "done");
  };
  for (const step of steps) visit(step.id, []);
}

function checkPlaceholders(
  step: WorkflowStep,
  where: string,
  inputs: readonly WorkflowInput[],
  fail: Fail,
): void {
  const problems = placeholderProblems(placeholdersOf(step.prompt), {
    inputs: inputs.map((i) => i.name),
    needs: step.needs,
    hasItem: step.forEach !== undefined,
  });
  if (problems.length > 0) fail(`${where}: prompt`, problems[0] as string);
}
