/**
 * Answering an MCP server's `elicitation/create` (docs/mcp.md, Elicitation). A request that comes
 * during a tool call is put to the user through that call's `ToolContext.askUser`:
 * - form mode: the server's message with Accept / Decline / Cancel, then one question per field
 *   (enums and booleans as choices; text and numbers typed, with the field's title, description,
 *   rules and default). Each answer is checked against the field's schema (elicitation-form.ts);
 *   an invalid one is asked again once, and a second invalid answer declines the request.
 * - url mode: the message and the URL with Accept / Decline / Cancel. Picasso never opens the URL:
 *   the user does, after accepting.
 * The session's policy may answer without asking: `decline` or `cancel` every request (headless
 * `--elicit decline|cancel`), or `answers` (headless `--elicit <json>`: the content a form request
 * is answered with, checked against its schema — an answer that does not fit declines).
 * When no one can answer (askUser fails, the call was interrupted) the request is declined or
 * cancelled; the outcome always says why, for the `mcp_elicitation` event.
 */
import type { ElicitRequest, ElicitResult } from "@modelcontextprotocol/sdk/types.js";
import type { AskUserRequest } from "@picasso/protocol";
import {
  contentProblems,
  type FormField,
  fieldChoices,
  fieldProblem,
  fieldQuestion,
  formFields,
  parseAnswer,
} from "./elicitation-form.js";

export type ElicitationPolicy =
  | { kind: "ask" }
  | {
      kind: "decline" | "cancel" /** Told once per request (headless: one stderr line). */;
      tell?: (line: string) => void;
    }
  | { kind: "answers"; answers: Record<string, unknown>; tell?: (line: string) => void };

/** Who can answer: the in-flight call's askUser and signal. */
export interface ElicitationAsker {
  askUser(request: AskUserRequest): Promise<string>;
  signal: AbortSignal;
}

export interface ElicitationOutcome {
  result: ElicitResult;
  mode: "form" | "url";
  /** The names of the fields asked for (never their values). */
  fields: string[];
  reason?: string;
  /** A URL request's scheme and host. */
  origin?: string;
}

export const ACCEPT = "Accept";
export const DECLINE = "Decline";
export const CANCEL = "Cancel";
const MAX_MESSAGE = 2000;

export async function answerElicitation(
  server: string,
  params: ElicitRequest["params"],
  asker: ElicitationAsker | undefined,
  policy: ElicitationPolicy,
): Promise<ElicitationOutcome> {
  if (params.mode === "url") return answerUrl(server, params, asker, policy);
  const fields = formFields(params.requestedSchema);
  const names = Array.isArray(fields) ? fields.map((f) => f.name) : [];
  const out = (result: ElicitResult, reason?: string): ElicitationOutcome => ({
    result,
    mode: "form",
    fields: names,
    ...(reason ? { reason } : {}),
  });
  if (!Array.isArray(fields))
    return out({ action: "decline" }, `the form cannot be asked: ${fields.problem}`);
  if (policy.kind === "decline" || policy.kind === "cancel") {
    policy.tell?.(
      `MCP server "${server}" asked for input (elicitation: ${names.join(", ") || "no fields"}); ${policy.kind === "decline" ? "declined" : "cancelled"} — answer with --elicit <json file or inline JSON>`,
    );
    return out({ action: policy.kind }, `--elicit ${policy.kind}`);
  }
  if (policy.kind === "answers") {
    const content = pick(fields, policy.answers);
    const problems = contentProblems(fields, content);
    if (problems.length) {
      policy.tell?.(
        `MCP server "${server}": the --elicit answers do not fit its form (${problems.join("; ")}); declined`,
      );
      return out({ action: "decline" }, `the --elicit answers do not fit: ${problems.join("; ")}`);
    }
    return out({ action: "accept", content: content as ElicitResult["content"] }, "--elicit answers");
  }
  if (!asker) return out({ action: "decline" }, "no tool call of this server was running to ask through");
  let choice: string;
  try {
    choice = await asker.askUser({
      question: `MCP server "${server}" asks:\n${message(params.message)}\n(fields: ${fields.map((f) => `${f.name}${f.required ? "*" : ""}`).join(", ") || "none"})`,
      choices: [ACCEPT, DECLINE, CANCEL],
    });
  } catch (error) {
    return out({ action: "decline" }, `no one can answer: ${oneLine((error as Error).message)}`);
  }
  if (asker.signal.aborted) return out({ action: "cancel" }, "the call was interrupted");
  const decided = decision(choice);
  if (decided !== "accept") return out({ action: decided });
  const content: Record<string, unknown> = {};
  for (const field of fields) {
    let answered: { value?: unknown; invalid?: string } | undefined;
    try {
      answered = await askField(server, field, asker);
    } catch (error) {
      return out({ action: "decline" }, `no one can answer: ${oneLine((error as Error).message)}`);
    }
    if (asker.signal.aborted) return out({ action: "cancel" }, "the call was interrupted");
    if (answered.invalid) return out({ action: "decline" }, `an invalid answer twice: ${answered.invalid}`);
    if (answered.value !== undefined) content[field.name] = answered.value;
  }
  return out({ action: "accept", content: content as ElicitResult["content"] });
}

/** One field: asked, checked, asked again once with the problem; `invalid` after two misses. */
async function askField(
  server: string,
  field: FormField,
  asker: ElicitationAsker,
): Promise<{ value?: unknown; invalid?: string }> {
  let problem: string | undefined;
  for (let attempt = 0; attempt < 2; attempt++) {
    const choices = fieldChoices(field);
    const text = await asker.askUser({
      question: fieldQuestion(server, field, problem),
      ...(choices ? { choices } : {}),
      // An optional field or one with a default may be left empty (fieldQuestion says which).
      ...(!field.required || field.default !== undefined ? { allowEmpty: true } : {}),
    });
    if (asker.signal.aborted) return {};
    const parsed = parseAnswer(field, text);
    if ("problem" in parsed) {
      problem = parsed.problem;
      continue;
    }
    if ("skip" in parsed) {
      if (field.default !== undefined && fieldProblem(field, field.default) === undefined)
        return { value: field.default };
      if (!field.required) return {};
      problem = `"${field.name}" is required`;
      continue;
    }
    problem = fieldProblem(field, parsed.value);
    if (!problem) return { value: parsed.value };
  }
  return { invalid: problem ?? `"${field.name}"` };
}

async function answerUrl(
  server: string,
  params: Extract<ElicitRequest["params"], { mode: "url" }>,
  asker: ElicitationAsker | undefined,
  policy: ElicitationPolicy,
): Promise<ElicitationOutcome> {
  let url: URL | undefined;
  try {
    url = new URL(params.url);
  } catch {
    url = undefined;
  }
  const origin = url ? `${url.protocol}//${url.host}` : undefined;
  const out = (result: ElicitResult, reason?: string): ElicitationOutcome => ({
    result,
    mode: "url",
    fields: [],
    ...(reason ? { reason } : {}),
    ...(origin ? { origin } : {}),
  });
  if (!url || (url.protocol !== "https:" && url.protocol !== "http:"))
    return out({ action: "decline" }, "the URL is not an http(s) URL");
  if (policy.kind !== "ask") {
    const action = policy.kind === "cancel" ? "cancel" : "decline";
    policy.tell?.(
      `MCP server "${server}" asked the user to open ${origin} (URL elicitation); ${action === "decline" ? "declined" : "cancelled"}: a headless run cannot`,
    );
    return out({ action }, `--elicit ${policy.kind}`);
  }
  if (!asker) return out({ action: "decline" }, "no tool call of this server was running to ask through");
  let choice: string;
  try {
    choice = await asker.askUser({
      question: `MCP server "${server}" asks you to open a page in your browser (Picasso will not open it):\n${message(params.message)}\n${url.href.slice(0, MAX_MESSAGE)}`,
      choices: [`${ACCEPT} (I will open it)`, DECLINE, CANCEL],
    });
  } catch (error) {
    return out({ action: "decline" }, `no one can answer: ${oneLine((error as Error).message)}`);
  }
  if (asker.signal.aborted) return out({ action: "cancel" }, "the call was interrupted");
  return out({ action: decision(choice) });
}

function decision(choice: string): "accept" | "decline" | "cancel" {
  const lower = choice.trim().toLowerCase();
  if (lower.startsWith("accept")) return "accept";
  if (lower.startsWith("decline")) return "decline";
  return "cancel";
}

/** The answers the form asks for, nothing else. */
function pick(fields: readonly FormField[], answers: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const field of fields) if (answers[field.name] !== undefined) out[field.name] = answers[field.name];
  for (const field of fields)
    if (out[field.name] === undefined && field.default !== undefined) out[field.name] = field.default;
  return out;
}

function message(text: string): string {
  return text.length > MAX_MESSAGE ? `${text.slice(0, MAX_MESSAGE)}…` : text;
}

function oneLine(text: string): string {
  return text.replace(/\s+/g, " ").trim().slice(0, 200);
}
