/**
 * The engine waits on promises; the screen shows dialogs. `DialogBridge` turns an approval
 * request or an `ask_user` question into dialog state in the store and resolves the engine's
 * promise when the user answers. An aborted step (Esc) denies a pending approval; `cancel`
 * (interrupt, exit) answers whatever is pending.
 */
import type { ApprovalAnswer, ApprovalRequest } from "@picasso/engine";
import type { AskUserRequest } from "@picasso/protocol";
import type { TuiStore } from "./tui-state.js";

export class DialogBridge {
  private approvalWaiter: ((answer: ApprovalAnswer) => void) | undefined;
  private questionWaiter: ((answer: string) => void) | undefined;

  constructor(
    private readonly store: TuiStore,
    private readonly nextId: () => number,
  ) {}

  approve = (request: ApprovalRequest, signal: AbortSignal): Promise<ApprovalAnswer> =>
    new Promise((resolve) => {
      const finish = (answer: ApprovalAnswer) => {
        signal.removeEventListener("abort", onAbort);
        this.approvalWaiter = undefined;
        this.store.set({ approval: undefined }, true);
        resolve(answer);
      };
      const onAbort = () => finish({ decision: "deny", note: "the user interrupted" });
      signal.addEventListener("abort", onAbort, { once: true });
      this.approvalWaiter = finish;
      const prompt = {
        name: request.name,
        input: request.input,
        effect: request.effect,
        ...(request.protectedPath ? { protectedPath: request.protectedPath } : {}),
      };
      this.store.set({ approval: { id: this.nextId(), prompt } }, true);
    });

  ask = (request: AskUserRequest): Promise<string> =>
    new Promise((resolve) => {
      this.questionWaiter = (answer) => {
        this.questionWaiter = undefined;
        this.store.set({ question: undefined }, true);
        resolve(answer);
      };
      const question = {
        id: this.nextId(),
        question: request.question,
        choices: [...(request.choices ?? [])],
        allowEmpty: request.allowEmpty === true,
      };
      this.store.set({ question }, true);
    });

  decide(answer: ApprovalAnswer): void {
    this.approvalWaiter?.(answer);
  }

  answer(text: string): void {
    this.questionWaiter?.(text);
  }

  /** Answer whatever is pending: approvals are denied, questions told `why`. */
  cancel(why: string): void {
    this.approvalWaiter?.({ decision: "deny", note: why });
    this.questionWaiter?.(`(${why})`);
  }
}
