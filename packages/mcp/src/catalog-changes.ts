/**
 * The notices a server's catalog change makes (queued by mcp-server.ts, appended before the next
 * step as Tier-2 reminders): what changed in its tools, in its resources and templates, in its
 * prompts — one notice per part that changed, names listed up to a handful — and the notice that a
 * subscribed resource was updated. Names and URIs come from the server: they are cut short here.
 */
import type { ServerCatalog } from "./catalog-cache.js";

const MAX_NAMED = 8;
const MAX_URI_SHOWN = 300;

export function catalogChanges(server: string, before: ServerCatalog, after: ServerCatalog): string[] {
  const call = `${server}_call`;
  const out: string[] = [];
  const tools = diff(
    before.tools.map((t) => t.name),
    after.tools.map((t) => t.name),
  );
  if (JSON.stringify(before.tools) !== JSON.stringify(after.tools))
    out.push(
      `${describe(`MCP server "${server}" changed its tools: now ${after.tools.length}`, tools, "descriptions or schemas changed")}. ${call}({tool: "__list__"}) lists them; __describe__ gives a schema.`,
    );
  const resourcesBefore = [
    ...(before.resources ?? []).map((r) => r.uri),
    ...(before.resourceTemplates ?? []).map((t) => t.uriTemplate),
  ];
  const resourcesAfter = [
    ...(after.resources ?? []).map((r) => r.uri),
    ...(after.resourceTemplates ?? []).map((t) => t.uriTemplate),
  ];
  if (
    JSON.stringify([before.resources ?? [], before.resourceTemplates ?? []]) !==
    JSON.stringify([after.resources ?? [], after.resourceTemplates ?? []])
  )
    out.push(
      `${describe(`MCP server "${server}" changed its resources: now ${resourcesAfter.length}`, diff(resourcesBefore, resourcesAfter), "names or descriptions changed")}. ${call}({tool: "__resources__"}) lists them.`,
    );
  if (JSON.stringify(before.prompts ?? []) !== JSON.stringify(after.prompts ?? []))
    out.push(
      `${describe(
        `MCP server "${server}" changed its prompts: now ${(after.prompts ?? []).length}`,
        diff(
          (before.prompts ?? []).map((p) => p.name),
          (after.prompts ?? []).map((p) => p.name),
        ),
        "descriptions or arguments changed",
      )}. ${call}({tool: "__prompts__"}) lists them (their slash commands follow from the next session).`,
    );
  return out;
}

export function updatedNotice(server: string, uri: string): string {
  return `resource ${shown(uri)} of MCP server "${server}" changed; read it again with ${server}_call({tool: "__read__", arguments: {uri}}).`;
}

function diff(before: string[], after: string[]): { added: string[]; removed: string[] } {
  const was = new Set(before);
  const now = new Set(after);
  return { added: after.filter((n) => !was.has(n)), removed: before.filter((n) => !now.has(n)) };
}

function describe(head: string, change: { added: string[]; removed: string[] }, otherwise: string): string {
  const parts = [head];
  if (change.added.length) parts.push(`added ${named(change.added)}`);
  if (change.removed.length) parts.push(`removed ${named(change.removed)}`);
  if (!change.added.length && !change.removed.length) parts.push(otherwise);
  return parts.join("; ");
}

function named(names: string[]): string {
  const shownNames = names.slice(0, MAX_NAMED).map(shown);
  return names.length > MAX_NAMED
    ? `${shownNames.join(", ")} and ${names.length - MAX_NAMED} more`
    : shownNames.join(", ");
}

function shown(text: string): string {
  const line = text.replace(/\s+/g, " ");
  return line.length > MAX_URI_SHOWN ? `${line.slice(0, MAX_URI_SHOWN - 3)}...` : line;
}
