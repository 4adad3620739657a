/**
 * The scripted model: answers each request with the first not-yet-used step whose `match` matches
 * the request's latest input (a step without `match` matches anything); when none is left it says
 * "[mock script exhausted]". Faults are looked up by 1-based request number. A tool call's input
 * may capture a value from the request (`${/regex/}`, script-captures.ts).
 */
import type { ConversationView } from "./conversation.js";
import type { MockFault, MockModel, MockReply } from "./reply.js";
import { compileMatch, type ValidMockScript } from "./script.js";
import { fillCaptures } from "./script-captures.js";

export const EXHAUSTED_TEXT = "[mock script exhausted]";

export class ScriptedModel implements MockModel {
  private readonly used = new Set<number>();
  private readonly matchers: Array<(text: string) => boolean>;

  constructor(private readonly script: ValidMockScript) {
    this.matchers = script.steps.map((step) => (step.match ? compileMatch(step.match) : () => true));
  }

  faultFor(requestNumber: number): MockFault | undefined {
    const fault = this.script.faults.find((f) => f.request === requestNumber);
    if (!fault) return undefined;
    switch (fault.kind) {
      case "rate_limit":
        return { kind: "rate_limit", retryAfter: fault.retry_after };
      case "delay":
        return { kind: "delay", delayMs: fault.delay_ms };
      default:
        return { kind: fault.kind };
    }
  }

  reply(view: ConversationView): MockReply {
    const index = this.script.steps.findIndex(
      (_, i) => !this.used.has(i) && (this.matchers[i] as (text: string) => boolean)(view.latestInput),
    );
    const step = this.script.steps[index];
    if (!step) return { text: EXHAUSTED_TEXT, toolCalls: [], stop: "end_turn", delayMs: 0 };
    this.used.add(index);
    const toolCalls = (step.tool_calls ?? []).map((call) => ({
      name: call.name,
      input: fillCaptures(call.input, view.transcript),
    }));
    return {
      ...(step.text !== undefined ? { text: step.text } : {}),
      toolCalls,
      stop: step.stop ?? (toolCalls.length > 0 ? "tool_use" : "end_turn"),
      delayMs: step.delay_ms ?? 0,
    };
  }
}
