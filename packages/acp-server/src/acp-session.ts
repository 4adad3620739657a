/**
 * One ACP session: a Picasso session composed by `composeSession` (the `sdk` composition, the same
 * Tier-1 definition as the CLI's), its events turned into `session/update`s in order, one prompt
 * at a time, and cancellation.
 * - Updates are sent through one promise chain, so they reach the client in event order and all
 *   of a turn's updates precede the `session/prompt` response.
 * - `cancel()` aborts the running turn: a pending permission request is withdrawn, running tools
 *   are interrupted, the log gets interrupt / turn_end, and the prompt answers `cancelled`.
 * - A question for the user that has choices (an MCP server's elicitation, `ask_user`) is a
 *   permission request whose options are the choices (ask-user.ts).
 */
import type * as acp from "@agentclientprotocol/sdk";
import { RequestError } from "@agentclientprotocol/sdk";
import { presentationOf } from "@picasso/engine/context";
import type { ImageInput, OperationResult, SessionEvent, TurnToolLimit } from "@picasso/protocol";
import { isUserError, type PermissionMode } from "@picasso/protocol/basics";
import { type ComposedSession, type ComposeSessionOptions, composeSession } from "@picasso/surface";
import { acpAskUser } from "./ask-user.js";
import { type ClientFiles, clientFileAccess } from "./client-files.js";
import { acpApprover, type PermissionAsker } from "./permission.js";
import { promptImages, promptText } from "./prompt-content.js";
import { UpdateMapper } from "./session-updates.js";

export type UpdateSender = (params: acp.SessionNotification) => Promise<void>;

export interface AcpSessionOptions {
  compose: Omit<ComposeSessionOptions, "approver" | "cwd" | "surface" | "surfaceLabel" | "onEvent" | "files">;
  cwd: string;
  /** The client's capabilities from `initialize` (its `fs` serves the file tools). */
  capabilities?: acp.ClientCapabilities;
  files: ClientFiles;
  mode?: PermissionMode;
  send: UpdateSender;
  ask: PermissionAsker;
}

export class AcpSession {
  private readonly mapper: UpdateMapper;
  private chain: Promise<void> = Promise.resolve();
  private turn: AbortController | undefined;

  private constructor(
    readonly composed: ComposedSession,
    private readonly send: UpdateSender,
    cwd: string,
  ) {
    this.mapper = new UpdateMapper(cwd);
    composed.session.subscribe((event) => this.onEvent(event));
  }

  static async open(options: AcpSessionOptions): Promise<AcpSession> {
    let id = "";
    let opened: AcpSession | undefined;
    const files = clientFileAccess(options.capabilities, () => id, options.files);
    const composed = await composeSession({
      ...options.compose,
      ...(files ? { files } : {}),
      cwd: options.cwd,
      surface: "sdk",
      surfaceLabel: "acp",
      ...(options.mode ? { mode: options.mode } : {}),
      approver: acpApprover(() => id, options.cwd, options.ask),
      // Questions with choices (an MCP server's elicitation, `ask_user`) go to the editor (ask-user.ts).
      askUser: acpAskUser(
        () => id,
        options.ask,
        () => opened?.turn?.signal,
      ),
    });
    id = composed.session.id;
    opened = new AcpSession(composed, options.send, options.cwd);
    return opened;
  }

  get id(): string {
    return this.composed.session.id;
  }

  get running(): boolean {
    return this.turn !== undefined;
  }

  /** Queue one update after those before it. */
  update(update: acp.SessionUpdate): Promise<void> {
    this.chain = this.chain
      .then(() => this.send({ sessionId: this.id, update }))
      // The client went away: the connection's close ends the session (agent.ts).
      .catch(() => undefined);
    return this.chain;
  }

  private onEvent(event: SessionEvent): void {
    for (const update of this.mapper.map(event)) void this.update(update);
  }

  async prompt(blocks: readonly acp.ContentBlock[]): Promise<acp.PromptResponse> {
    return this.promptText(promptText(blocks), undefined, promptImages(blocks));
  }

  /** One turn on `input`; `limit` narrows its tools (a custom command's `allowed-tools`). */
  private async promptText(
    input: string,
    limit?: TurnToolLimit,
    images: readonly ImageInput[] = [],
  ): Promise<acp.PromptResponse> {
    if (this.turn)
      throw RequestError.invalidRequest(undefined, "a prompt is already running in this session");
    if (!input.trim() && images.length === 0)
      throw RequestError.invalidParams(undefined, "the prompt has no text");
    const turn = new AbortController();
    this.turn = turn;
    let ended: string = "error";
    let failure: string | undefined;
    const watch = this.composed.session.subscribe((event) => {
      if (event.lane === "main" && event.type === "error" && event.scope !== "plugin")
        failure ??= event.message;
    });
    try {
      ended = (
        await this.composed.session.runTurn(input, {
          signal: turn.signal,
          ...(limit ? { limit } : {}),
          ...(images.length > 0 ? { images } : {}),
        })
      ).stopReason;
    } finally {
      watch();
      this.turn = undefined;
    }
    await this.chain;
    if (turn.signal.aborted || ended === "interrupted") return { stopReason: "cancelled" };
    // A provider failure is the prompt's error (the log has it as `error` and `turn_end`).
    if (ended === "error")
      throw RequestError.internalError({ sessionId: this.id }, failure ?? "the turn failed");
    return { stopReason: acpStopReason(ended) };
  }

  /**
   * A prompt that is a command (prompt-commands.ts): its answer is one agent message. It runs
   * as a prompt does — one at a time, cancelled by `session/cancel`. A custom command's answer
   * (a `prompt` presentation) is a turn instead: its notes, if any, as one agent message, then
   * its prompt sent with its tool limit.
   */
  async runCommand(run: (signal: AbortSignal) => Promise<OperationResult>): Promise<acp.PromptResponse> {
    if (this.turn)
      throw RequestError.invalidRequest(undefined, "a prompt is already running in this session");
    this.turn = new AbortController();
    let text: string;
    let turn: { prompt: string; limit?: TurnToolLimit } | undefined;
    try {
      const result = await run(this.turn.signal);
      const shown = presentationOf(result.data);
      if (shown?.presentation === "prompt") {
        turn = { prompt: shown.prompt, ...(shown.limit ? { limit: shown.limit } : {}) };
        text = shown.notes.join("\n");
      } else text = result.text;
    } catch (error) {
      if (!isUserError(error)) throw error;
      text = (error as Error).message;
    } finally {
      this.turn = undefined;
    }
    if (text !== "")
      await this.update({ sessionUpdate: "agent_message_chunk", content: { type: "text", text } });
    return turn ? this.promptText(turn.prompt, turn.limit) : { stopReason: "end_turn" };
  }

  cancel(): void {
    this.turn?.abort();
  }

  setMode(mode: PermissionMode): void {
    this.composed.session.setMode(mode);
  }

  async close(reason: string): Promise<void> {
    this.cancel();
    await this.composed.close(reason);
    await this.chain;
  }
}

function acpStopReason(reason: string): acp.StopReason {
  if (reason === "max_tokens") return "max_tokens";
  if (reason === "max_steps") return "max_turn_requests";
  if (reason === "refusal") return "refusal";
  return "end_turn";
}
