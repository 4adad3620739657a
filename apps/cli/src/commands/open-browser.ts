/**
 * Opening a URL in the user's browser for `picasso mcp login`: the platform's opener (`open` on
 * macOS, `xdg-open` elsewhere), detached, its output ignored, and any failure silent — the URL is
 * printed anyway. Only http(s) URLs are opened (the URL comes from a server's metadata), and the
 * opener gets Picasso's environment without the provider keys, as every program Picasso starts.
 */
import { spawn } from "node:child_process";
import { isProviderSecretName } from "@picasso/protocol";

export function openInBrowser(url: URL, env: NodeJS.ProcessEnv = process.env): void {
  if (url.protocol !== "https:" && url.protocol !== "http:") return;
  const clean: Record<string, string> = {};
  for (const [name, value] of Object.entries(env))
    if (value !== undefined && !isProviderSecretName(name)) clean[name] = value;
  try {
    const child = spawn(process.platform === "darwin" ? "open" : "xdg-open", [url.href], {
      detached: true,
      stdio: "ignore",
      env: clean,
    });
    child.on("error", () => undefined);
    child.unref();
  } catch {
    // No opener here: the printed URL is the way.
  }
}
