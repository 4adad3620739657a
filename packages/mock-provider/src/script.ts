/**
 * Mock scripts: the YAML format of docs/mock-provider.md, validated with zod.
 *
 * `loadMockScript(path)` parses with a LineCounter so every mistake is one UserError naming the
 * file, the line and the field (`session.yaml:7: steps[1].tool_calls[0].name: expected a string`).
 * `parseMockScript(value)` validates an already-parsed object the same way, without line numbers.
 * A `match` written as `/body/flags` is a regular expression and must compile. The file is read
 * through @picasso/workspace `readBoundedFile`: a FIFO (which would block the read forever), a
 * socket, a device or a folder is never opened and is one UserError line, as is a file over 16 MiB.
 */
import { UserError } from "@picasso/protocol";
import { readBoundedFile } from "@picasso/workspace";
import { isMap, isScalar, LineCounter, type Node, parseDocument } from "yaml";
import { z } from "zod";

const REGEX_FORM = /^\/(.*)\/([dgimsuvy]*)$/s;

/** A `match` string as a predicate: `/body/flags` is a regex, anything else a substring. */
export function compileMatch(match: string): (text: string) => boolean {
  const regex = REGEX_FORM.exec(match);
  if (regex) {
    const compiled = new RegExp(regex[1] as string, (regex[2] as string).replace(/[gy]/g, ""));
    return (text) => compiled.test(text);
  }
  return (text) => text.includes(match);
}

const MatchSchema = z
  .string()
  .min(1)
  .superRefine((match, ctx) => {
    try {
      compileMatch(match);
    } catch (error) {
      ctx.addIssue({ code: "custom", message: `invalid regular expression (${(error as Error).message})` });
    }
  });

const StepSchema = z.strictObject({
  match: MatchSchema.optional(),
  text: z.string().optional(),
  tool_calls: z
    .array(z.strictObject({ name: z.string().min(1), input: z.record(z.string(), z.unknown()).default({}) }))
    .optional(),
  stop: z.enum(["end_turn", "tool_use", "max_tokens", "stop_sequence"]).optional(),
  delay_ms: z.number().int().nonnegative().optional(),
});

const request = z.number().int().positive();
const FaultSchema = z.discriminatedUnion("kind", [
  z.strictObject({
    request,
    kind: z.literal("rate_limit"),
    retry_after: z.number().nonnegative().default(0),
  }),
  z.strictObject({ request, kind: z.literal("server") }),
  z.strictObject({ request, kind: z.literal("overloaded") }),
  z.strictObject({ request, kind: z.literal("cut") }),
  z.strictObject({ request, kind: z.literal("stream_error") }),
  z.strictObject({ request, kind: z.literal("malformed") }),
  z.strictObject({ request, kind: z.literal("stall") }),
  z.strictObject({ request, kind: z.literal("delay"), delay_ms: z.number().int().nonnegative() }),
]);

export const MockScriptSchema = z.strictObject({
  steps: z.array(StepSchema).default([]),
  faults: z.array(FaultSchema).default([]),
});

/** A script as written (optional fields may be omitted). */
export type MockScript = z.input<typeof MockScriptSchema>;
/** A validated script with defaults filled in. */
export type ValidMockScript = z.output<typeof MockScriptSchema>;

function fieldName(path: PropertyKey[]): string {
  return path.reduce<string>(
    (out, key) => (typeof key === "number" ? `${out}[${key}]` : out ? `${out}.${String(key)}` : String(key)),
    "",
  );
}

function issueText(issue: z.core.$ZodIssue): { path: PropertyKey[]; text: string } {
  if (issue.code === "unrecognized_keys") {
    const key = issue.keys[0] as string;
    return {
      path: [...issue.path, key],
      text: `unknown field (check the spelling; see docs/mock-provider.md)`,
    };
  }
  if (issue.code === "invalid_type") {
    const missing = /received undefined/.test(issue.message);
    return {
      path: issue.path,
      text: missing
        ? "is required"
        : `expected ${issue.expected === "object" ? "a mapping" : `a ${issue.expected}`}`,
    };
  }
  if (issue.code === "invalid_value") {
    return { path: issue.path, text: `must be one of ${issue.values.map(String).join(", ")}` };
  }
  if (issue.code === "invalid_union" && issue.discriminator) {
    return {
      path:
        issue.path[issue.path.length - 1] === issue.discriminator
          ? issue.path
          : [...issue.path, issue.discriminator],
      text: `must be one of ${(("options" in issue ? issue.options : undefined) ?? []).map(String).join(", ")}`,
    };
  }
  return { path: issue.path, text: issue.message };
}

/** Validates a parsed script; `where(path)` may prefix the message with a location. */
export function parseMockScript(
  value: unknown,
  where: (path: PropertyKey[]) => string = () => "script: ",
): ValidMockScript {
  const parsed = MockScriptSchema.safeParse(value ?? {});
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0] as z.core.$ZodIssue;
  const { path, text } = issueText(issue);
  const field = fieldName(path);
  throw new UserError(`${where(path)}${field ? `${field}: ` : ""}${text}`);
}

const SCRIPT_READ_BYTES = 16 * 1024 * 1024;

export function loadMockScript(path: string): ValidMockScript {
  const read = readBoundedFile(path, SCRIPT_READ_BYTES);
  if (read.kind === "missing") throw new UserError(`${path}: cannot read the mock script (ENOENT)`);
  if (read.kind === "unreadable") throw new UserError(`${path}: cannot read the mock script (${read.code})`);
  if (read.kind === "not-a-file")
    throw new UserError(`${path}: ${read.what}, not a file; give a mock script file`);
  if (read.truncated) throw new UserError(`${path}: larger than 16 MiB; not a mock script`);
  const source = read.bytes.toString("utf8");
  const lineCounter = new LineCounter();
  const doc = parseDocument(source, { lineCounter, prettyErrors: false });
  const syntax = doc.errors[0];
  if (syntax) {
    const line = lineCounter.linePos(syntax.pos[0]).line;
    throw new UserError(`${path}:${line}: invalid YAML (${syntax.message.split("\n")[0]})`);
  }
  return parseMockScript(
    doc.toJS(),
    (issuePath) => `${path}:${lineOf(doc.contents, issuePath, lineCounter)}: `,
  );
}

/** The line of the deepest node along `path` that exists (a missing field points at its parent). */
function lineOf(root: unknown, path: PropertyKey[], lineCounter: LineCounter): number {
  let node = root as Node | null | undefined;
  let offset = node?.range?.[0] ?? 0;
  for (const key of path) {
    if (!node || !(isMap(node) || "items" in node)) break;
    const items = (node as { items: unknown[] }).items;
    let next: Node | undefined;
    if (isMap(node)) {
      const pair = node.items.find((p) => isScalar(p.key) && p.key.value === key);
      if (!pair) break;
      offset = (pair.key as Node).range?.[0] ?? offset;
      next = pair.value as Node | undefined;
    } else if (typeof key === "number") {
      next = items[key] as Node | undefined;
      offset = next?.range?.[0] ?? offset;
    }
    node = next;
  }
  return lineCounter.linePos(offset).line;
}
