/**
 * `$PICASSO_HOME/config.yaml`: the provider keys Picasso reads from it.
 *
 * The file is optional (missing = no settings). It must be a YAML mapping of these keys:
 *   provider: anthropic | openai | mock    (string)
 *   model: <model id>                      (string)
 *   baseUrl: <http(s) URL>                 (string)
 *   contextWindow: <tokens>                (positive integer)
 *   mockScript: <path to a mock script>    (string; relative paths are from PICASSO_HOME)
 *   stallTimeoutSeconds: <seconds>         (positive integer; give up on a silent stream, default 300)
 *   images: true | false                   (false: the model takes no images; default true)
 * Malformed YAML, a key of the wrong type or an unknown key is a `ConfigError` naming the file,
 * the line and the key, and what to do — parsed with `yaml` + `LineCounter` for positions.
 * The file is read through @picasso/workspace `readBoundedFile`: one that is a FIFO, socket,
 * device or folder is never opened (a FIFO would block start-up forever) but is a `ConfigError`
 * too, as is one over 1 MiB.
 */
import { isAbsolute, join, resolve } from "node:path";
import { readBoundedFile } from "@picasso/workspace";
import { isMap, isScalar, LineCounter, parseDocument } from "yaml";
import { ConfigError } from "./provider.js";

export interface PicassoConfig {
  provider?: string;
  model?: string;
  baseUrl?: string;
  contextWindow?: number;
  mockScript?: string;
  stallTimeoutSeconds?: number;
  images?: boolean;
}

type Check = (value: unknown) => string | undefined;
const nonEmptyString: Check = (value) =>
  typeof value === "string" && value.trim() !== "" ? undefined : "a non-empty string";
const url: Check = (value) => {
  if (typeof value !== "string") return "a URL string such as http://localhost:11434/v1";
  try {
    const parsed = new URL(value);
    return parsed.protocol === "http:" || parsed.protocol === "https:" ? undefined : "an http(s) URL";
  } catch {
    return "a URL such as http://localhost:11434/v1";
  }
};
const positiveInteger: Check = (value) =>
  typeof value === "number" && Number.isInteger(value) && value > 0
    ? undefined
    : "a positive integer (tokens)";

const KEYS: Record<keyof PicassoConfig, Check> = {
  provider: nonEmptyString,
  model: nonEmptyString,
  baseUrl: url,
  contextWindow: positiveInteger,
  mockScript: nonEmptyString,
  stallTimeoutSeconds: (value) =>
    typeof value === "number" && Number.isInteger(value) && value > 0 && value <= 3600
      ? undefined
      : "a whole number of seconds from 1 to 3600",
  images: (value) => (typeof value === "boolean" ? undefined : "true or false"),
};
export const CONFIG_KEYS = Object.keys(KEYS) as Array<keyof PicassoConfig>;

export function configFilePath(picassoHome: string): string {
  return join(picassoHome, "config.yaml");
}

const CONFIG_READ_BYTES = 1024 * 1024;

/** Reads and validates `$PICASSO_HOME/config.yaml`; `{}` when the file does not exist. */
export function loadPicassoConfig(picassoHome: string): PicassoConfig {
  const path = configFilePath(picassoHome);
  const read = readBoundedFile(path, CONFIG_READ_BYTES);
  if (read.kind === "missing") return {};
  if (read.kind === "not-a-file")
    throw new ConfigError(`${path}: ${read.what}, not a file — make it a regular file or delete it`);
  if (read.kind === "unreadable")
    throw new ConfigError(`${path}: cannot be read (${read.code}) — check its permissions`);
  if (read.truncated)
    throw new ConfigError(`${path}: larger than 1 MiB, not a settings file — fix it or delete it`);
  return parsePicassoConfig(read.bytes.toString("utf8"), path, picassoHome);
}

export function parsePicassoConfig(source: string, path: string, picassoHome: string): PicassoConfig {
  const lineCounter = new LineCounter();
  const doc = parseDocument(source, { lineCounter, prettyErrors: false, uniqueKeys: true });
  const lineOf = (offset: number) => Math.max(1, lineCounter.linePos(offset).line);
  const firstError = doc.errors[0];
  if (firstError) {
    // The parser often notices a problem after the key that caused it (an unclosed quote is
    // found at the end of the file): name the nearest key at or above the error.
    const lines = source.split(/\r?\n/);
    let line = Math.min(lineOf(firstError.pos[0]), lines.length);
    let key: string | undefined;
    for (let at = line; at >= 1 && !key; at--) {
      key = /^\s*([A-Za-z_][\w-]*)\s*:/.exec(lines[at - 1] ?? "")?.[1];
      if (key) line = at;
    }
    const reason =
      firstError.message.split("\n")[0]?.replace(/ at line \d+, column \d+:?$/, "") ?? "invalid YAML";
    throw new ConfigError(
      `${path}:${line}: invalid YAML${key ? ` at key "${key}"` : ""}: ${reason} — fix that line or delete the file`,
    );
  }
  const contents = doc.contents;
  if (contents === null || (isScalar(contents) && (contents.value === null || contents.value === "")))
    return {};
  if (!isMap(contents)) {
    const line = lineOf(contents.range?.[0] ?? 0);
    throw new ConfigError(
      `${path}:${line}: expected a mapping of keys (${CONFIG_KEYS.join(", ")}), e.g. "provider: anthropic"`,
    );
  }
  const config: PicassoConfig = {};
  for (const pair of contents.items) {
    const keyNode = pair.key;
    const offset = isScalar(keyNode) ? (keyNode.range?.[0] ?? 0) : 0;
    const line = lineOf(offset);
    const key = isScalar(keyNode) ? String(keyNode.value) : String(keyNode);
    if (!(key in KEYS)) {
      throw new ConfigError(`${path}:${line}: unknown key "${key}" — known keys: ${CONFIG_KEYS.join(", ")}`);
    }
    const value: unknown = isScalar(pair.value)
      ? pair.value.value
      : (pair.value as { toJSON?: () => unknown })?.toJSON?.();
    const expected = KEYS[key as keyof PicassoConfig](value);
    if (expected) {
      throw new ConfigError(
        `${path}:${line}: key "${key}" must be ${expected}, got ${JSON.stringify(value ?? null)}`,
      );
    }
    (config as Record<string, unknown>)[key] = value;
  }
  if (config.mockScript && !isAbsolute(config.mockScript))
    config.mockScript = resolve(picassoHome, config.mockScript);
  return config;
}
