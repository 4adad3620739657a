/**
 * What a server lists is hostile input that lands on disk (the catalog cache), in tool results
 * and in slash-command names: these caps bound it. Each listed resource, template and prompt is
 * turned into its cached form here — strings cut to a length, counts cut to a maximum, anything
 * of the wrong type dropped — so no other module trusts a server's listing.
 */
import type {
  CachedCapabilities,
  CachedPrompt,
  CachedPromptArgument,
  CachedResource,
  CachedResourceTemplate,
} from "./catalog-cache.js";

export const MAX_RESOURCES = 500;
export const MAX_RESOURCE_TEMPLATES = 100;
export const MAX_PROMPTS = 100;
export const MAX_PROMPT_ARGUMENTS = 20;
export const MAX_URI_CHARS = 1_000;
export const MAX_NAME_CHARS = 200;
export const MAX_DESCRIPTION_CHARS = 1_000;
export const MAX_MIME_CHARS = 100;
/** Pages asked of one list request before the rest is left out. */
export const MAX_LIST_PAGES = 50;

/** A string cut to `max` characters (control characters but newline and tab removed), or undefined. */
export function capText(value: unknown, max: number): string | undefined {
  if (typeof value !== "string") return undefined;
  const clean = value.replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, "");
  if (clean.trim() === "") return undefined;
  return clean.length > max ? `${clean.slice(0, max - 3)}...` : clean;
}

/**
 * An identifier the server is asked for again (a URI, a prompt or argument name): whole or not at
 * all — a cut one would name nothing — so one over `max` characters, or with control characters
 * or line breaks, is undefined and its entry left out.
 */
function capId(value: unknown, max: number): string | undefined {
  if (typeof value !== "string" || value.length === 0 || value.length > max) return undefined;
  return /[\u0000-\u001f\u007f]/.test(value) ? undefined : value;
}

/** A single-line string (names, MIME types): no whitespace runs, cut to `max`. */
function capLine(value: unknown, max: number): string | undefined {
  const text = capText(value, max);
  return text?.replace(/\s+/g, " ").trim() || undefined;
}

export function cachedCapabilities(capabilities: Record<string, unknown> | undefined): CachedCapabilities {
  const c = capabilities ?? {};
  const resources = c.resources;
  return {
    ...(c.tools ? { tools: true } : {}),
    ...(resources ? { resources: true } : {}),
    ...(isObject(resources) && resources.subscribe === true ? { subscribe: true } : {}),
    ...(c.prompts ? { prompts: true } : {}),
  };
}

export function cachedResource(raw: unknown): CachedResource | undefined {
  if (!isObject(raw)) return undefined;
  const uri = capId(raw.uri, MAX_URI_CHARS);
  if (!uri) return undefined;
  const title = capLine(raw.title, MAX_NAME_CHARS);
  const description = capText(raw.description, MAX_DESCRIPTION_CHARS);
  const mimeType = capLine(raw.mimeType, MAX_MIME_CHARS);
  const size =
    typeof raw.size === "number" && Number.isFinite(raw.size) && raw.size >= 0 ? raw.size : undefined;
  return {
    uri,
    name: capLine(raw.name, MAX_NAME_CHARS) ?? uri,
    ...(title ? { title } : {}),
    ...(description ? { description } : {}),
    ...(mimeType ? { mimeType } : {}),
    ...(size !== undefined ? { size } : {}),
  };
}

export function cachedResourceTemplate(raw: unknown): CachedResourceTemplate | undefined {
  if (!isObject(raw)) return undefined;
  const uriTemplate = capId(raw.uriTemplate, MAX_URI_CHARS);
  if (!uriTemplate) return undefined;
  const title = capLine(raw.title, MAX_NAME_CHARS);
  const description = capText(raw.description, MAX_DESCRIPTION_CHARS);
  const mimeType = capLine(raw.mimeType, MAX_MIME_CHARS);
  return {
    uriTemplate,
    name: capLine(raw.name, MAX_NAME_CHARS) ?? uriTemplate,
    ...(title ? { title } : {}),
    ...(description ? { description } : {}),
    ...(mimeType ? { mimeType } : {}),
  };
}

export function cachedPrompt(raw: unknown): CachedPrompt | undefined {
  if (!isObject(raw)) return undefined;
  const name = capId(raw.name, MAX_NAME_CHARS);
  if (!name) return undefined;
  const title = capLine(raw.title, MAX_NAME_CHARS);
  const description = capText(raw.description, MAX_DESCRIPTION_CHARS);
  const args: CachedPromptArgument[] = [];
  const seen = new Set<string>();
  for (const a of Array.isArray(raw.arguments) ? raw.arguments : []) {
    if (!isObject(a)) continue;
    const argName = capId(a.name, MAX_NAME_CHARS);
    if (!argName || /\s|=/.test(argName) || seen.has(argName)) continue;
    seen.add(argName);
    const about = capText(a.description, MAX_DESCRIPTION_CHARS);
    args.push({
      name: argName,
      ...(about ? { description: about } : {}),
      ...(a.required ? { required: true } : {}),
    });
    if (args.length >= MAX_PROMPT_ARGUMENTS) break;
  }
  return {
    name,
    ...(title ? { title } : {}),
    ...(description ? { description } : {}),
    arguments: args,
  };
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
