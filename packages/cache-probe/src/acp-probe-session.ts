/**
 * A probe session driven through the ACP surface: `@picasso/acp-server`'s agent app connected in
 * process to the official SDK's client app (no transport; the same handlers `picasso acp` serves on
 * stdio). Turns are `session/prompt`s, mode switches `session/set_mode`, approvals are answered
 * as `session/request_permission` from the scenario's `deny`, and a resume is `session/load` on a
 * new connection. The agent composes its sessions with `composeSession` (the `sdk` composition)
 * and the probe's observers and clock.
 */
import * as acp from "@agentclientprotocol/sdk";
import { createAcpAgent, type PicassoAcpAgent } from "@picasso/acp-server";
import type { EngineSettings, LogObserver } from "@picasso/engine";
import type { ModelProvider, PermissionMode } from "@picasso/protocol";
import { PROBE_VERSION, probeClaudeHome } from "./probe-session.js";
import type { Scenario, ScenarioAction } from "./scenarios/scenario.js";

export interface AcpProbeOptions {
  provider: ModelProvider;
  workspaceRoot: string;
  picassoHome: string;
  scenario: Scenario;
  observers: LogObserver[];
  now: () => Date;
  settings?: Partial<EngineSettings>;
  /** `session/load` this session instead of `session/new`. */
  load?: string;
}

export interface AcpProbeSession {
  id: string;
  mode(): PermissionMode;
  turn(action: Extract<ScenarioAction, { kind: "turn" }>): Promise<void>;
  setMode(mode: PermissionMode): Promise<void>;
  close(): Promise<void>;
}

export async function openAcpProbeSession(options: AcpProbeOptions): Promise<AcpProbeSession> {
  const agent: PicassoAcpAgent = createAcpAgent({
    provider: options.provider,
    picassoHome: options.picassoHome,
    version: PROBE_VERSION,
    session: {
      observers: options.observers,
      now: options.now,
      claudeHome: probeClaudeHome(options.picassoHome),
      killGraceMs: 200,
      ...(options.settings ? { settings: options.settings } : {}),
    },
  });
  const { scenario } = options;
  const client = acp
    .client({ name: "picasso-probe" })
    .onNotification(acp.methods.client.session.update, () => undefined)
    .onRequest(acp.methods.client.session.requestPermission, ({ params }) => {
      const input = (params.toolCall.rawInput ?? {}) as Record<string, unknown>;
      const denied = scenario.deny?.(params.toolCall.name ?? "", input) ?? false;
      return { outcome: { outcome: "selected", optionId: denied ? "reject" : "allow_once" } };
    });
  const connection = client.connect(agent.app);
  const peer = connection.agent;
  await peer.request(acp.methods.agent.initialize, {
    protocolVersion: acp.PROTOCOL_VERSION,
    clientCapabilities: {},
  });
  let id: string;
  if (options.load) {
    await peer.request(acp.methods.agent.session.load, {
      sessionId: options.load,
      cwd: options.workspaceRoot,
      mcpServers: [],
    });
    id = options.load;
  } else {
    id = (await peer.request(acp.methods.agent.session.new, { cwd: options.workspaceRoot, mcpServers: [] }))
      .sessionId;
  }
  return {
    id,
    mode: () => agent.sessions.get(id)?.composed.session.currentMode ?? "default",
    async turn(action) {
      let stop: acp.StopReason;
      try {
        stop = (
          await peer.request(acp.methods.agent.session.prompt, {
            sessionId: id,
            prompt: [{ type: "text", text: action.input }],
          })
        ).stopReason;
      } catch (error) {
        throw new Error(`scenario ${scenario.name}: turn "${action.label}": ${(error as Error).message}`);
      }
      if (stop !== "end_turn")
        throw new Error(`scenario ${scenario.name}: turn "${action.label}" ended ${stop}`);
    },
    async setMode(mode) {
      await peer.request(acp.methods.agent.session.setMode, { sessionId: id, modeId: mode });
    },
    async close() {
      connection.close();
      await agent.closeAll("probe done");
    },
  };
}
