/**
 * Serving the agent over newline-delimited JSON-RPC (stdio for `picasso acp`): resolves when the
 * client has gone (its input ended or the connection broke) and every session is closed, so the
 * logs end with `session_end`.
 */
import * as acp from "@agentclientprotocol/sdk";
import { type AcpAgentOptions, createAcpAgent } from "./agent.js";

export async function serveAcp(
  options: AcpAgentOptions,
  io: { input: ReadableStream<Uint8Array>; output: WritableStream<Uint8Array> },
): Promise<void> {
  const agent = createAcpAgent(options);
  const connection = agent.app.connect(acp.ndJsonStream(io.output, io.input));
  await connection.closed.catch(() => undefined);
  await agent.closeAll("client disconnected");
}
