/**
 * `picasso -p … --elicit <how>`: how a headless run answers an MCP server that asks the user for
 * input (`elicitation/create`, docs/mcp.md). No one is there to ask, so:
 * - `decline` (the default) or `cancel`: every request is answered so; without the flag each
 *   request is one stderr line naming the server and the flag;
 * - a JSON object (inline, starting with `{`) or a file holding one: the answers a form request
 *   is given, by field name (defaults fill the fields left out); answers that do not fit the
 *   form's schema decline it, with one stderr line saying why. URL requests are declined.
 */
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import type { ElicitationPolicy } from "@picasso/mcp";
import { UserError } from "@picasso/protocol";

const MAX_ANSWERS_BYTES = 256 * 1024;

export function elicitationPolicy(
  value: string | undefined,
  cwd: string,
  tell: (line: string) => void,
): ElicitationPolicy {
  if (value === undefined) return { kind: "decline", tell };
  const how = value.trim();
  if (how === "decline" || how === "cancel") return { kind: how };
  const text = how.startsWith("{") ? how : readAnswersFile(how, cwd);
  let answers: unknown;
  try {
    answers = JSON.parse(text);
  } catch (error) {
    throw new UserError(
      `--elicit: not valid JSON (${(error as Error).message}); give decline, cancel, a JSON object or a JSON file`,
    );
  }
  if (typeof answers !== "object" || answers === null || Array.isArray(answers))
    throw new UserError("--elicit: the answers must be a JSON object of field names and values");
  return { kind: "answers", answers: answers as Record<string, unknown>, tell };
}

function readAnswersFile(path: string, cwd: string): string {
  const file = resolve(cwd, path);
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch {
    throw new UserError(`--elicit: "${path}" is not decline, cancel, a JSON object or a readable JSON file`);
  }
  if (Buffer.byteLength(text) > MAX_ANSWERS_BYTES)
    throw new UserError(`--elicit: ${path} is larger than ${MAX_ANSWERS_BYTES / 1024} KB`);
  return text;
}
