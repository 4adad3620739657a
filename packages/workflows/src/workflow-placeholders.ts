/**
 * The placeholders of a step's prompt: `{{inputs.<name>}}`, `{{steps.<id>.output}}` and
 * `{{item}}` (the item of a `for_each` lane). Finding them (for the file's checks) and filling
 * them in (for a lane's prompt) share one pattern, so what is checked is what is filled. A step's
 * output is filled in by reference — its file's path and a short preview (workflow-outputs.ts) —
 * never its whole text.
 */

export type Placeholder =
  | { kind: "input"; name: string; raw: string }
  | { kind: "step"; id: string; raw: string }
  | { kind: "item"; raw: string }
  | { kind: "unknown"; raw: string };

const TOKEN = /\{\{\s*([^{}]*?)\s*\}\}/g;

function classify(body: string, raw: string): Placeholder {
  if (body === "item") return { kind: "item", raw };
  const input = /^inputs\.([A-Za-z][A-Za-z0-9_-]*)$/.exec(body);
  if (input) return { kind: "input", name: input[1] as string, raw };
  const step = /^steps\.([A-Za-z][A-Za-z0-9_-]*)\.output$/.exec(body);
  if (step) return { kind: "step", id: step[1] as string, raw };
  return { kind: "unknown", raw };
}

export function placeholdersOf(prompt: string): Placeholder[] {
  return [...prompt.matchAll(TOKEN)].map((m) => classify(m[1] as string, m[0]));
}

/** What is wrong with a prompt's placeholders, one phrase each (empty: nothing). */
export function placeholderProblems(
  found: readonly Placeholder[],
  scope: { inputs: readonly string[]; needs: readonly string[]; hasItem: boolean },
): string[] {
  const problems: string[] = [];
  for (const p of found) {
    if (p.kind === "unknown")
      problems.push(`unknown placeholder ${p.raw}; use {{inputs.<name>}}, {{steps.<id>.output}} or {{item}}`);
    else if (p.kind === "input" && !scope.inputs.includes(p.name))
      problems.push(`${p.raw} names no input; declared: ${scope.inputs.join(", ") || "none"}`);
    else if (p.kind === "step" && !scope.needs.includes(p.id))
      problems.push(`${p.raw}: add "${p.id}" to this step's needs to use its output`);
    else if (p.kind === "item" && !scope.hasItem) problems.push("{{item}} is only for a step with for_each");
  }
  return problems;
}

/** Fills a prompt's placeholders; the file's checks already refused unknown ones. */
export function fillPlaceholders(
  prompt: string,
  values: {
    input(name: string): string;
    stepOutput(id: string): string;
    item: string | undefined;
  },
): string {
  return prompt.replace(TOKEN, (raw, body: string) => {
    const p = classify(body, raw);
    if (p.kind === "input") return values.input(p.name);
    if (p.kind === "step") return values.stepOutput(p.id);
    if (p.kind === "item") return values.item ?? raw;
    return raw;
  });
}
