/**
 * What the scenario runner and the resume child share: the provider a scenario talks to (the
 * official SDK adapters against the mock, or the real Anthropic API), the scenario's approver,
 * the fixed clock for session facts, and running one scripted turn (a turn ending in an error
 * fails the run: the scenario is broken, not the cache).
 */
import type { Approver, Session } from "@picasso/engine";
import type { ModelProvider } from "@picasso/protocol";
import { AnthropicProvider, OpenAIProvider } from "@picasso/providers";
import { promptCommand } from "@picasso/surface";
import type { ProviderRules } from "./probe-step.js";
import type { Scenario, ScenarioAction } from "./scenarios/scenario.js";

export const MOCK_MODEL = "claude-probe-mock";
export const FIXED_NOW = new Date("2026-01-15T09:00:00Z");

export function providerFor(args: {
  rules: ProviderRules;
  model: string;
  baseUrl?: string;
  liveApiKey?: string;
}): ModelProvider {
  const retry = { baseDelayMs: 1, maxDelayMs: 5 };
  if (args.liveApiKey)
    return new AnthropicProvider({
      apiKey: args.liveApiKey,
      model: args.model,
      ...(args.baseUrl ? { baseUrl: args.baseUrl } : {}),
    });
  if (!args.baseUrl) throw new Error("a mock provider needs the mock server's URL");
  return args.rules === "openai"
    ? new OpenAIProvider({
        apiKey: "test-key",
        model: args.model,
        baseUrl: `${args.baseUrl}/v1`,
        name: "mock",
        retry,
      })
    : new AnthropicProvider({
        apiKey: "test-key",
        model: args.model,
        baseUrl: args.baseUrl,
        name: "mock",
        retry,
      });
}

export function approverFor(scenario: Scenario): Approver {
  return {
    async approve(request) {
      if (scenario.deny?.(request.name, request.input))
        return { decision: "deny", note: "the user denied this in the probe scenario" };
      return { decision: "allow_once" };
    },
  };
}

export async function runTurnAction(
  session: Session,
  scenario: string,
  action: Extract<ScenarioAction, { kind: "turn" }>,
): Promise<void> {
  let failure: string | undefined;
  const stop = session.subscribe((event) => {
    if (event.type === "error" && event.scope !== "tool") failure ??= event.message;
  });
  // A custom command (`/review src`) runs as `picasso -p "/review src"` does: expanded, with its limit.
  const command = await promptCommand(
    action.input,
    session.operations,
    new AbortController().signal,
    () => {},
  );
  if (command.kind === "answered") {
    stop();
    throw new Error(`scenario ${scenario}: turn "${action.label}" answered without a turn: ${command.text}`);
  }
  if (action.input.startsWith("/") && command.input === action.input) {
    stop();
    throw new Error(
      `scenario ${scenario}: turn "${action.label}": ${action.input.split(" ")[0]} is no command here`,
    );
  }
  const limit = command.limit ? { limit: command.limit } : {};
  const result = await session.runTurn(command.input, limit).finally(stop);
  if (failure) throw new Error(`scenario ${scenario}: turn "${action.label}": ${failure}`);
  if (result.stopReason === "error")
    throw new Error(`scenario ${scenario}: turn "${action.label}" ended in an error`);
}
