/**
 * A lane: one line of conversation with its own history — the main agent ("main") or a
 * subagent ("agent-1", …). History is append-only except for compaction, which replaces the
 * messages before `keptFrom` by one summary message. Every change is logged as it happens
 * (`message` events with their index and source, `compaction` events), which is what lets
 * `foldSessionLog` rebuild the same history.
 */
import {
  type AppendedMessage,
  type Message,
  type MessageSource,
  messageImages,
  type SessionEventBody,
} from "@picasso/protocol";

export type LaneRecorder = (body: SessionEventBody, lane: string) => void;

export class Lane {
  messages: Message[];
  /** Index of the newest message of this lane's previous request (its cache breakpoint). */
  previousEnd: number | undefined;
  compactions: number;
  /** Steps (model requests) made in this lane, across turns. */
  steps: number;
  /** The prompt tokens the provider reported for the last request, and how many messages it had. */
  lastPrompt: { tokens: number; messageCount: number } | undefined;
  /** Message count right after the last compaction (auto-compaction waits for growth past it). */
  compactedAt = 0;
  /** Messages before this index were checked against the pairing rules (history-pairing.ts). */
  pairedUpTo = 0;
  /** Tokens this lane's steps used in this process: prompt (input and cache) and output. */
  tokensUsed = 0;

  constructor(
    readonly id: string,
    private readonly record: LaneRecorder,
    state?: { messages: Message[]; previousEnd?: number; compactions?: number; steps?: number },
  ) {
    this.messages = state?.messages ?? [];
    this.previousEnd = state?.previousEnd;
    this.compactions = state?.compactions ?? 0;
    this.steps = state?.steps ?? 0;
    this.lastPrompt = undefined;
  }

  append(
    message: Message,
    source: MessageSource,
    extra: { factsBytes?: number; reminder?: string } = {},
  ): number {
    const index = this.messages.length;
    this.messages.push(message);
    const images = messageImages(message);
    this.record(
      {
        type: "message",
        index,
        source,
        message,
        ...extra,
        ...(images.length > 0
          ? { images: { count: images.length, bytes: images.reduce((n, image) => n + image.bytes, 0) } }
          : {}),
      },
      this.id,
    );
    return index;
  }

  appendFromPlugin(item: AppendedMessage): number {
    return this.append(item.message, item.source, item.reminder ? { reminder: item.reminder } : {});
  }

  /** The whole history replaced (a repair; the caller logs `history_repair`). */
  replaceHistory(messages: Message[]): void {
    this.messages = messages;
    this.previousEnd = undefined;
    this.lastPrompt = undefined;
  }

  /** Replace messages before `keptFrom` by `summary` (the compaction event is logged by the caller). */
  replacePrefix(keptFrom: number, summary: Message): void {
    this.messages = [summary, ...this.messages.slice(keptFrom)];
    this.previousEnd = undefined;
    this.lastPrompt = undefined;
    this.compactions += 1;
    this.compactedAt = this.messages.length;
  }
}
