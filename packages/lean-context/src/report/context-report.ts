/**
 * The Tier-1 composition report behind `picasso context`: each section and tool with its bytes
 * and estimated tokens, totals, caps hit, the Tier-1 hash and the eager baseline it is compared
 * with. Token figures are o200k estimates and labelled as such. Pure: assembly in, report out.
 */
import {
  canonicalJson,
  estimateTokens,
  type PermissionMode,
  type Tier1,
  TOKEN_ESTIMATE_NOTE,
} from "@picasso/protocol";
import type { Composition } from "../composition/compose.js";
import { TOOL_CALL, TOOL_SEARCH } from "../gateways/gateway-specs.js";
import type { Tier1Assembly } from "../tier1/assemble-tier1.js";

export interface ContextReport {
  hash: string;
  surface: string;
  mode: PermissionMode;
  modeNote: string;
  tokenNote: string;
  bytes: { total: number; tools: number; system: number };
  estimatedTokens: { total: number; tools: number; system: number };
  sections: { id: string; bytes: number; estimatedTokens: number }[];
  tools: { name: string; kind: "core" | "gateway" | "mcp"; bytes: number; estimatedTokens: number }[];
  deferredTools: string[];
  missingCoreTools: string[];
  caps: {
    instructions: {
      files: string[];
      bytesBefore: number;
      bytesAfter: number;
      targetBytes: number;
      maxBytes: number;
      overTarget: boolean;
      capped: boolean;
      cutFile?: string;
    };
    skills: {
      known: number;
      withTrigger: number;
      /** The characters every trigger was cut to, and how many were shorter than their clause. */
      triggerChars: number;
      cut: number;
      byName: number;
      collapsed: number;
      bytesBefore: number;
      bytesAfter: number;
      budgetBytes: number;
      overflowed: boolean;
    };
  };
  baseline: { bytes: number; estimatedTokens: number; reductionPercent: number };
  compositionFiles: string[];
  warnings: string[];
}

export interface ContextReportInput {
  assembly: Tier1Assembly;
  baseline: Tier1;
  composition: Composition;
  mode: PermissionMode;
  warnings: readonly string[];
}

export function buildContextReport(input: ContextReportInput): ContextReport {
  const { assembly, baseline, composition } = input;
  const { tier1, split, instructionIndex: ii, skillIndex: si } = assembly;
  const settings = composition.settings;
  const core = new Set(split.core.map((t) => t.spec.name));
  const sections = tier1.system.map((b) => ({
    id: b.id,
    bytes: tier1.sections.find((s) => s.id === b.id)?.bytes ?? 0,
    estimatedTokens: estimateTokens(b.text),
  }));
  const tools = tier1.tools.map((spec, i) => ({
    name: spec.name,
    kind: core.has(spec.name)
      ? ("core" as const)
      : spec.name === TOOL_SEARCH || spec.name === TOOL_CALL
        ? ("gateway" as const)
        : ("mcp" as const),
    bytes: tier1.toolSizes[i]?.bytes ?? 0,
    estimatedTokens: estimateTokens(canonicalJson(spec)),
  }));
  const toolTokens = estimateTokens(canonicalJson(tier1.tools));
  const systemTokens = sections.reduce((n, s) => n + s.estimatedTokens, 0);
  const baselineTokens = estimateTokens(canonicalJson({ tools: baseline.tools, system: baseline.system }));
  const reduction = baseline.bytes.total > 0 ? (1 - tier1.bytes.total / baseline.bytes.total) * 100 : 0;
  return {
    hash: tier1.hash,
    surface: composition.surface,
    mode: input.mode,
    modeNote: "Tier 1 is byte-identical in every mode; a mode change is appended to history as a notice.",
    tokenNote: TOKEN_ESTIMATE_NOTE,
    bytes: { ...tier1.bytes },
    estimatedTokens: { total: toolTokens + systemTokens, tools: toolTokens, system: systemTokens },
    sections,
    tools,
    deferredTools: split.deferred.map((t) => t.spec.name),
    missingCoreTools: [...split.missing],
    caps: {
      instructions: {
        files: [...ii.files],
        bytesBefore: ii.bytesBefore,
        bytesAfter: ii.bytesAfter,
        targetBytes: settings["agent-instructions.targetBytes"],
        maxBytes: settings["agent-instructions.maxBytes"],
        overTarget: ii.overTarget,
        capped: ii.capped,
        ...(ii.cutFile ? { cutFile: ii.cutFile } : {}),
      },
      skills: {
        known: si.skillsKnown,
        withTrigger: si.withTrigger,
        triggerChars: si.triggerChars,
        cut: si.cut,
        byName: si.byName,
        collapsed: si.collapsed,
        bytesBefore: si.bytesBefore,
        bytesAfter: si.bytesAfter,
        budgetBytes: settings["skills.indexBudgetBytes"],
        overflowed: si.overflowed,
      },
    },
    baseline: {
      bytes: baseline.bytes.total,
      estimatedTokens: baselineTokens,
      reductionPercent: Math.round(reduction * 10) / 10,
    },
    compositionFiles: [...composition.files],
    warnings: [...input.warnings],
  };
}
