/**
 * The core tools `remember` and `recall` (two small schemas in Tier 1; what they return is
 * Tier 2, appended history):
 * - `remember({title, body, class?, scope?, importance?, supersedes?})` stores a memory (a memory
 *   with the same title in the same scope is updated in place; the governor merges a duplicate
 *   into the memory already there and retires one it updates, governor.ts) and answers with the
 *   id that holds it — and the id it merged into or retired; secrets are refused.
 * - `recall({ids} | {query, limit?})` returns full bodies, one `<memory …>` block each. A block
 *   history already holds becomes a pointer (`recallDedupe`, run by the plugin's `tool/result`
 *   hook), so a second recall of the same body in a session costs one line.
 * When the session runs without memory (an unreadable database), both answer why, as an error.
 */
import type { Message, ToolDefinition, ToolFamily, ToolOutput, ToolSpec } from "@picasso/protocol";
import { memoryDbProblem } from "./db-problem.js";
import { MAX_RECALL_LIMIT, MemoryInputError, type MemoryService, type Remembered } from "./memory-service.js";
import { formatMemoryId, type Memory, parseMemoryId } from "./memory-types.js";

export const REMEMBER_TOOL = "remember";
export const RECALL_TOOL = "recall";

/** Their family, declared on the memory extension: core rows, filed under `session` in the catalog. */
export const MEMORY_FAMILY: ToolFamily = { name: "memory", group: "session" };

export const rememberSpec: ToolSpec = {
  name: REMEMBER_TOOL,
  description:
    "Save a durable memory for later sessions: a user preference, a project fact, a procedure that worked. Never secrets.",
  inputSchema: {
    type: "object",
    properties: {
      title: { type: "string", description: "One line" },
      body: { type: "string" },
      class: { type: "string", enum: ["pinned", "preference", "fact", "procedure", "episode"] },
      scope: { type: "string", enum: ["project", "user"], description: "Default project" },
      importance: { type: "integer", minimum: 1, maximum: 5, description: "Default 3" },
      supersedes: { type: "string", description: "Id of a memory this one replaces, e.g. m12" },
    },
    required: ["title", "body"],
    additionalProperties: false,
  },
};

export const recallSpec: ToolSpec = {
  name: RECALL_TOOL,
  description: "Load memories: by ids from the memory index, or the best matches for a query.",
  inputSchema: {
    type: "object",
    properties: {
      ids: { type: "array", items: { type: "string" }, description: "e.g. m12" },
      query: { type: "string" },
      limit: { type: "integer", minimum: 1, maximum: MAX_RECALL_LIMIT, description: "Default 5" },
    },
    additionalProperties: false,
  },
};

/** The service (with the line saying it is read-only, if so), or why there is none this session. */
export type MemoryAccess = () => { service: MemoryService; readOnly?: string } | { problem: string };

function unavailable(problem: string): ToolOutput {
  return { content: `Memory is unavailable in this session: ${problem}`, isError: true };
}

function escapeAttr(value: string): string {
  return value.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;");
}

/** The header line of a memory's block; a pointer repeats it. */
function blockHead(m: Memory, scope: string): string {
  return `<memory id="${formatMemoryId(m.id)}" class="${m.class}" scope="${scope}" title="${escapeAttr(m.title)}">`;
}

/** A recalled memory; `scope` as the session shows it (`project` for its own). */
export function memoryBlock(m: Memory, scope = m.scope): string {
  return `${blockHead(m, scope)}\n${m.body.replace(/<\/memory>/g, "<\\/memory>")}\n</memory>`;
}

/** The answer to a write: which id holds the memory now, and what the governor did. */
export function rememberedLine(written: Remembered, scope: string): string {
  const { memory, outcome, other } = written;
  const id = formatMemoryId(memory.id);
  const head = `${memory.class}, ${scope}`;
  switch (outcome) {
    case "merged":
      return `Already remembered as ${id} (${head}): ${memory.title} — the same fact, nothing new stored; importance now ${memory.importance}`;
    case "superseded":
      return `Remembered ${id} (${head}): ${memory.title}; it supersedes ${formatMemoryId(other?.id ?? 0)} (kept, no longer recalled)`;
    case "updated":
      return `Updated ${id} (${head}): ${memory.title}${other ? `; it supersedes ${formatMemoryId(other.id)} (kept, no longer recalled)` : ""}`;
    case "added":
      return `Remembered ${id} (${head}): ${memory.title}`;
  }
}

export function rememberTool(access: MemoryAccess): ToolDefinition {
  return {
    spec: rememberSpec,
    effect: "write",
    family: "memory",
    async run(input, ctx): Promise<ToolOutput> {
      const opened = access();
      if ("problem" in opened) return unavailable(opened.problem);
      if (opened.readOnly)
        return {
          content: `remember: nothing stored, memory is read-only in this session: ${opened.readOnly}`,
          isError: true,
        };
      try {
        const written = await opened.service.remember({
          title: input.title,
          body: input.body,
          class: input.class,
          scope: input.scope,
          importance: input.importance,
          supersedes: input.supersedes,
          sourceSession: ctx.sessionId,
        });
        const line = rememberedLine(written, opened.service.shownScope(written.memory.scope));
        const { memory, outcome, other } = written;
        const verb = {
          added: "remembered",
          updated: "updated",
          merged: "already remembered as",
          superseded: "remembered",
        }[outcome];
        const retired =
          outcome === "superseded" || (outcome === "updated" && other)
            ? ` (supersedes ${formatMemoryId(other?.id ?? 0)})`
            : "";
        return {
          content: line,
          display: { kind: "text", text: `${verb} ${formatMemoryId(memory.id)}: ${memory.title}${retired}` },
        };
      } catch (error) {
        if (error instanceof MemoryInputError)
          return { content: `remember: ${error.message}`, isError: true };
        return {
          content: `remember: ${memoryDbProblem(opened.service.store.path, error) ?? `the memory database failed: ${(error as Error).message}`}`,
          isError: true,
        };
      }
    },
  };
}

export function recallTool(access: MemoryAccess): ToolDefinition {
  return {
    spec: recallSpec,
    effect: "read",
    family: "memory",
    async run(input): Promise<ToolOutput> {
      const opened = access();
      if ("problem" in opened) return unavailable(opened.problem);
      const ids = Array.isArray(input.ids) ? input.ids : [];
      const query = typeof input.query === "string" ? input.query.trim() : "";
      if (ids.length === 0 && query === "")
        return { content: "recall: give ids (from the memory index) or a query", isError: true };
      const parsed = ids.map((id) => (typeof id === "string" ? parseMemoryId(id) : undefined));
      const bad = ids.filter((_, i) => parsed[i] === undefined);
      if (bad.length > 0)
        return {
          content: `recall: ids: ${bad.map(String).join(", ")} are not memory ids like m12`,
          isError: true,
        };
      const limit = typeof input.limit === "number" ? input.limit : undefined;
      try {
        const found =
          ids.length > 0
            ? opened.service.recallIds(parsed.filter((n): n is number => n !== undefined))
            : await opened.service.recallQuery(query, limit);
        const missing = ids.length > 0 ? ids.length - found.length : 0;
        if (found.length === 0)
          return {
            content:
              ids.length > 0 ? `No memory has the ids ${ids.join(", ")}.` : `No memory matches "${query}".`,
          };
        const note = missing > 0 ? [`(${missing} of the ids asked for do not exist)`] : [];
        const blocks = found.map((m) => memoryBlock(m, opened.service.shownScope(m.scope)));
        return {
          content: [...blocks, ...note].join("\n\n"),
          // One Tier-2 entry per memory body, with its own bytes.
          tier2: found.map((m, i) => ({
            kind: "memory_body" as const,
            name: formatMemoryId(m.id),
            bytes: Buffer.byteLength(blocks[i]!, "utf8"),
          })),
          display: { kind: "text", text: `recalled ${found.map((m) => formatMemoryId(m.id)).join(", ")}` },
        };
      } catch (error) {
        return {
          content: `recall: ${memoryDbProblem(opened.service.store.path, error) ?? `the memory database failed: ${(error as Error).message}`}`,
          isError: true,
        };
      }
    },
  };
}

const BLOCK = /<memory id="m\d+"[^\n]*>\n[\s\S]*?\n<\/memory>/g;

function historyHolds(messages: readonly Message[], block: string): boolean {
  return messages.some((m) =>
    m.content.some((b) =>
      b.type === "tool_result" ? b.content.includes(block) : b.type === "text" && b.text.includes(block),
    ),
  );
}

/**
 * A recall output with every block history already holds replaced by a pointer, or undefined
 * when nothing was repeated. Pure given the history.
 */
export function recallDedupe(
  messages: readonly Message[],
  content: string,
): { content: string; drops: number } | undefined {
  let drops = 0;
  const next = content.replace(BLOCK, (block) => {
    if (!historyHolds(messages, block)) return block;
    drops++;
    const head = block.slice(0, block.indexOf("\n"));
    return `${head.slice(0, -1)} loaded="earlier"/> (unchanged since it was recalled earlier in this session; not repeated)`;
  });
  return drops > 0 ? { content: next, drops } : undefined;
}
