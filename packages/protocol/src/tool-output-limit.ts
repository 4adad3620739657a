/**
 * Bytes of one tool result the model sees before the engine truncates it and keeps the full text
 * on disk. The one default: the engine's setting and the composition's `tools.outputLimitBytes`.
 */
export const DEFAULT_TOOL_OUTPUT_LIMIT_BYTES = 32_768;
