import { UserError } from "@picasso/protocol";

/** A user mistake in configuration: printed as one line, never with a stack trace. */
export class ConfigError extends UserError {
  override name = "ConfigError";
}
