/**
 * `present` (family `present`, deferred): show the user something — markdown, a file, a diff or
 * a table — in the TUI (the result's `display`) without pasting it into the reply; the model gets
 * a one-line acknowledgement, so the shown bytes do not enter its history twice. Exactly one of
 * `markdown`, `file`, `diff`, `table` is given. A file must be UTF-8 text inside the workspace
 * (at most 256 KiB shown); a table is `{columns, rows}` rendered as a markdown table. Effect
 * `read`: it changes nothing, so it works in plan mode.
 */
import type { ToolContext, ToolOutput } from "@picasso/protocol";
import { defineTool, toolError } from "../define-tool.js";
import { DISK_FILES } from "../file-access.js";
import { classifyText } from "../text-file.js";
import { optionalString, requiredString, ToolInputError } from "../tool-input.js";
import { workspaceFs } from "../workspace-fs/workspace-fs.js";
import { resolveWorkspacePath } from "../workspace-path.js";

const MAX_FILE_BYTES = 256 * 1024;
const MAX_CELLS = 5000;

const cell = (v: unknown) =>
  String(v ?? "")
    .replace(/\|/g, "\\|")
    .replace(/\s*\n\s*/g, " ");

function table(raw: unknown): { text: string; rows: number } {
  if (raw === null || typeof raw !== "object" || Array.isArray(raw))
    throw new ToolInputError('"table" must be {columns: [..], rows: [[..], ..]}.');
  const { columns, rows } = raw as { columns?: unknown; rows?: unknown };
  if (!Array.isArray(columns) || columns.length === 0 || !columns.every((c) => typeof c === "string"))
    throw new ToolInputError('"table.columns" must be a non-empty list of column names.');
  if (!Array.isArray(rows) || !rows.every(Array.isArray))
    throw new ToolInputError('"table.rows" must be a list of rows, each a list of cells.');
  if (rows.length * columns.length > MAX_CELLS)
    throw new ToolInputError(`the table has more than ${MAX_CELLS} cells.`);
  const bad = rows.findIndex((r) => (r as unknown[]).length !== columns.length);
  if (bad >= 0)
    throw new ToolInputError(
      `table.rows[${bad}] has ${(rows[bad] as unknown[]).length} cells, not ${columns.length}.`,
    );
  const line = (cells: unknown[]) => `| ${cells.map(cell).join(" | ")} |`;
  return {
    text: [
      line(columns),
      `| ${columns.map(() => "---").join(" | ")} |`,
      ...rows.map((r) => line(r as unknown[])),
    ].join("\n"),
    rows: rows.length,
  };
}

async function runPresent(input: Record<string, unknown>, ctx: ToolContext): Promise<ToolOutput> {
  const title = requiredString(input, "title");
  const given = ["markdown", "file", "diff", "table"].filter(
    (k) => input[k] !== undefined && input[k] !== null,
  );
  if (given.length !== 1)
    return toolError(
      `Give exactly one of markdown, file, diff or table (got ${given.length === 0 ? "none" : given.join(", ")}).`,
    );
  const kind = given[0];
  const lines = (s: string) => s.split("\n").length;
  if (kind === "markdown") {
    const markdown = requiredString(input, "markdown");
    return {
      content: `Shown to the user: "${title}" (markdown, ${lines(markdown)} lines). Do not repeat it in your reply.`,
      display: { kind: "text", text: `# ${title}\n\n${markdown}` },
    };
  }
  if (kind === "diff") {
    const diff = requiredString(input, "diff");
    return {
      content: `Shown to the user: "${title}" (a diff, ${lines(diff)} lines). Do not repeat it in your reply.`,
      display: { kind: "diff", path: title, diff },
    };
  }
  if (kind === "table") {
    const rendered = table(input.table);
    return {
      content: `Shown to the user: "${title}" (a table, ${rendered.rows} rows). Do not repeat it in your reply.`,
      display: { kind: "text", text: `# ${title}\n\n${rendered.text}` },
    };
  }
  const path = optionalString(input, "file") ?? "";
  const target = resolveWorkspacePath(ctx, path);
  if (!target.ok) return toolError(target.error);
  const info = await workspaceFs().stat(ctx, target.abs);
  if (!info?.isFile()) return toolError(`File not found: ${path}.`);
  if (info.size > MAX_FILE_BYTES)
    return toolError(
      `${target.shown} is ${info.size} bytes; present shows files up to ${MAX_FILE_BYTES} bytes. Name its path in your reply instead.`,
    );
  const decoded = classifyText(await DISK_FILES.read(target.abs, ctx));
  if (decoded.kind !== "text")
    return toolError(`${target.shown} is not UTF-8 text; name its path in your reply instead.`);
  return {
    content: `Shown to the user: "${title}" (${target.shown}, ${lines(decoded.text)} lines). Do not repeat it in your reply.`,
    display: { kind: "text", text: `# ${title} — ${target.shown}\n\n${decoded.text}` },
  };
}

export const presentTool = defineTool({
  name: "present",
  description:
    "Show the user something in their view without pasting it into your reply: markdown, a file, a diff, or a table (side by side comparisons). " +
    "You get a one-line acknowledgement; do not repeat what was shown.",
  properties: {
    title: { type: "string" },
    markdown: { type: "string" },
    file: { type: "string", description: "A text file in the workspace." },
    diff: { type: "string", description: "A unified diff." },
    table: {
      type: "object",
      properties: {
        columns: { type: "array", items: { type: "string" } },
        rows: { type: "array", items: { type: "array", items: { type: "string" } } },
      },
      required: ["columns", "rows"],
      additionalProperties: false,
    },
  },
  required: ["title"],
  effect: "read",
  family: "present",
  what: "Shows markdown, a file, a diff or a table in the user's view.",
  when: "The user should see an artifact; instead of pasting it into your reply.",
  run: runPresent,
});
