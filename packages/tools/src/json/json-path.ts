/**
 * The path expressions of `json_query`: parsed, then evaluated over a parsed JSON document.
 *
 *   query := "" | "$" | ["$"] step…      the first key needs no dot: `scripts.test`
 *   step  := "." key | "[" integer "]" | "[" JSON string "]" | ".*" | "[*]" | ".." key
 *   key   := letters, digits, "_", "-", "$", "@" (any other key: `["odd key"]`)
 *
 * Evaluation starts from the document and maps the values selected so far through each step:
 * a key takes that member of each object; an integer that element of each array (negative counts
 * from the end); `*` every element or member value; `..key` every member named `key` at any depth
 * below, in document order. Values a step does not apply to drop out. When nothing is left, `miss`
 * says which step found nothing and what was there instead. Each match carries its own path
 * (`items[2].id`), so the model can query it again. Pure.
 */
import { ToolInputError } from "../tool-input.js";

export type PathStep =
  | { kind: "key"; key: string }
  | { kind: "index"; index: number }
  | { kind: "all" }
  | { kind: "deep"; key: string };

export interface JsonMatch {
  path: string;
  value: unknown;
}

const KEY = /^[A-Za-z0-9_$@-]+/;

export function parseQuery(query: string): PathStep[] {
  const steps: PathStep[] = [];
  // A leading `$` is the document itself (`$`, `$.a`, `$[0]`); `$name` is a key.
  const start = /^\$(?=$|[.[])/.test(query) ? 1 : 0;
  let at = start;
  const fail = (what: string): never => {
    throw new ToolInputError(`query "${query}": ${what} at character ${at + 1}.`);
  };
  const key = () => KEY.exec(query.slice(at))?.[0] ?? fail("expected a key");
  while (at < query.length) {
    const rest = query.slice(at);
    if (rest.startsWith("..")) {
      at += 2;
      const name = key();
      steps.push({ kind: "deep", key: name });
      at += name.length;
    } else if (rest.startsWith(".*") || rest.startsWith("[*]")) {
      steps.push({ kind: "all" });
      at += rest.startsWith(".*") ? 2 : 3;
    } else if (rest.startsWith("[")) {
      const index = /^\[(-?\d+)\]/.exec(rest);
      const quoted = /^\[("(?:[^"\\]|\\.)*")\]/.exec(rest);
      if (index) steps.push({ kind: "index", index: Number(index[1]) });
      else if (quoted) steps.push({ kind: "key", key: JSON.parse(quoted[1]!) as string });
      else fail('expected [integer], [*] or ["key"]');
      at += (index ?? quoted)![0].length;
    } else {
      if (rest.startsWith(".")) at += 1;
      else if (at > start) fail('expected ".", ".." or "["');
      const name = key();
      steps.push({ kind: "key", key: name });
      at += name.length;
    }
  }
  return steps;
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  v !== null && typeof v === "object" && !Array.isArray(v);

const keyPath = (path: string, key: string) =>
  /^[A-Za-z_$@][A-Za-z0-9_$@-]*$/.test(key) ? `${path}.${key}` : `${path}[${JSON.stringify(key)}]`;

/** The root is `$`; a match below it is shown without it (`scripts.test`, `[0].id`). */
export const shownPath = (path: string) => (path === "$" ? "$" : path.replace(/^\$\.?/, ""));

function children(m: JsonMatch): JsonMatch[] {
  if (Array.isArray(m.value)) return m.value.map((value, i) => ({ path: `${m.path}[${i}]`, value }));
  if (isObject(m.value))
    return Object.entries(m.value).map(([key, value]) => ({ path: keyPath(m.path, key), value }));
  return [];
}

function apply(step: PathStep, m: JsonMatch): JsonMatch[] {
  if (step.kind === "all") return children(m);
  if (step.kind === "key")
    return isObject(m.value) && Object.hasOwn(m.value, step.key)
      ? [{ path: keyPath(m.path, step.key), value: m.value[step.key] }]
      : [];
  if (step.kind === "index") {
    if (!Array.isArray(m.value)) return [];
    const i = step.index < 0 ? m.value.length + step.index : step.index;
    return i >= 0 && i < m.value.length ? [{ path: `${m.path}[${i}]`, value: m.value[i] }] : [];
  }
  // `..key`: depth first, in document order, without recursion (deep documents stay safe).
  const found: JsonMatch[] = [];
  const stack = [m];
  while (stack.length > 0) {
    const next = stack.pop()!;
    if (isObject(next.value) && Object.hasOwn(next.value, step.key))
      found.push({ path: keyPath(next.path, step.key), value: next.value[step.key] });
    const below = children(next);
    for (let i = below.length - 1; i >= 0; i--) stack.push(below[i]!);
  }
  return found;
}

/** A step as the query writes it (`.name`, `["odd key"]`, `[2]`, `[*]`, `..name`). */
const stepText = (step: PathStep) =>
  step.kind === "all"
    ? "[*]"
    : step.kind === "index"
      ? `[${step.index}]`
      : step.kind === "deep"
        ? `..${step.key}`
        : keyPath("", step.key);

function describe(m: JsonMatch): string {
  const where = shownPath(m.path) === "$" ? "the document" : shownPath(m.path);
  if (Array.isArray(m.value)) return `${where} is an array of ${m.value.length}`;
  if (isObject(m.value)) {
    const keys = Object.keys(m.value);
    const listed = keys.slice(0, 20).join(", ") + (keys.length > 20 ? `, … (${keys.length} keys)` : "");
    return `${where} is an object with keys: ${listed || "none"}`;
  }
  return `${where} is ${m.value === null ? "null" : `a ${typeof m.value}`}`;
}

export function evaluate(
  document: unknown,
  steps: readonly PathStep[],
): { matches: JsonMatch[]; miss?: string } {
  let current: JsonMatch[] = [{ path: "$", value: document }];
  let so = "$";
  for (const step of steps) {
    const next = current.flatMap((m) => apply(step, m));
    if (next.length === 0) {
      const before =
        current.length === 1
          ? describe(current[0]!)
          : `none of the ${current.length} values at ${shownPath(so)} has it`;
      return { matches: [], miss: `${stepText(step)} found nothing: ${before}` };
    }
    current = next;
    so += stepText(step);
  }
  return { matches: current };
}
