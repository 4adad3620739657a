/**
 * `@server:uri` mentions in the prompt a user types (`@everything:demo://resource/static/document/features.md`):
 * each names an MCP server and a resource URI (a URI has a scheme, so `@me:work` or an e-mail
 * address is no mention). A mention of a mounted server reads the resource (the server starts
 * lazily) and its text is attached to the user's message, cut at `MAX_MENTION_CHARS` (all
 * mentions together at `MAX_MENTIONS_CHARS`); blobs are not attached (a note says so). A server
 * that is not mounted, or a read that fails, is a `warn` note the surface shows — never a
 * failed turn. At most `MAX_MENTIONS` a prompt.
 */
import type { McpServer } from "./mcp-server.js";

export const MAX_MENTIONS = 5;
export const MAX_MENTION_CHARS = 50_000;
export const MAX_MENTIONS_CHARS = 100_000;

export interface ResourceMention {
  server: string;
  uri: string;
  /** As typed, for notes. */
  label: string;
}

export interface ResourceMentions {
  /** One attachment each: a header line naming the resource, then its text. */
  texts: string[];
  notes: { tone: "info" | "warn"; message: string }[];
}

const MENTION = /^@([a-z0-9][a-z0-9_-]*):([a-z][a-z0-9+.-]*:\S+)$/i;
const TRAILING = /[.,;!?)\]]+$/;

/** The prompt with its `@server:uri` mentions taken out (for the image mentions' resolver). */
export function withoutResourceMentions(prompt: string): string {
  return prompt.replace(/(^|\s)@[a-z0-9][a-z0-9_-]*:[a-z][a-z0-9+.-]*:\S+/gi, "$1");
}

export function findResourceMentions(prompt: string): ResourceMention[] {
  const out: ResourceMention[] = [];
  const seen = new Set<string>();
  for (const word of prompt.split(/\s+/)) {
    if (!word.startsWith("@")) continue;
    const m = MENTION.exec(word.replace(TRAILING, ""));
    if (!m) continue;
    const label = m[0];
    if (seen.has(label)) continue;
    seen.add(label);
    out.push({ server: m[1]!, uri: m[2]!, label });
  }
  return out;
}

export async function resolveResourceMentions(
  servers: readonly McpServer[],
  prompt: string,
  signal: AbortSignal,
): Promise<ResourceMentions> {
  const out: ResourceMentions = { texts: [], notes: [] };
  const mentions = findResourceMentions(prompt);
  let total = 0;
  for (const [i, mention] of mentions.entries()) {
    if (i >= MAX_MENTIONS) {
      out.notes.push({
        tone: "warn",
        message: `${mention.label}: not attached: a prompt reads at most ${MAX_MENTIONS} resources`,
      });
      continue;
    }
    const server = servers.find((s) => s.name === mention.server);
    if (!server) {
      const names = servers.map((s) => s.name);
      out.notes.push({
        tone: "warn",
        message: `${mention.label}: not attached: no MCP server "${mention.server}" here (${names.length ? `servers: ${names.join(", ")}` : "no MCP servers are configured"})`,
      });
      continue;
    }
    try {
      const result = await server.readResource(mention.uri, "main", signal);
      const texts: string[] = [];
      let blobs = 0;
      for (const content of Array.isArray(result.contents) ? result.contents : []) {
        if ("text" in content && typeof content.text === "string") texts.push(content.text);
        else blobs += 1;
      }
      if (texts.length === 0) {
        out.notes.push({
          tone: "warn",
          message: `${mention.label}: not attached: the resource has no text${blobs ? ` (${blobs} binary part(s); ask the model to read it with ${server.name}_call __read__)` : ""}`,
        });
        continue;
      }
      let body = server.mask(texts.join("\n\n"));
      const room = Math.min(MAX_MENTION_CHARS, MAX_MENTIONS_CHARS - total);
      const cut = body.length > room;
      if (cut) body = body.slice(0, Math.max(0, room));
      total += body.length;
      out.texts.push(
        `[resource ${mention.uri} of MCP server ${server.name}${cut ? `, cut at ${body.length} characters` : ""}]\n${body}`,
      );
      out.notes.push({
        tone: cut || blobs ? "warn" : "info",
        message: `attached ${mention.label} (${body.length} characters${cut ? ", cut" : ""}${blobs ? `; ${blobs} binary part(s) left out` : ""})`,
      });
    } catch (error) {
      out.notes.push({
        tone: "warn",
        message: `${mention.label}: not attached: ${oneLine((error as Error).message)}`,
      });
    }
  }
  return out;
}

function oneLine(text: string): string {
  const line = text.replace(/\s+/g, " ").trim();
  return line.length > 300 ? `${line.slice(0, 297)}...` : line;
}
