/**
 * The demo model: what answers when the mock runs without a script. Small, rule-based and honest.
 *
 * Rules, on the latest user text (first match wins):
 *  - "run <command>"            → bash {command}
 *  - "search [for] <pattern>"   → search {pattern}
 *  - names a file (a word with an extension or a slash, e.g. "read README.md") → read {path}
 *  - "hello" / "hi" / "hey"     → a greeting listing what it can do
 *  - anything else              → says it is Picasso's offline demo model and how to set up a real one
 * A tool is called only if the request offers it (names compared case-insensitively); otherwise
 * the model says which tool it would have needed. When the turn carries tool results, it answers
 * from them: line count and first lines (read), exit code and output (bash), match count (search),
 * the lines quoted in a fenced code block so every surface's Markdown keeps them apart.
 * The user text excludes Picasso's own context (conversation.ts), so "run ls" works as a
 * session's first prompt, where the session facts ride in the same message.
 */
import type { ConversationView, ToolResultView } from "./conversation.js";
import type { MockModel, MockReply, MockToolCall } from "./reply.js";

const PREVIEW_LINES = 5;
const REAL_PROVIDER_HINT =
  "To use a real model, run with --provider anthropic and set ANTHROPIC_API_KEY, or --provider openai and set OPENAI_API_KEY.";

function answer(text: string): MockReply {
  return { text, toolCalls: [], stop: "end_turn", delayMs: 0 };
}

function preview(content: string): { lines: string[]; count: number } {
  const lines = content.replace(/\n$/, "").split("\n");
  return { lines: lines.slice(0, PREVIEW_LINES), count: content.length === 0 ? 0 : lines.length };
}

/**
 * A fenced code block: it keeps each line on its own line in Markdown (an indented block cannot
 * follow a paragraph's line, so its lines would join the sentence before it), and the fence is
 * longer than any backtick run in the lines so an excerpt of Markdown cannot close it.
 */
function codeBlock(lines: string[]): string {
  const longestRun = Math.max(
    0,
    ...lines.flatMap((line) => (line.match(/`+/g) ?? []).map((run) => run.length)),
  );
  const fence = "`".repeat(Math.max(3, longestRun + 1));
  return `\n${fence}\n${lines.join("\n")}\n${fence}`;
}

/** Picasso's bash result opens with its exit code, which the answer already states. */
function withoutExitCodeLine(content: string): string {
  return content.replace(/^exit code:\s*-?\d+\n/i, "");
}

function describeResult(result: ToolResultView): string {
  const name = result.name?.toLowerCase();
  const { lines, count } = preview(result.content);
  if (result.isError) {
    return `The ${result.name ?? "tool"} call failed:\n${codeBlock(lines)}`;
  }
  if (name === "read") {
    const path = typeof result.input?.path === "string" ? result.input.path : "the file";
    if (count === 0) return `${path} is empty.`;
    return `${path} has ${count} line${count === 1 ? "" : "s"}. It begins:\n${codeBlock(lines)}`;
  }
  if (name === "bash") {
    const command = typeof result.input?.command === "string" ? `\`${result.input.command}\`` : "The command";
    const code = /exit(?:ed with)?(?: code| status)?\s*[:=]?\s*(-?\d+)/i.exec(result.content)?.[1];
    const status = code === undefined ? "finished" : `finished with exit code ${code}`;
    const { lines, count } = preview(withoutExitCodeLine(result.content));
    return count === 0
      ? `${command} ${status} and printed nothing.`
      : `${command} ${status}. Output (first lines):\n${codeBlock(lines)}`;
  }
  if (name === "search") {
    const pattern = typeof result.input?.pattern === "string" ? `"${result.input.pattern}"` : "the pattern";
    if (count === 0 || /^No matches\b/.test(result.content)) return `No matches for ${pattern}.`;
    return `Found ${count} matching line${count === 1 ? "" : "s"} for ${pattern}:\n${codeBlock(lines)}`;
  }
  return `The ${result.name ?? "tool"} call returned ${count} line${count === 1 ? "" : "s"}:\n${codeBlock(lines)}`;
}

function stripQuotes(text: string): string {
  return text.trim().replace(/^[`"']+|[`"'.?!]+$/g, "");
}

/** The tool call a user text asks for, if any. */
export function demoToolCall(text: string): MockToolCall | undefined {
  const run = /(?:^|\b(?:please|can you|could you)\s+)run\s+(.+)/is.exec(text.trim());
  if (run?.[1]) return { name: "bash", input: { command: stripQuotes(run[1]) } };
  const search = /(?:^|\b(?:please|can you|could you)\s+)(?:search|grep)(?:\s+for)?\s+(.+)/is.exec(
    text.trim(),
  );
  if (search?.[1]) return { name: "search", input: { pattern: stripQuotes(search[1]) } };
  for (const word of text.split(/\s+/)) {
    const path = word.replace(/^[`"'(]+|[`"'),.?!:;/]+$/g, "");
    if (/^[a-z]+:\/\//i.test(path) || /^(e\.g|i\.e|etc)$/i.test(path)) continue;
    if (
      /^(?:[\w.@-]+\/)*[\w@-][\w.@-]*\.[A-Za-z][A-Za-z0-9]{0,9}$/.test(path) ||
      /^[\w.@-]+(?:\/[\w.@-]+)+$/.test(path)
    ) {
      return { name: "read", input: { path } };
    }
  }
  return undefined;
}

export class DemoModel implements MockModel {
  faultFor(): undefined {
    return undefined;
  }

  reply(view: ConversationView): MockReply {
    if (view.toolResults.length > 0 && view.userText === undefined) {
      return answer(view.toolResults.map(describeResult).join("\n\n"));
    }
    const text = view.userText ?? "";
    const call = demoToolCall(text);
    if (call) {
      const offered = view.offeredTools.find((name) => name.toLowerCase() === call.name);
      if (!offered) {
        return answer(
          `I would use the ${call.name} tool for that, but this request offers no ${call.name} tool. ` +
            "I am Picasso's offline demo model.",
        );
      }
      const intro =
        call.name === "read"
          ? `I'll read ${String(call.input.path)}.`
          : call.name === "bash"
            ? `I'll run \`${String(call.input.command)}\`.`
            : `I'll search for "${String(call.input.pattern)}".`;
      return { text: intro, toolCalls: [{ name: offered, input: call.input }], stop: "tool_use", delayMs: 0 };
    }
    if (/^\s*(hello|hi|hey)\b/i.test(text)) {
      return answer(
        "Hello! I'm Picasso's offline demo model. I can read a file (\"read README.md\"), " +
          'run a command ("run ls"), or search the project ("search TODO").',
      );
    }
    return answer(
      `I'm Picasso's offline demo model, so I can only read files, run commands and search. ${REAL_PROVIDER_HINT}`,
    );
  }
}
