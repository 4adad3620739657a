/** Where an `picasso mcp …` subcommand runs: its working folder and environment (tests pass both). */
export interface McpWhere {
  cwd?: string;
  env?: NodeJS.ProcessEnv;
}
