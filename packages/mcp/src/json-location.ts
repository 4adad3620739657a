/**
 * Line numbers in a JSON file, for error messages that name the file, the line and the key:
 * where a parse error happened (from the parser's `position`), and where a key of a server entry
 * is written (the first `"key":` after the server's own key).
 */
export function lineAt(text: string, position: number): number {
  let line = 1;
  for (let i = 0; i < Math.min(position, text.length); i++) if (text.charCodeAt(i) === 10) line++;
  return line;
}

/** The line of a JSON.parse error, when the message carries a position. */
export function parseErrorLine(text: string, error: Error): number | undefined {
  const match = /position (\d+)/.exec(error.message);
  if (match) return lineAt(text, Number(match[1]));
  if (/end of JSON input/i.test(error.message)) return lineAt(text, text.length);
  return undefined;
}

function keyPosition(text: string, key: string, from: number): number {
  const quoted = JSON.stringify(key);
  let at = text.indexOf(quoted, from);
  while (at >= 0) {
    const rest = text.slice(at + quoted.length);
    if (/^\s*:/.test(rest)) return at;
    at = text.indexOf(quoted, at + quoted.length);
  }
  return -1;
}

/** The line of `path` (keys from the top, e.g. ["mcpServers", "fs", "command"]), or the nearest found parent's. */
export function keyLine(text: string, path: readonly string[]): number | undefined {
  let from = 0;
  let found: number | undefined;
  for (const key of path) {
    const at = keyPosition(text, key, from);
    if (at < 0) break;
    found = lineAt(text, at);
    from = at + 1;
  }
  return found;
}
