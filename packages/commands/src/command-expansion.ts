/**
 * Turning a custom command and its arguments into the prompt of one turn, in three steps:
 * 1. shell lines — `` !`cmd` `` (Markdown) or `!{cmd}` (TOML) — are replaced by the command's
 *    output, but only when `runShell` is given and agrees (the file is trusted and its
 *    `allowed-tools` permits Bash for that command: command-shell.ts); otherwise by a
 *    `[not run: …]` marker and a note. They run on the file's text before the arguments are put
 *    in, so what the user types never reaches a shell;
 * 2. arguments — `$ARGUMENTS` and `$1`…`$9` (Markdown), `{{args}}` (TOML); a template with no
 *    placeholder gets the arguments appended after a blank line. A Codex prompt also takes named
 *    placeholders (`$FILE`, `$TICKET_ID`) from `KEY=value` arguments, and `$$` for a literal `$`;
 *    a named placeholder with no value is left empty, with a note;
 * 3. `@path` and `@{path}` mentions of a file inside the workspace get the file's content
 *    appended (at most 64 KiB a file, 256 KiB in all); a path outside the workspace is not read
 *    (a note says so); a mention that is not a file is left as text.
 * Returns the prompt and the notes to show the user. Never throws for a user's mistake.
 */
import { realpathSync, statSync } from "node:fs";
import { isAbsolute, relative, resolve, sep } from "node:path";
import { readBoundedFile } from "@picasso/workspace";
import type { CustomCommand } from "./command-discovery.js";

export interface ShellAnswer {
  /** What the command printed (stdout, then stderr), or why it did not run. */
  text: string;
  ran: boolean;
}

export interface ExpansionContext {
  workspaceRoot: string;
  /** Runs one shell line of the file, or says why not; absent: no shell line runs. */
  runShell?(command: string): Promise<ShellAnswer>;
}

export interface Expansion {
  prompt: string;
  notes: string[];
}

const FILE_CAP = 64 * 1024;
const TOTAL_CAP = 256 * 1024;

/** Split arguments like a shell: whitespace separates, quotes group (`"two words"`). */
export function splitArguments(args: string): string[] {
  const out: string[] = [];
  const re = /"((?:[^"\\]|\\.)*)"|'([^']*)'|(\S+)/g;
  for (const m of args.matchAll(re))
    out.push(m[1] !== undefined ? m[1].replace(/\\(.)/g, "$1") : (m[2] ?? m[3] ?? ""));
  return out;
}

export async function expandCommand(
  command: Pick<CustomCommand, "template" | "format" | "shown"> & { source?: CustomCommand["source"] },
  args: string,
  ctx: ExpansionContext,
): Promise<Expansion> {
  const notes: string[] = [];
  const trimmedArgs = args.trim();
  // 1. Shell lines, replaced by tokens so step 2 cannot touch their output.
  const outputs: string[] = [];
  const shellLine = command.format === "toml" ? /!\{([^}]*)\}/g : /!`([^`]+)`/g;
  let template = "";
  let last = 0;
  for (const m of command.template.matchAll(shellLine)) {
    template += command.template.slice(last, m.index);
    last = m.index + m[0].length;
    const cmd = m[1]!.trim();
    let answer: ShellAnswer;
    if (!ctx.runShell) answer = { ran: false, text: "shell lines are not run here" };
    else answer = await ctx.runShell(cmd);
    if (!answer.ran) notes.push(`${command.shown}: did not run \`${cmd}\`: ${answer.text}`);
    outputs.push(answer.ran ? answer.text.trimEnd() : `[not run: ${cmd}]`);
    template += `\u0000${outputs.length - 1}\u0000`;
  }
  template += command.template.slice(last);
  // 2. Arguments.
  let prompt: string;
  if (command.format === "toml") {
    prompt = template.includes("{{args}}")
      ? template.split("{{args}}").join(trimmedArgs)
      : trimmedArgs === ""
        ? template
        : `${template}\n\n${trimmedArgs}`;
  } else if (command.source === "codex" && NAMED.test(template)) {
    prompt = codexArguments(template, trimmedArgs, command.shown, notes);
  } else {
    const positional = splitArguments(trimmedArgs);
    const placeholder = /\$ARGUMENTS|\$[1-9]/;
    prompt = placeholder.test(template)
      ? template.replace(/\$ARGUMENTS|\$([1-9])/g, (_whole, n: string | undefined) =>
          n === undefined ? trimmedArgs : (positional[Number(n) - 1] ?? ""),
        )
      : trimmedArgs === ""
        ? template
        : `${template}\n\n${trimmedArgs}`;
  }
  // 3. File mentions (in the template and the arguments alike), then the shell outputs back.
  const files = includedFiles(prompt, ctx.workspaceRoot, command.shown, notes);
  prompt = prompt.replace(/\u0000(\d+)\u0000/g, (_whole, i: string) => outputs[Number(i)] ?? "");
  return { prompt: files === "" ? prompt : `${prompt}\n\n${files}`, notes };
}

/** A Codex named placeholder (`$FILE`), `$$`, or one of the positional ones. */
const NAMED = /\$(?!ARGUMENTS\b)[A-Z][A-Z0-9_]*/;

/** Codex's arguments: `KEY=value` pairs fill `$KEY`; the rest fill `$ARGUMENTS` and `$1`…`$9`. */
function codexArguments(template: string, args: string, shown: string, notes: string[]): string {
  const named = new Map<string, string>();
  const positional: string[] = [];
  for (const word of splitArguments(args)) {
    const pair = /^([A-Z][A-Z0-9_]*)=([\s\S]*)$/.exec(word);
    if (pair) named.set(pair[1]!, pair[2]!.replace(/^"([\s\S]*)"$|^'([\s\S]*)'$/, "$1$2"));
    else positional.push(word);
  }
  const missing = new Set<string>();
  const prompt = template.replace(
    /\$\$|\$ARGUMENTS|\$([1-9])|\$([A-Z][A-Z0-9_]*)/g,
    (whole, n?: string, key?: string) => {
      if (whole === "$$") return "$";
      if (whole === "$ARGUMENTS") return positional.join(" ");
      if (n !== undefined) return positional[Number(n) - 1] ?? "";
      const value = named.get(key!);
      if (value === undefined) missing.add(key!);
      return value ?? "";
    },
  );
  if (missing.size > 0)
    notes.push(
      `${shown}: no value for ${[...missing].map((k) => `$${k}`).join(", ")}; pass ${[...missing].map((k) => `${k}=…`).join(" ")}`,
    );
  return prompt;
}

function includedFiles(text: string, workspaceRoot: string, shown: string, notes: string[]): string {
  const blocks: string[] = [];
  const seen = new Set<string>();
  let total = 0;
  let root: string;
  try {
    root = realpathSync(workspaceRoot);
  } catch {
    return "";
  }
  for (const m of text.matchAll(/(?:^|(?<=\s))@(?:\{([^}\n]+)\}|([^\s@`'"]+))/g)) {
    const mention = (m[1] ?? m[2] ?? "").replace(/[.,;:!?)\]]+$/, "");
    if (mention === "" || seen.has(mention)) continue;
    seen.add(mention);
    const target = resolve(workspaceRoot, mention);
    let real: string;
    try {
      real = realpathSync(target);
      if (!statSync(real).isFile()) continue;
    } catch {
      continue;
    }
    const rel = relative(root, real);
    if (rel === "" || rel.startsWith(`..${sep}`) || rel === ".." || isAbsolute(rel)) {
      notes.push(`${shown}: did not include @${mention}: it is outside the workspace`);
      continue;
    }
    if (total >= TOTAL_CAP) {
      notes.push(`${shown}: did not include @${mention}: the command's files already fill 256 KiB`);
      continue;
    }
    const read = readBoundedFile(real, Math.min(FILE_CAP, TOTAL_CAP - total));
    if (read.kind !== "text") continue;
    total += read.bytes.length;
    const cut = read.truncated ? `\n[cut: ${read.size} bytes, the first ${read.bytes.length} shown]` : "";
    blocks.push(`<file path="${rel.split(sep).join("/")}">\n${read.bytes.toString("utf8")}${cut}\n</file>`);
  }
  return blocks.join("\n\n");
}
