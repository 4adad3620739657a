/**
 * Proposing an AGENTS.md: survey the repository (repo-survey.ts), ask the model once with no tools
 * (init-request.ts), and when the answer is over the target ask once more to shorten it; then check
 * it (proposal-check.ts) and diff it against the file on disk (unified-diff.ts; a note counts the
 * lines of the current file the proposal removes or rewrites, the ones to check). Nothing is written
 * here (when the surface passes lean context's index, a note says when the next session's whole
 * instruction index — AGENTS.md with CLAUDE.md or PICASSO.md beside it — would be over the target or
 * cut at the cap): a proposal carries the hash of the AGENTS.md it was made against, and `writeProposal`
 * writes it (atomic-write.ts) only if the file on disk is still that one.
 * A provider fault, an empty answer or one over the hard cap is a one-line `UserError`.
 */
import { join } from "node:path";
import type { ModelProvider, ModelRequest } from "@picasso/protocol";
import { UserError } from "@picasso/protocol";
import { byteLength, sha256 } from "@picasso/protocol/basics";
import { writeFileAtomically } from "./atomic-write.js";
import { answerText, type InitLimits, initRequest, shortenRequest } from "./init-request.js";
import { checkProposal } from "./proposal-check.js";
import { readText, surveyRepository } from "./repo-survey.js";
import { unifiedDiff } from "./unified-diff.js";

export const AGENTS_FILE = "AGENTS.md";

export interface AgentsMdProposal {
  /** Workspace-relative path written (`AGENTS.md`). */
  path: string;
  /** The file on disk when the proposal was made; undefined when there was none. */
  existing: string | undefined;
  text: string;
  bytes: number;
  /** Bytes of the file on disk (0 when none). */
  existingBytes: number;
  diff: string;
  /** The proposal is the file on disk, byte for byte. */
  unchanged: boolean;
  overTarget: boolean;
  missingDocs: string[];
  /** One line each: shortened on request, still over the target, routing rows naming missing files. */
  notes: string[];
  /** Requests made to the model (1, or 2 when it was asked to shorten). */
  requests: number;
  /** sha256 of the file on disk when the proposal was made ("" for none). */
  baseHash: string;
}

/** Lean context's instruction index as the next session would build it with a given root AGENTS.md. */
export interface IndexPreview {
  /** Bytes of the whole index (every instruction file with its header line), before any cut. */
  bytes: number;
  /** The files in it, workspace-relative. */
  files: string[];
  /** Lean context's line when the index would be cut at the cap. */
  warning?: string;
}

export interface ProposeOptions {
  workspaceRoot: string;
  provider: ModelProvider;
  limits: InitLimits;
  signal?: AbortSignal;
  /** The index with `agentsMd` as the root AGENTS.md (the surface passes lean context's). */
  indexWith?: (agentsMd: string) => IndexPreview;
}

/** What the model answers to `request`, as text; a provider fault or a refusal is a UserError. */
async function ask(provider: ModelProvider, request: ModelRequest, signal?: AbortSignal): Promise<string> {
  let parts: string[] = [];
  for await (const event of provider.stream(request, signal ? { signal } : {})) {
    if (event.type === "error")
      throw new UserError(
        `the model (${provider.name} ${provider.model}) could not answer: ${event.error.message}`,
      );
    if (event.type === "message_stop") {
      if (event.stopReason === "refusal")
        throw new UserError(`the model (${provider.name}) refused to write AGENTS.md`);
      parts = event.content.flatMap((block) => (block.type === "text" ? [block.text] : []));
    }
  }
  return answerText(parts.join(""));
}

/** The AGENTS.md on disk (bounded read), undefined when there is none. */
function onDisk(root: string): string | undefined {
  return readText(root, AGENTS_FILE, 1 << 20);
}

const hashOf = (text: string | undefined) => (text === undefined ? "" : sha256(text));

export async function proposeAgentsMd(options: ProposeOptions): Promise<AgentsMdProposal> {
  const { workspaceRoot: root, provider, limits, signal } = options;
  const existing = onDisk(root);
  const survey = surveyRepository(root, limits.maxBytes * 2);
  let text = await ask(provider, initRequest(provider.model, survey, limits), signal);
  let requests = 1;
  const notes: string[] = [];
  const first = byteLength(text);
  if (text !== "" && first > limits.targetBytes) {
    const shorter = await ask(provider, shortenRequest(provider.model, survey, limits, text, first), signal);
    requests = 2;
    if (shorter !== "" && byteLength(shorter) < first) {
      text = shorter;
      notes.push(
        `the first answer was ${first} bytes, over the ${limits.targetBytes}-byte target: the model shortened it`,
      );
    }
  }
  const check = checkProposal(text, root, limits);
  notes.push(...check.notes);
  const index = options.indexWith?.(text);
  if (index?.warning) notes.push(`the next session's Tier 1 would cut its instructions: ${index.warning}`);
  else if (index && !check.overTarget && index.bytes > limits.targetBytes)
    notes.push(
      `the next session's instruction index (${index.files.join(", ")}, with a header line each) would be ${index.bytes} bytes, over the ${limits.targetBytes}-byte target`,
    );
  const diff = unifiedDiff(AGENTS_FILE, existing, text);
  const removed = diff
    .split("\n")
    .slice(2)
    .filter((line) => line.startsWith("-")).length;
  if (existing !== undefined && removed > 0)
    notes.push(
      `${removed} line${removed === 1 ? "" : "s"} of the current ${AGENTS_FILE} ${removed === 1 ? "is" : "are"} removed or rewritten (the - lines): check that none of your rules is lost`,
    );
  return {
    path: AGENTS_FILE,
    existing,
    text,
    bytes: check.bytes,
    existingBytes: existing === undefined ? 0 : byteLength(existing),
    diff,
    unchanged: existing === text,
    overTarget: check.overTarget,
    missingDocs: check.missingDocs,
    notes,
    requests,
    baseHash: hashOf(existing),
  };
}

/** Write `proposal` over AGENTS.md, if the file on disk is still the one it was made against. */
export function writeProposal(root: string, proposal: AgentsMdProposal): void {
  if (hashOf(onDisk(root)) !== proposal.baseHash)
    throw new UserError(`${AGENTS_FILE} changed since the proposal was made: not written; run init again`);
  writeFileAtomically(root, join(root, AGENTS_FILE), proposal.text, AGENTS_FILE);
}
