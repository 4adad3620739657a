import { readFileSync } from "node:fs";

/** The CLI's version, read from its own package.json so there is one source of truth. */
export const VERSION: string = (
  JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8")) as { version: string }
).version;
