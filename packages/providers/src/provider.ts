/**
 * The adapters implement `ModelProvider` from `@picasso/protocol` (re-exported here for their
 * callers); configuration mistakes are `ConfigError`s.
 */
import { UserError } from "@picasso/protocol";

export type { ModelProvider, StreamOptions } from "@picasso/protocol";

/** A user mistake in configuration: printed as one line, never with a stack trace. */
export class ConfigError extends UserError {
  override name = "ConfigError";
}
