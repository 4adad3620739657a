/**
 * `ask_user`: put one question to the user, optionally with choices, and return the answer.
 *
 * The question goes through `ctx.askUser`, which the TUI answers with a prompt and headless
 * mode answers from a flag or refuses. A refusal or failure becomes an error result telling the
 * model to go on with its best judgement or stop and explain — never a crash.
 */
import type { ToolContext, ToolOutput } from "@picasso/protocol";
import { defineTool, toolError } from "./define-tool.js";
import { optionalStringArray, requiredString, ToolInputError } from "./tool-input.js";

export const ASK_MAX_CHOICES = 10;

async function runAskUser(input: Record<string, unknown>, ctx: ToolContext): Promise<ToolOutput> {
  const question = requiredString(input, "question").trim();
  if (question === "") throw new ToolInputError('"question" must not be blank.');
  const choices = optionalStringArray(input, "choices")?.map((c) => c.trim());
  if (choices?.some((c) => c === "")) throw new ToolInputError('"choices" must not hold blank entries.');
  if (choices && choices.length > ASK_MAX_CHOICES) {
    throw new ToolInputError(`"choices" holds at most ${ASK_MAX_CHOICES} entries.`);
  }
  if (ctx.signal.aborted) return toolError("The question was not asked: the turn was interrupted.");
  let answer: string;
  try {
    answer = await ctx.askUser(choices && choices.length > 0 ? { question, choices } : { question });
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return toolError(
      `The user could not be asked (${reason}). Continue with your best judgement and say what you assumed, ` +
        "or stop and explain what you need.",
    );
  }
  return {
    content: `The user answered: ${answer}`,
    display: { kind: "text", text: `${question}\n→ ${answer}` },
  };
}

export const askUserTool = defineTool({
  name: "ask_user",
  description:
    "Ask the user one self-contained, specific question and return the answer. choices are offered answers; " +
    "the user may still answer freely.",
  properties: {
    question: { type: "string" },
    choices: { type: "array", items: { type: "string" }, maxItems: ASK_MAX_CHOICES },
  },
  required: ["question"],
  effect: "interactive",
  family: "core",
  run: runAskUser,
});
