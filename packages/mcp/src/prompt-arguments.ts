/**
 * The arguments a user types after an MCP prompt's slash command, as the prompt's named string
 * arguments: `name=value` pairs (`city=Paris`, `city="New York"`) and positional values, which
 * fill the declared arguments in order, skipping those given by name; extra positional words
 * join the last one. A `name=` whose name the prompt does not declare is taken as a positional
 * value. A required argument left without a value is a one-line error naming it.
 */
import type { CachedPrompt } from "./catalog-cache.js";

export type ParsedPromptArguments =
  | { ok: true; values: Record<string, string> }
  | { ok: false; error: string };

export function parsePromptArguments(prompt: CachedPrompt, text: string): ParsedPromptArguments {
  const declared = prompt.arguments.map((a) => a.name);
  const values: Record<string, string> = {};
  const positional: string[] = [];
  for (const word of words(text)) {
    const eq = word.raw.indexOf("=");
    const key = eq > 0 ? word.raw.slice(0, eq) : "";
    if (key && declared.includes(key)) values[key] = unquote(word.raw.slice(eq + 1));
    else positional.push(unquote(word.raw));
  }
  const open = declared.filter((name) => values[name] === undefined);
  if (positional.length > 0 && open.length === 0)
    return {
      ok: false,
      error:
        declared.length === 0
          ? `takes no arguments (got "${positional.join(" ")}")`
          : `every argument is given already; "${positional.join(" ")}" is left over (${usage(prompt)})`,
    };
  positional.forEach((value, i) => {
    const name = open[Math.min(i, open.length - 1)]!;
    values[name] = i < open.length ? value : `${values[name]} ${value}`;
  });
  const missing = prompt.arguments.find((a) => a.required && !values[a.name]);
  if (missing)
    return { ok: false, error: `missing the required argument "${missing.name}" (${usage(prompt)})` };
  return { ok: true, values };
}

/** `city=<value> [state=<value>]`: the hint shown beside the command. */
export function usage(prompt: CachedPrompt): string {
  return prompt.arguments.map((a) => (a.required ? `${a.name}=<value>` : `[${a.name}=<value>]`)).join(" ");
}

/** Whitespace-separated words; a quoted run (`"New York"`, `'a b'`) stays inside its word. */
function words(text: string): { raw: string }[] {
  const out: { raw: string }[] = [];
  let i = 0;
  while (i < text.length) {
    while (i < text.length && /\s/.test(text[i]!)) i++;
    if (i >= text.length) break;
    let raw = "";
    while (i < text.length && !/\s/.test(text[i]!)) {
      const ch = text[i]!;
      if (ch === '"' || ch === "'") {
        const end = text.indexOf(ch, i + 1);
        if (end !== -1) {
          raw += text.slice(i, end + 1);
          i = end + 1;
          continue;
        }
      }
      raw += ch;
      i++;
    }
    out.push({ raw });
  }
  return out;
}

function unquote(value: string): string {
  return value.replace(
    /"([^"]*)"|'([^']*)'/g,
    (_m, a: string | undefined, b: string | undefined) => a ?? b ?? "",
  );
}
