/**
 * The lifecycle gates of the mounted extensions (protocol lifecycle-gates.ts), called in mount
 * order and awaited: the engine asks here before a prompt joins history, before and after each
 * tool call, and before a lane ends its turn. Answers combine so that the strictest wins: a prompt
 * is refused when any gate refuses it; a call is denied when any gate denies it, else asked about
 * when any asks, else allowed without asking when any allows; a lane goes on when any gate says
 * so. A gate that throws is reported through `onError` and counts as no opinion. A `halt` asked
 * for by a prompt or tool gate is kept per lane until the loop takes it (`takeHalt`).
 */
import type {
  PicassoExtension,
  PromptGateContext,
  StopGateContext,
  ToolCallDone,
  ToolCallGate,
  ToolCallGateContext,
} from "@picasso/protocol";

export type GateErrorHandler = (extension: string, gate: string, error: unknown) => void;

export class LifecycleGates {
  private readonly halts = new Map<string, string>();

  constructor(private readonly extensions: readonly PicassoExtension[]) {}

  /** True when some extension has any gate (the engine skips the calls otherwise). */
  get any(): boolean {
    return this.extensions.some((e) => e.beforePrompt || e.beforeToolCall || e.afterToolCall || e.beforeStop);
  }

  /** The first refusal's reason, or undefined when the prompt may go. */
  async prompt(ctx: PromptGateContext, onError: GateErrorHandler): Promise<string | undefined> {
    let blocked: string | undefined;
    for (const extension of this.extensions) {
      if (!extension.beforePrompt) continue;
      try {
        const gate = await extension.beforePrompt(ctx);
        blocked ??= gate?.block;
      } catch (error) {
        onError(extension.name, "turn/prompt", error);
      }
    }
    return blocked;
  }

  async beforeTool(ctx: ToolCallGateContext, onError: GateErrorHandler): Promise<ToolCallGate> {
    const answers: ToolCallGate[] = [];
    for (const extension of this.extensions) {
      if (!extension.beforeToolCall) continue;
      try {
        const gate = await extension.beforeToolCall(ctx);
        if (gate) answers.push(gate);
      } catch (error) {
        onError(extension.name, "tool/before", error);
      }
    }
    const halt = answers.find((a) => a.halt)?.halt;
    if (halt) this.halt(ctx.lane, halt);
    for (const decision of ["deny", "ask", "allow"] as const) {
      const found = answers.find((a) => a.decision === decision);
      if (found) return { decision, ...(found.reason ? { reason: found.reason } : {}) };
    }
    return {};
  }

  async afterTool(ctx: ToolCallDone, onError: GateErrorHandler): Promise<void> {
    for (const extension of this.extensions) {
      if (!extension.afterToolCall) continue;
      try {
        await extension.afterToolCall(ctx);
      } catch (error) {
        onError(extension.name, "tool/after", error);
      }
    }
  }

  /** True when some gate keeps the lane going. */
  async stop(ctx: StopGateContext, onError: GateErrorHandler): Promise<boolean> {
    let keepGoing = false;
    for (const extension of this.extensions) {
      if (!extension.beforeStop) continue;
      try {
        if ((await extension.beforeStop(ctx))?.continue) keepGoing = true;
      } catch (error) {
        onError(extension.name, "lane/stop", error);
      }
    }
    return keepGoing;
  }

  halt(lane: string, reason: string): void {
    if (!this.halts.has(lane)) this.halts.set(lane, reason);
  }

  /** The halt asked for in `lane`, once. */
  takeHalt(lane: string): string | undefined {
    const reason = this.halts.get(lane);
    this.halts.delete(lane);
    return reason;
  }
}
