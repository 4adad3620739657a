/** The `web` family (deferred): web_fetch and web_search. */
import type { ToolDefinition } from "@picasso/protocol";
import { createWebFetchTool, type WebSettings } from "./web-fetch.js";
import { createWebSearchTool } from "./web-search.js";

export const DEFAULT_WEB_SETTINGS: WebSettings = { allowPrivateNetwork: false, searchUrl: "" };

export function webTools(settings: WebSettings = DEFAULT_WEB_SETTINGS): ToolDefinition[] {
  return [createWebFetchTool(settings), createWebSearchTool(settings)];
}

export { isPrivateAddress } from "./address-guard.js";
export { createWebFetchTool, createWebSearchTool, type WebSettings };
