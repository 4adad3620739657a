/**
 * `@picasso/protocol/schemas`: the zod schemas, for code that validates what crosses a boundary
 * (tests checking a log line by line, tool-spec checks). Importing it loads zod; the main entry
 * exports only the types, so a session starts without zod (jsonl.ts loads the log-line schema on
 * the first read of a log).
 */
export { MessageSchema, ToolSpecSchema } from "./content.js";
export { LogEventSchema, StrictLogEventSchema } from "./session-events.js";
