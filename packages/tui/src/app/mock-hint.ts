/**
 * What the TUI says when no provider is configured and the built-in mock stands in: at the start
 * of the session, and after `/model`'s line (the CLI passes it as the operation host's note).
 */
export const MOCK_HINT =
  "No provider is configured, so Picasso is running on its built-in mock model (offline, scripted). " +
  "For a real model: export ANTHROPIC_API_KEY=… (or OPENAI_API_KEY with --provider openai), or point " +
  "OPENAI_BASE_URL at a local OpenAI-compatible server (e.g. http://localhost:11434/v1) with --provider openai.";
