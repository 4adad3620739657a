/**
 * The fields of an MCP form elicitation (`elicitation/create`, `requestedSchema`) and the rules an
 * answer must keep. The spec allows a flat object of primitives: strings (with `minLength`,
 * `maxLength` and the formats `email`, `uri`, `date`, `date-time`), numbers and integers (with
 * `minimum`, `maximum`), booleans, single-select enums (`enum` with optional `enumNames`, or
 * `oneOf` of `{const, title}`) and multi-select enums (an array whose `items` hold `enum` or
 * `anyOf`/`oneOf` of `{const, title}`, with `minItems`, `maxItems`).
 *
 * The schema comes from a server and is hostile input: sizes are capped (fields, names, texts,
 * options) and anything this file does not understand makes the form unusable (the request is
 * then declined) rather than asked half-way.
 */

export type FieldKind = "string" | "number" | "integer" | "boolean" | "enum" | "multi";

export interface FieldOption {
  value: string;
  label: string;
}

export interface FormField {
  name: string;
  title: string;
  description?: string;
  required: boolean;
  kind: FieldKind;
  options?: FieldOption[];
  default?: unknown;
  format?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  maxItems?: number;
}

const MAX_FIELDS = 50;
const MAX_OPTIONS = 100;
const MAX_NAME = 100;
const MAX_TEXT = 300;
export const FORMATS = ["email", "uri", "date", "date-time"] as const;

/** The form's fields in the schema's order, or why it cannot be asked. */
export function formFields(schema: unknown): FormField[] | { problem: string } {
  if (!isObject(schema) || !isObject(schema.properties))
    return { problem: "requestedSchema has no properties object" };
  const required = Array.isArray(schema.required)
    ? schema.required.filter((r): r is string => typeof r === "string")
    : [];
  const entries = Object.entries(schema.properties);
  if (entries.length > MAX_FIELDS) return { problem: `requestedSchema has more than ${MAX_FIELDS} fields` };
  const fields: FormField[] = [];
  for (const [name, property] of entries) {
    if (name.length > MAX_NAME) return { problem: `a field name is longer than ${MAX_NAME} characters` };
    const field = formField(name, property, required.includes(name));
    if ("problem" in field) return field;
    fields.push(field);
  }
  return fields;
}

function formField(name: string, property: unknown, required: boolean): FormField | { problem: string } {
  if (!isObject(property)) return { problem: `field "${name}" is not a schema object` };
  const base: FormField = {
    name,
    title: oneLine(
      typeof property.title === "string" && property.title.trim() ? property.title : name,
      MAX_NAME,
    ),
    required,
    kind: "string",
  };
  if (typeof property.description === "string" && property.description.trim())
    base.description = oneLine(property.description, MAX_TEXT);
  if (property.default !== undefined) base.default = property.default;
  const type = property.type;
  if (type === "boolean") return { ...base, kind: "boolean" };
  if (type === "number" || type === "integer")
    return {
      ...base,
      kind: type,
      ...bound("minimum", property.minimum),
      ...bound("maximum", property.maximum),
    };
  if (type === "array") {
    const options = isObject(property.items) ? choiceOptions(property.items) : undefined;
    if (!options) return { problem: `field "${name}": an array must list its items' choices` };
    return {
      ...base,
      kind: "multi",
      options,
      ...bound("minItems", property.minItems),
      ...bound("maxItems", property.maxItems),
    };
  }
  if (type !== "string" && type !== undefined)
    return { problem: `field "${name}" has a type a form cannot ask (${String(type).slice(0, 40)})` };
  const options = choiceOptions(property);
  if (options) return { ...base, kind: "enum", options };
  if (type === undefined) return { problem: `field "${name}" has no type` };
  const format = typeof property.format === "string" ? property.format : undefined;
  if (format && !(FORMATS as readonly string[]).includes(format))
    return { problem: `field "${name}" has a string format a form cannot check (${format.slice(0, 40)})` };
  return {
    ...base,
    ...(format ? { format } : {}),
    ...bound("minLength", property.minLength),
    ...bound("maxLength", property.maxLength),
  };
}

/** `enum` (+ `enumNames`), or `oneOf`/`anyOf` of `{const, title}`: the choices, or none. */
function choiceOptions(schema: Record<string, unknown>): FieldOption[] | undefined {
  if (Array.isArray(schema.enum)) {
    const names = Array.isArray(schema.enumNames) ? schema.enumNames : [];
    const options = schema.enum
      .slice(0, MAX_OPTIONS)
      .filter((v): v is string => typeof v === "string")
      .map((value, i) => ({
        value,
        label: oneLine(typeof names[i] === "string" ? names[i] : value, MAX_NAME),
      }));
    return options.length ? options : undefined;
  }
  const list = Array.isArray(schema.oneOf)
    ? schema.oneOf
    : Array.isArray(schema.anyOf)
      ? schema.anyOf
      : undefined;
  if (!list) return undefined;
  const options = list
    .slice(0, MAX_OPTIONS)
    .filter((o): o is Record<string, unknown> => isObject(o) && typeof o.const === "string")
    .map((o) => ({
      value: o.const as string,
      label: oneLine(typeof o.title === "string" ? o.title : (o.const as string), MAX_NAME),
    }));
  return options.length ? options : undefined;
}

function bound<K extends string>(key: K, value: unknown): Partial<Record<K, number>> {
  return typeof value === "number" && Number.isFinite(value) ? ({ [key]: value } as Record<K, number>) : {};
}

/** Why `value` does not fit `field`, or undefined when it does. */
export function fieldProblem(field: FormField, value: unknown): string | undefined {
  const at = `"${field.name}"`;
  switch (field.kind) {
    case "boolean":
      return typeof value === "boolean" ? undefined : `${at} must be true or false`;
    case "number":
    case "integer": {
      if (typeof value !== "number" || !Number.isFinite(value)) return `${at} must be a number`;
      if (field.kind === "integer" && !Number.isInteger(value)) return `${at} must be a whole number`;
      if (field.minimum !== undefined && value < field.minimum)
        return `${at} must be at least ${field.minimum}`;
      if (field.maximum !== undefined && value > field.maximum)
        return `${at} must be at most ${field.maximum}`;
      return undefined;
    }
    case "enum":
      return typeof value === "string" && field.options!.some((o) => o.value === value)
        ? undefined
        : `${at} must be one of ${field.options!.map((o) => o.value).join(", ")}`;
    case "multi": {
      if (!Array.isArray(value) || value.some((v) => !field.options!.some((o) => o.value === v)))
        return `${at} must be a list of ${field.options!.map((o) => o.value).join(", ")}`;
      if (field.minItems !== undefined && value.length < field.minItems)
        return `${at} needs at least ${field.minItems} choice(s)`;
      if (field.maxItems !== undefined && value.length > field.maxItems)
        return `${at} takes at most ${field.maxItems} choice(s)`;
      return undefined;
    }
    case "string": {
      if (typeof value !== "string") return `${at} must be text`;
      if (field.minLength !== undefined && value.length < field.minLength)
        return `${at} needs at least ${field.minLength} character(s)`;
      if (field.maxLength !== undefined && value.length > field.maxLength)
        return `${at} takes at most ${field.maxLength} character(s)`;
      if (field.format && !formatOk(field.format, value)) return `${at} must be a valid ${field.format}`;
      return undefined;
    }
  }
}

/** Every problem of a whole answer (the headless answers): missing required fields, bad values. */
export function contentProblems(fields: readonly FormField[], content: Record<string, unknown>): string[] {
  const problems: string[] = [];
  for (const field of fields) {
    const value = content[field.name];
    if (value === undefined) {
      if (field.required) problems.push(`"${field.name}" is required`);
      continue;
    }
    const problem = fieldProblem(field, value);
    if (problem) problems.push(problem);
  }
  return problems;
}

function formatOk(format: string, value: string): boolean {
  switch (format) {
    case "email":
      return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value);
    case "uri":
      return /^[a-z][a-z0-9+.-]*:\S+$/i.test(value) && URL.canParse(value);
    case "date":
      return /^\d{4}-\d{2}-\d{2}$/.test(value) && validDate(value);
    case "date-time":
      return (
        /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/i.test(value) &&
        validDate(value.slice(0, 10))
      );
    default:
      return false;
  }
}

function validDate(ymd: string): boolean {
  const date = new Date(`${ymd}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === ymd;
}

/**
 * A typed answer read as the field's value: `skip` for an empty answer (the default applies when
 * the field has one), or the problem. Choices match their value or their label, case-insensitively;
 * a multi-select answer is comma-separated.
 */
export function parseAnswer(
  field: FormField,
  text: string,
): { value: unknown } | { skip: true } | { problem: string } {
  const answer = text.trim();
  if (answer === "" || answer === SKIP) return { skip: true };
  switch (field.kind) {
    case "boolean": {
      const lower = answer.toLowerCase();
      if (["yes", "y", "true"].includes(lower)) return { value: true };
      if (["no", "n", "false"].includes(lower)) return { value: false };
      return { problem: `"${field.name}" must be yes or no` };
    }
    case "number":
    case "integer": {
      const value = Number(answer);
      return Number.isFinite(value) ? { value } : { problem: `"${field.name}" must be a number` };
    }
    case "enum": {
      const option = matchOption(field.options!, answer);
      return option ? { value: option.value } : { value: answer };
    }
    case "multi": {
      const parts = answer
        .split(",")
        .map((p) => p.trim())
        .filter(Boolean);
      return { value: parts.map((p) => matchOption(field.options!, p)?.value ?? p) };
    }
    case "string":
      return { value: answer };
  }
}

function matchOption(options: readonly FieldOption[], answer: string): FieldOption | undefined {
  const lower = answer.toLowerCase();
  return (
    options.find((o) => o.value === answer) ??
    options.find((o) => o.value.toLowerCase() === lower || o.label.toLowerCase() === lower)
  );
}

/** The choice that leaves an optional field out. */
export const SKIP = "(skip)";

/** The question for one field: its title, description, rules and default. */
export function fieldQuestion(server: string, field: FormField, problem?: string): string {
  const rules: string[] = [];
  if (field.format) rules.push(`format: ${field.format}`);
  if (field.kind === "integer") rules.push("a whole number");
  if (field.minimum !== undefined || field.maximum !== undefined)
    rules.push(`${field.minimum ?? "…"} to ${field.maximum ?? "…"}`);
  if (field.minLength !== undefined || field.maxLength !== undefined)
    rules.push(`${field.minLength ?? 0} to ${field.maxLength ?? "…"} characters`);
  if (field.kind === "multi") {
    rules.push(`comma-separated, from: ${field.options!.map((o) => o.label).join(", ")}`);
    if (field.minItems !== undefined || field.maxItems !== undefined)
      rules.push(`${field.minItems ?? 0} to ${field.maxItems ?? "…"} choices`);
  }
  if (field.default !== undefined)
    rules.push(`empty for the default ${JSON.stringify(field.default).slice(0, 100)}`);
  else if (!field.required) rules.push("optional: empty to leave it out");
  const lines = [
    ...(problem ? [`${problem} — once more:`] : []),
    `MCP server "${server}" · ${field.title}${field.required ? " (required)" : ""}`,
    ...(field.description ? [field.description] : []),
    ...(rules.length ? [`(${rules.join("; ")})`] : []),
  ];
  return lines.join("\n");
}

/** The choices offered for one field (none for free text). */
export function fieldChoices(field: FormField): string[] | undefined {
  const optional = field.required ? [] : [SKIP];
  if (field.kind === "boolean") return ["yes", "no", ...optional];
  if (field.kind === "enum") return [...field.options!.map((o) => o.label), ...optional];
  return undefined;
}

function oneLine(text: string, max: number): string {
  const line = text.replace(/\s+/g, " ").trim();
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
