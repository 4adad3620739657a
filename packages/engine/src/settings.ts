/**
 * Engine settings: the knobs of the loop, with their defaults. Every field is optional on
 * input; `resolveEngineSettings` fills the defaults so the rest of the engine reads plain values.
 * Published under the `engine` namespace by `session.describeSettings()`.
 */
import { DEFAULT_TOOL_OUTPUT_LIMIT_BYTES } from "@picasso/protocol";

export interface EngineSettings {
  /** `max_tokens` of every model request. */
  maxTokens: number;
  /** A tool result over this many UTF-8 bytes is truncated; the full text is kept on disk. */
  toolOutputLimitBytes: number;
  /** Compact automatically when the history passes this share of the context window. */
  compactAt: number;
  /** When compacting, keep about this share of the history's bytes verbatim (newest messages). */
  compactKeepShare: number;
  /** Overrides the provider's context window (tests, small local models). */
  contextWindow?: number;
  /** Steps one turn may take before the engine stops it. */
  maxStepsPerTurn: number;
  /** Step budget of a subagent unless its task asks for fewer. */
  subagentMaxSteps: number;
  /** Absolute paths outside the workspace the user allowed file tools to touch. */
  allowedOutsidePaths: string[];
}

export const DEFAULT_ENGINE_SETTINGS: EngineSettings = {
  maxTokens: 8192,
  toolOutputLimitBytes: DEFAULT_TOOL_OUTPUT_LIMIT_BYTES,
  compactAt: 0.8,
  compactKeepShare: 0.3,
  maxStepsPerTurn: 100,
  subagentMaxSteps: 25,
  allowedOutsidePaths: [],
};

export function resolveEngineSettings(input: Partial<EngineSettings> = {}): EngineSettings {
  // A key given as undefined keeps its default.
  const given = Object.fromEntries(Object.entries(input).filter(([, value]) => value !== undefined));
  return { ...DEFAULT_ENGINE_SETTINGS, ...given };
}
