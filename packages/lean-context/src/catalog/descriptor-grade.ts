/**
 * Grading proposed descriptors on the navigation eval: the cases that expect one of the family's
 * members are run with the keyword navigator twice — on the catalog as it is, and on the same
 * catalog with the proposed `what` / `when` applied to the members (descriptor-overlay.ts) —
 * and each case's success@1 (chose an expected entry with one search) is compared. The other
 * cases run too, so text that pulls unrelated tasks to a member (a false expansion) shows as a
 * change elsewhere. Deterministic and pure (no provider): the grade says whether the new text
 * helps a navigator find the members without misleading it on the rest.
 */
import { Catalog } from "./build-catalog.js";
import { applyDescriptorOverlay, emptyDescriptorOverlay } from "./descriptor-overlay.js";
import type { MemberDescriptor } from "./descriptor-text.js";
import type { FamilyMembers } from "./family-members.js";
import {
  type CaseResult,
  keywordNavigator,
  matchesExpected,
  type NavigationCase,
  runNavigationEval,
} from "./navigation-eval.js";

export interface GradedCase {
  task: string;
  expect: string[];
  before: { success1: boolean; chosen?: string };
  after: { success1: boolean; chosen?: string };
}

export interface DescriptorGrade {
  /** Cases that expect one of the family's members. */
  cases: number;
  budgetBytes: number;
  /** success@1 over those cases, before and after. */
  before: number;
  after: number;
  /** Every case expecting a member, and which of them changed (their choice or their success@1). */
  results: GradedCase[];
  changed: GradedCase[];
  /** Cases that expect no member whose choice or success@1 changed. */
  elsewhere: GradedCase[];
}

/** The catalog with descriptors applied to one family's members. */
export function withFamilyDescriptors(
  catalog: Catalog,
  family: string,
  descriptors: ReadonlyMap<string, MemberDescriptor>,
): Catalog {
  const overlay = emptyDescriptorOverlay();
  overlay.families.set(family, new Map(descriptors));
  const tools = catalog.toolNames.map((name) => catalog.tool(name)!);
  return new Catalog(applyDescriptorOverlay([...catalog.nodes], overlay), tools);
}

const success1 = (r: CaseResult) => r.success && r.hops === 1;
const side = (r: CaseResult) => ({ success1: success1(r), ...(r.chosen ? { chosen: r.chosen } : {}) });

export async function gradeDescriptors(
  catalog: Catalog,
  family: FamilyMembers,
  descriptors: ReadonlyMap<string, MemberDescriptor>,
  cases: readonly NavigationCase[],
  budgetBytes: number,
): Promise<DescriptorGrade> {
  const members = family.members.map((m) => catalog.node(m.id)).filter((m) => m !== undefined);
  const expectsMember = (c: NavigationCase) => members.some((m) => matchesExpected(m, c.expect));
  const options = { budgetBytes, maxHops: 3, navigator: keywordNavigator };
  const before = await runNavigationEval(catalog, cases, options);
  const after = await runNavigationEval(
    withFamilyDescriptors(catalog, family.family, descriptors),
    cases,
    options,
  );
  const all = before.results.map((b, i) => {
    const a = after.results[i]!;
    return { task: b.task, expect: b.expect, before: side(b), after: side(a) };
  });
  const changed = (r: GradedCase) =>
    r.before.success1 !== r.after.success1 || r.before.chosen !== r.after.chosen;
  const results = all.filter((_, i) => expectsMember(cases[i]!));
  const share = (side: "before" | "after") =>
    results.length ? results.filter((r) => r[side].success1).length / results.length : 0;
  return {
    cases: results.length,
    budgetBytes,
    before: share("before"),
    after: share("after"),
    results,
    changed: results.filter(changed),
    elsewhere: all.filter((r, i) => !expectsMember(cases[i]!) && changed(r)),
  };
}
