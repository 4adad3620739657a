/**
 * @picasso/acp-server — Picasso as an Agent Client Protocol agent (docs/acp.md): `createAcpAgent`
 * builds the agent app; `serveAcp` runs it over a byte stream pair (stdio for `picasso acp`).
 */
export { type AcpAgentOptions, createAcpAgent, type PicassoAcpAgent } from "./agent.js";
export { serveAcp } from "./serve.js";
