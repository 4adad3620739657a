/**
 * The settings a composition may set, with their defaults and value checks.
 *
 * Settings are flat dotted keys (`agent-instructions.maxBytes: 8192`). A patch may only set a
 * key listed here; anything else is a user mistake reported with file, line and field. Every
 * setting that shapes Tier 1 is here so that two surfaces with equal settings assemble equal bytes.
 */
import { DEFAULT_TOOL_OUTPUT_LIMIT_BYTES } from "@picasso/protocol";

export interface CompositionSettings {
  /** Hard cap of the instruction index in bytes; over it the index is cut at a line boundary. */
  "agent-instructions.maxBytes": number;
  /** Target size of the instruction index; over it `picasso context` and stats warn. */
  "agent-instructions.targetBytes": number;
  /** Bytes of `name: trigger` lines in the skill index before the rest are listed by name only. */
  "skills.indexBudgetBytes": number;
  /** Bytes of name-only skill entries before the rest collapse behind `skill_search`. */
  "skills.namesBudgetBytes": number;
  /** Characters a skill's trigger description is cut to. */
  "skills.triggerMaxChars": number;
  /** The shortest a trigger is cut to before skills lose theirs (skill-index.ts). */
  "skills.triggerMinChars": number;
  /** Bytes one `tool_search` answer may take (a hard budget; Tier 2, not Tier 1). */
  "catalog.answerBudgetBytes": number;
  /** Bytes of Tier-2 entries open in a lane before the least recently used are collapsed. */
  "catalog.tier2BudgetBytes": number;
  /** Bytes of one tool result before the engine truncates it and spills the full output. */
  "tools.outputLimitBytes": number;
  /** Share of the context window at which the engine compacts history (0–1). */
  "compaction.threshold": number;
  /** Text of the `deployment:persona-prefix` section (one or two sentences). */
  "persona.prefix": string;
  /** Run commands in the bubblewrap sandbox: `off`, `on` or `auto` (when it works here). */
  "sandbox.mode": "off" | "on" | "auto";
  /** Let sandboxed commands use the network. */
  "sandbox.network": boolean;
  /**
   * Memory's embedder: `local` (the model shipped in an npm package, no network), `endpoint` (the
   * OpenAI-compatible `memory.embeddings.baseUrl`), `none`, or `auto`: the endpoint when a base URL
   * is set, else local when its package is installed, else none.
   */
  "memory.embeddings.provider": "auto" | "endpoint" | "none";
  /** OpenAI-compatible embeddings endpoint for memory (e.g. `http://127.0.0.1:11434/v1`); "" = none. */
  "memory.embeddings.baseUrl": string;
  /** The embeddings model asked for. */
  "memory.embeddings.model": string;
  /** Environment variable holding the endpoint's key ("" = no key). */
  "memory.embeddings.apiKeyEnv": string;
  /** The relevance floor of memory recall by query: results scoring below it are not returned. */
  "memory.recall.minScore": number;
  /** Let web_fetch reach loopback and private-network addresses (the SSRF guard is on by default). */
  "web.allowPrivateNetwork": boolean;
  /** A SearXNG-style search endpoint for web_search (`<url>/search?q=…&format=json`); empty: not configured. */
  "web.searchUrl": string;
}

export type SettingKey = keyof CompositionSettings;

export const DEFAULT_SETTINGS: CompositionSettings = {
  "agent-instructions.maxBytes": 8192,
  "agent-instructions.targetBytes": 4096,
  "skills.indexBudgetBytes": 2560,
  "skills.namesBudgetBytes": 512,
  "skills.triggerMaxChars": 200,
  "skills.triggerMinChars": 32,
  "catalog.answerBudgetBytes": 4096,
  "catalog.tier2BudgetBytes": 49_152,
  "tools.outputLimitBytes": DEFAULT_TOOL_OUTPUT_LIMIT_BYTES,
  "compaction.threshold": 0.8,
  "persona.prefix": "You work in the user's terminal, inside their repository, on their behalf.",
  "sandbox.mode": "auto",
  "sandbox.network": false,
  "memory.embeddings.provider": "auto",
  "memory.embeddings.baseUrl": "",
  "memory.embeddings.model": "nomic-embed-text",
  "memory.embeddings.apiKeyEnv": "",
  "memory.recall.minScore": 0.45,
  "web.allowPrivateNetwork": false,
  "web.searchUrl": "",
};

type Check = (value: unknown) => string | undefined;

const positiveInt: Check = (v) =>
  typeof v === "number" && Number.isInteger(v) && v > 0 ? undefined : "a positive whole number";
const ratio: Check = (v) => (typeof v === "number" && v > 0 && v <= 1 ? undefined : "a number in (0, 1]");
const shortText: Check = (v) =>
  typeof v === "string" && v.length <= 1000 ? undefined : "a string of at most 1000 characters";

const CHECKS: Record<SettingKey, Check> = {
  "agent-instructions.maxBytes": positiveInt,
  "agent-instructions.targetBytes": positiveInt,
  "skills.indexBudgetBytes": positiveInt,
  "skills.namesBudgetBytes": positiveInt,
  "skills.triggerMaxChars": positiveInt,
  "skills.triggerMinChars": positiveInt,
  "catalog.answerBudgetBytes": (v) =>
    typeof v === "number" && Number.isInteger(v) && v >= 256
      ? undefined
      : "a whole number of bytes, at least 256",
  "catalog.tier2BudgetBytes": (v) =>
    typeof v === "number" && Number.isInteger(v) && v >= 1024
      ? undefined
      : "a whole number of bytes, at least 1024",
  "tools.outputLimitBytes": positiveInt,
  "compaction.threshold": ratio,
  "persona.prefix": shortText,
  "sandbox.mode": (v) => (v === "off" || v === "on" || v === "auto" ? undefined : "off, on or auto"),
  "sandbox.network": (v) => (typeof v === "boolean" ? undefined : "true or false"),
  "memory.embeddings.provider": (v) =>
    v === "auto" || v === "endpoint" || v === "none" ? undefined : "auto, endpoint or none",
  "memory.embeddings.baseUrl": (v) =>
    v === "" || (typeof v === "string" && /^https?:\/\/\S+$/.test(v))
      ? undefined
      : 'an http(s) URL, or "" for none',
  "memory.embeddings.model": (v) =>
    typeof v === "string" && v.length > 0 && v.length <= 200 ? undefined : "a model name",
  "memory.embeddings.apiKeyEnv": (v) =>
    typeof v === "string" && /^[A-Za-z_][A-Za-z0-9_]*$|^$/.test(v)
      ? undefined
      : "an environment variable name",
  "memory.recall.minScore": (v) =>
    typeof v === "number" && v >= 0 && v <= 1 ? undefined : "a number from 0 to 1",
  "web.allowPrivateNetwork": (v) => (typeof v === "boolean" ? undefined : "true or false"),
  "web.searchUrl": (v) =>
    typeof v === "string" && (v === "" || /^https?:\/\/\S+$/.test(v))
      ? undefined
      : 'an http(s) URL, or "" for none',
};

export function isSettingKey(key: string): key is SettingKey {
  return Object.hasOwn(CHECKS, key);
}

/** `undefined` when the value fits the key, otherwise what it should have been. */
export function checkSetting(key: SettingKey, value: unknown): string | undefined {
  return CHECKS[key](value);
}

/** Sets `key` to `value` after its check (patch files are checked when parsed; this keeps the type true). */
export function assignSetting(settings: CompositionSettings, key: SettingKey, value: unknown): void {
  const problem = checkSetting(key, value);
  if (problem) throw new Error(`setting ${key}: expected ${problem}`);
  Object.assign(settings, { [key]: value });
}

export const SETTING_KEYS = Object.keys(CHECKS) as SettingKey[];
