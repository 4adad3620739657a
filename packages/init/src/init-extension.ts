/**
 * The init extension: the `init` operation — `/init` in the TUI, an ACP command, and what
 * `picasso init` (apps/cli) runs — writing or improving the workspace's AGENTS.md with the
 * session's model:
 * - `init`         — propose (agents-md-proposal.ts) and answer with the notes and the unified diff;
 *                    the proposal is kept until it is written, discarded or replaced. Its data is a
 *                    `pick` presentation (the TUI shows the diff, then asks "write / discard") and
 *                    the proposal itself (`picasso init` and machine readers use it);
 * - `init write`   — write the kept proposal atomically (only if AGENTS.md did not change since);
 * - `init discard` — drop it; nothing is written.
 * Nothing of it reaches the session: the model request is a one-off with no tools outside the
 * session's history, and Tier 1 was built when the session opened — the new AGENTS.md is read by
 * the next session, which the answer says. Without a model (no provider, or the offline mock
 * standing in for want of a key) `init` says so in one line.
 */
import type { ExtensionOperation, ModelProvider, OperationResult, PicassoExtension } from "@picasso/protocol";
import { isUserError } from "@picasso/protocol/basics";
import {
  type AgentsMdProposal,
  type IndexPreview,
  proposeAgentsMd,
  writeProposal,
} from "./agents-md-proposal.js";
import { DEFAULT_INIT_LIMITS, type InitLimits } from "./init-request.js";

export const INIT_EXTENSION = "init";

export interface InitPlace {
  workspaceRoot: string;
  /** The model to ask; undefined where there is none (an offline mount without one). */
  provider?: ModelProvider;
  /** Why the provider is no real model (the no-key mock), when it is not: init refuses with it. */
  providerStandIn?: string;
  limits?: InitLimits;
  /** Lean context's instruction index with a proposed AGENTS.md in place, for the notes. */
  indexWith?: (agentsMd: string) => IndexPreview;
}

/** What `init` answers in its data besides the presentation. */
export interface InitProposalData {
  presentation: "pick";
  title: string;
  preface: string;
  choices: { label: string; value: string }[];
  proposal: Omit<AgentsMdProposal, "existing">;
}

const warn = (text: string): OperationResult => ({ text, tone: "warn" });

const NEXT_SESSION =
  "It takes effect in the next session: this session's instructions (Tier 1) were read when it started and stay as they are.";

/** The diff in a `diff` code block whose fence is longer than any backtick run in it (a context line `` ```sh`` cannot close it). */
function fenced(diff: string): string {
  const longest = Math.max(0, ...(diff.match(/`+/g) ?? []).map((run) => run.length));
  const fence = "`".repeat(Math.max(3, longest + 1));
  return `${fence}diff\n${diff.trimEnd()}\n${fence}`;
}

/** The size line and the notes. */
function summaryLines(proposal: AgentsMdProposal): string[] {
  const size =
    proposal.existing === undefined
      ? `${proposal.path}: a new file of ${proposal.bytes} bytes proposed`
      : `${proposal.path}: ${proposal.existingBytes} → ${proposal.bytes} bytes proposed`;
  return [size, ...proposal.notes.map((note) => `note: ${note}`)];
}

/** The answer to `init` as text (ACP, machine readers): notes, the fenced diff, how to write or discard it. */
function proposalText(proposal: AgentsMdProposal): string {
  return [
    ...summaryLines(proposal),
    "",
    fenced(proposal.diff),
    "",
    "Write it with `/init write`, or drop it with `/init discard`. (From a shell, where each run is a new session: `picasso init --yes`.)",
  ].join("\n");
}

/** What the TUI shows above its write / discard picker: the notes and the diff as it is. */
function proposalPreface(proposal: AgentsMdProposal): string {
  return [...summaryLines(proposal), "", proposal.diff.trimEnd()].join("\n");
}

export function createInitExtension(place: InitPlace): PicassoExtension {
  const limits = place.limits ?? DEFAULT_INIT_LIMITS;
  let pending: AgentsMdProposal | undefined;

  async function propose(signal: AbortSignal): Promise<OperationResult> {
    if (!place.provider) return warn("no model configured: init needs a provider (docs/providers.md)");
    if (place.providerStandIn) return warn(`init needs a real model: ${place.providerStandIn}`);
    pending = undefined;
    const proposal = await proposeAgentsMd({
      workspaceRoot: place.workspaceRoot,
      provider: place.provider,
      limits,
      signal,
      ...(place.indexWith ? { indexWith: place.indexWith } : {}),
    });
    const { existing: _existing, ...shown } = proposal;
    if (proposal.unchanged)
      return {
        text: `${proposal.path} is already what the model proposes (${proposal.bytes} bytes): nothing to write.`,
        title: "init",
        data: { proposal: shown },
      };
    pending = proposal;
    const data: InitProposalData = {
      presentation: "pick",
      title: `Write ${proposal.path} (${proposal.bytes} bytes${proposal.overTarget ? `, over the ${limits.targetBytes}-byte target` : ""})? (↑/↓, Enter; Esc keeps it for /init write)`,
      preface: proposalPreface(proposal),
      choices: [
        { label: `Write ${proposal.path}`, value: "write" },
        { label: "Discard the proposal", value: "discard" },
      ],
      proposal: shown,
    };
    return { text: proposalText(proposal), title: "init", data };
  }

  function write(): OperationResult {
    if (!pending)
      return warn("nothing to write: run /init first for a proposal (from a shell: picasso init --yes)");
    const proposal = pending;
    writeProposal(place.workspaceRoot, proposal);
    pending = undefined;
    return {
      text: `Wrote ${proposal.path} (${proposal.bytes} bytes${proposal.overTarget ? `, over the ${limits.targetBytes}-byte target` : ""}). ${NEXT_SESSION}`,
      title: "init",
      data: { written: proposal.path, bytes: proposal.bytes },
    };
  }

  const operation: ExtensionOperation = {
    name: "init",
    args: "[write|discard]",
    argChoices: ["write", "discard"],
    summary: "write or improve AGENTS.md from the repository with the model; shows a diff to approve",
    async run(args, ctx) {
      const wanted = args.trim();
      try {
        if (wanted === "") return await propose(ctx.signal);
        if (wanted === "write") return write();
        if (wanted === "discard") {
          const had = pending !== undefined;
          pending = undefined;
          return { text: had ? "Discarded the proposal: AGENTS.md unchanged." : "No proposal to discard." };
        }
        return warn(`unknown argument "${wanted}"; try /init, /init write or /init discard`);
      } catch (error) {
        if (isUserError(error)) return warn((error as Error).message);
        throw error;
      }
    },
  };

  return { name: INIT_EXTENSION, operations: [operation] };
}
