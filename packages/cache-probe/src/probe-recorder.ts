/**
 * ProbeRecorder: watches a session from two sides and turns what it sees into `ProbeStep`s.
 *
 * - As a log observer it learns, before each model request, which lane, turn and step sends it
 *   and its purpose (`model_request` events), and which lanes were compacted (`compaction`).
 * - As a provider wrapper it keeps a copy of each request exactly as it goes to the provider
 *   (after an optional `mutate`, which is how tests inject regressions without touching product
 *   code) and the usage of its final event.
 * - The runner tells it when a session was resumed or a new one opened (`markResume`,
 *   `markNewSession`); the next request of each marked lane records it in `after`.
 * Requests are sequential in a scenario (one lane streams at a time), so the latest
 * `model_request` event belongs to the next `stream()` call.
 */
import type {
  LogEvent,
  ModelProvider,
  ModelRequest,
  PermissionMode,
  StreamEvent,
  StreamOptions,
  Usage,
} from "@picasso/protocol";
import type { ProbeStep } from "./probe-step.js";
import { stepUsage } from "./probe-step.js";
import { fingerprintRequest } from "./request-fingerprint.js";

/** Rewrites a request on its way to the provider (`n` is its 1-based number in the run). */
export type RequestMutation = (
  request: ModelRequest,
  context: { n: number; mode: PermissionMode },
) => ModelRequest;

interface Pending {
  lane: string;
  turn: number;
  step: number;
  purpose: "step" | "compaction";
}

export class ProbeRecorder {
  readonly steps: ProbeStep[] = [];
  /** The scenario's current turn label, recorded with each step. */
  label: string | undefined;
  mode: () => PermissionMode = () => "default";
  private pending: Pending | undefined;
  private readonly compacted = new Set<string>();
  private readonly resumed = new Set<string>();
  private readonly opened = new Set<string>();

  readonly observer = (event: LogEvent): void => {
    if (event.type === "model_request") {
      const purpose = (event as { purpose?: string }).purpose === "compaction" ? "compaction" : "step";
      this.pending = { lane: event.lane, turn: event.turn, step: event.step, purpose };
    } else if (event.type === "compaction") this.compacted.add(event.lane);
  };

  /** Steps recorded elsewhere (a resume child process), numbered on after this recorder's own. */
  adopt(steps: readonly ProbeStep[]): void {
    for (const step of steps) this.steps.push({ ...step, n: this.steps.length + 1 });
  }

  /** The session was closed and re-opened from its log: mark every lane. */
  markResume(lanes: Iterable<string>): void {
    for (const lane of lanes) this.resumed.add(lane);
  }

  /** The session was closed and a new one opened (the next day): mark its lanes. */
  markNewSession(lanes: Iterable<string>): void {
    for (const lane of lanes) this.opened.add(lane);
  }

  wrap(provider: ModelProvider, mutate?: RequestMutation): ModelProvider {
    const recorder = this;
    return {
      name: provider.name,
      model: provider.model,
      contextWindow: provider.contextWindow,
      ...(provider.close ? { close: () => provider.close!() } : {}),
      stream(request: ModelRequest, options?: StreamOptions): AsyncIterable<StreamEvent> {
        const n = recorder.steps.length + 1;
        const mode = recorder.mode();
        const sent = mutate ? mutate(structuredClone(request), { n, mode }) : request;
        return recorder.record(provider, structuredClone(sent), n, mode, options);
      },
    };
  }

  private async *record(
    provider: ModelProvider,
    request: ModelRequest,
    n: number,
    mode: PermissionMode,
    options: StreamOptions | undefined,
  ): AsyncIterable<StreamEvent> {
    const pending = this.pending ?? { lane: "main", turn: 0, step: n - 1, purpose: "step" as const };
    this.pending = undefined;
    const lane = pending.lane;
    const after = {
      compaction: this.compacted.delete(lane),
      resume: this.resumed.delete(lane),
      newSession: this.opened.delete(lane),
    };
    let usage: Usage | undefined;
    try {
      for await (const event of provider.stream(request, options)) {
        if (event.type === "message_stop") usage = event.usage;
        else if (event.type === "error") usage = event.usage;
        yield event;
      }
    } finally {
      this.steps.push({
        n,
        ...pending,
        mode,
        request,
        fingerprint: fingerprintRequest(request),
        usage: stepUsage(usage),
        after,
        pid: process.pid,
        ...(this.label ? { label: this.label } : {}),
      });
    }
  }
}
