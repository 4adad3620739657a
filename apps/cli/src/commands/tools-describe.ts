/**
 * `picasso tools describe <family> [--model NAME] [--provider NAME] [--mock-script FILE]
 * [--cases FILE] [--budget BYTES] [--write] [--json]`: contrastive descriptors for a family's
 * members, proposed by the configured model and graded on the navigation eval (docs/catalog.md
 * "Describing a family").
 *
 * In order:
 *   1. the family's members from this workspace's catalog: the deferred tools of a family
 *      (`worktree`) or the tools of an MCP server (`mcp:github`);
 *   2. ONE request to the configured provider (flags, env, config.yaml, as for a session;
 *      `--provider mock` runs the offline mock) with every member's full text and the family's
 *      rules, asking for a `what` and a `when` per member as JSON;
 *   3. the reply checked strictly (every member, no other name, one line each, ≤ 160
 *      characters): a bad reply is a UserError saying what was wrong, and nothing is written;
 *   4. the grade: the cases of `--cases` (default `catalog/eval/navigation.cases.yml` of the
 *      workspace) that expect a member, run with the keyword navigator before and after;
 *   5. printed (a dry run), or with `--write` written to `catalog/descriptors/<family>.yml`
 *      through a temporary file and a rename, with a header saying it is reviewed text.
 */
import { existsSync, mkdirSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { defaultPicassoHome } from "@picasso/engine";
import {
  DESCRIBE_SYSTEM,
  type DescriptorGrade,
  describeRequestText,
  descriptorFilePath,
  familyMembers,
  gradeDescriptors,
  loadEvalCases,
  type MemberDescriptor,
  parseDescriptorReply,
  renderDescriptorFile,
} from "@picasso/lean-context";
import { type ModelProvider, messageText, text, UserError, userMessage } from "@picasso/protocol";
import { workspaceCatalog } from "@picasso/surface";
import { catalogForCases, DEFAULT_EVAL_BUDGET } from "../eval/eval-catalog.js";
import { openEvalProvider } from "../eval/eval-provider.js";

export const DEFAULT_DESCRIBE_CASES = "catalog/eval/navigation.cases.yml";

export interface DescribeFlags {
  provider?: string;
  model?: string;
  mockScript?: string;
  cases?: string;
  /** The grade's answer budget (tools.ts parses `--budget`). */
  budgetBytes?: number;
  write?: boolean;
  json?: boolean;
}

export interface DescribeResult {
  family: string;
  proposedBy: string;
  descriptors: Map<string, MemberDescriptor>;
  /** Absent when there is no cases file to grade on. */
  grade?: DescriptorGrade;
  casesFile?: string;
  /** The file written (workspace-relative), with `--write`. */
  wrote?: string;
  file: string;
  fileText: string;
}

interface Where {
  cwd?: string;
  env?: NodeJS.ProcessEnv;
  /** The date in the file's header (default today). */
  now?: Date;
}

export async function describeFamily(
  family: string,
  flags: DescribeFlags,
  where: Where = {},
): Promise<DescribeResult> {
  const env = where.env ?? process.env;
  const ws = await workspaceCatalog({
    cwd: where.cwd ?? process.cwd(),
    picassoHome: defaultPicassoHome(env),
  });
  const members = familyMembers(ws.catalog, family);
  if (members.members.length === 0)
    throw new UserError(`tools describe: family "${family}" has no members here`);
  const budgetBytes = flags.budgetBytes ?? DEFAULT_EVAL_BUDGET;
  const casesFile = flags.cases ?? join(ws.workspaceRoot, DEFAULT_DESCRIBE_CASES);
  const cases = flags.cases || existsSync(casesFile) ? loadEvalCases(casesFile) : undefined;

  const provider = await openEvalProvider(flags, env);
  let reply: string;
  try {
    reply = await askOnce(provider, describeRequestText(members));
  } finally {
    await provider.close?.();
  }
  const proposedBy = `${provider.name} ${provider.model}`;
  const descriptors = parseDescriptorReply(reply, members);

  let grade: DescriptorGrade | undefined;
  if (cases) {
    const graded = await catalogForCases(cases.fixture, async () => ws);
    grade = await gradeDescriptors(graded.catalog, members, descriptors, cases.cases, budgetBytes);
  }
  const file = descriptorFilePath(family);
  const fileText = renderDescriptorFile({
    family,
    descriptors,
    proposedBy,
    date: (where.now ?? new Date()).toISOString().slice(0, 10),
    grade: grade ? gradeLine(grade) : "not graded (no cases file)",
  });
  if (flags.write) writeAtomically(join(ws.workspaceRoot, file), fileText);
  return {
    family,
    proposedBy,
    descriptors,
    ...(grade ? { grade, casesFile } : {}),
    ...(flags.write ? { wrote: file } : {}),
    file,
    fileText,
  };
}

/** The one request; its reply's text, or a UserError naming the provider's fault. */
async function askOnce(provider: ModelProvider, request: string): Promise<string> {
  for await (const event of provider.stream({
    model: provider.model,
    tools: [],
    system: [{ id: "describe:system", text: DESCRIBE_SYSTEM }],
    messages: [userMessage(text(request))],
    maxTokens: 4096,
    cacheBreakpoints: [],
  })) {
    if (event.type === "message_stop") return messageText({ role: "assistant", content: event.content });
    if (event.type === "error")
      throw new UserError(
        `tools describe: the model request failed (${event.error.kind}: ${event.error.message}); nothing written`,
      );
  }
  throw new UserError("tools describe: the model's reply ended without a message; nothing written");
}

/** Through a temporary file beside it and a rename: a reader never sees half a file. */
function writeAtomically(path: string, content: string): void {
  mkdirSync(dirname(path), { recursive: true });
  const temp = `${path}.${process.pid}.${Date.now()}.tmp`;
  try {
    writeFileSync(temp, content, { flag: "wx" });
    renameSync(temp, path);
  } catch (error) {
    rmSync(temp, { force: true });
    throw new UserError(
      `tools describe: ${path} not written (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`,
    );
  }
}

const share = (x: number) => x.toFixed(2);

export function gradeLine(grade: DescriptorGrade): string {
  const won = (side: "before" | "after") => grade.results.filter((r) => r[side].success1).length;
  return `success@1 ${share(grade.before)} (${won("before")}/${grade.cases}) → ${share(grade.after)} (${won("after")}/${grade.cases}) on the ${grade.cases} navigation-eval case(s) expecting a member (keyword navigator, ${grade.budgetBytes}-byte answers)`;
}

const caseLine = (c: DescriptorGrade["changed"][number]) =>
  `  ${c.before.success1 ? "✓" : "✗"} → ${c.after.success1 ? "✓" : "✗"} "${c.task}" (expects ${c.expect.join(" | ")}; chose ${c.before.chosen ?? "nothing"} → ${c.after.chosen ?? "nothing"})`;

export function renderDescribeResult(result: DescribeResult): string {
  const lines = [`Descriptors for ${result.family} proposed by ${result.proposedBy}:`];
  for (const [name, d] of result.descriptors)
    lines.push("", `  ${name}`, `    what: ${d.what}`, `    when: ${d.when}`);
  lines.push("");
  if (!result.grade) lines.push(`Grade: not graded (no ${DEFAULT_DESCRIBE_CASES}; give --cases FILE)`);
  else {
    lines.push(`Grade: ${gradeLine(result.grade)}`);
    if (result.grade.changed.length === 0) lines.push("  no case changed");
    for (const c of result.grade.changed) lines.push(caseLine(c));
    const elsewhere = result.grade.elsewhere;
    lines.push(
      elsewhere.length === 0
        ? "Other cases: none changed"
        : `Other cases: ${elsewhere.length} changed (text that pulls tasks away from their entries)`,
    );
    for (const c of elsewhere) lines.push(caseLine(c));
  }
  lines.push(
    "",
    result.wrote
      ? `Wrote ${result.wrote}: reviewed text — read and edit it by hand before committing.`
      : `Dry run: nothing written. With --write: ${result.file}`,
  );
  return `${lines.join("\n")}\n`;
}

export function describeJson(result: DescribeResult): string {
  const value = {
    family: result.family,
    proposedBy: result.proposedBy,
    members: [...result.descriptors].map(([name, d]) => ({ name, ...d })),
    ...(result.grade ? { grade: result.grade, casesFile: result.casesFile } : {}),
    file: result.file,
    ...(result.wrote ? { wrote: result.wrote } : {}),
  };
  return `${JSON.stringify(value, null, 2)}\n`;
}

/** The action of `picasso tools describe` (registered by tools.ts). */
export async function describeAction(family: string, flags: DescribeFlags): Promise<void> {
  const result = await describeFamily(family, flags);
  process.stdout.write(flags.json ? describeJson(result) : renderDescribeResult(result));
}
