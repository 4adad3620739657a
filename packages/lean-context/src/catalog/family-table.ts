/**
 * The tool families and catalog groups as lean context reads them. Every extension declares the
 * families of its tools beside those tools, and the titles of the catalog groups they introduce
 * (protocol extension.ts); the engine's host hands them over in mount order
 * (`AssembleContext.families`, `.groups`), and whatever assembles without a session (`picasso
 * context`, `picasso tools`, the catalog files, the navigation eval, the probe's baseline) passes
 * the mounted extensions' declarations the same way. Lean context keeps no table of its own.
 *
 * Order rule: the other extensions' declarations in the order given, then lean context's own
 * (the `skills` family; the skills, mcp and docs groups) last, wherever they arrive. Lean context
 * is mounted first, yet its family closes Tier 1's families line and its groups close the
 * catalog. This order is the families line's (canonical-sections.ts) and the catalog's groups'.
 * A family nobody declares is a group of its own with no rules; a group nobody titles gets a
 * generic title and follows the titled ones.
 */
import type { CatalogGroupTitle, ToolFamily } from "@picasso/protocol";
import { SKILLS_FAMILY } from "../skills/skills-family.js";
import { LEAN_CONTEXT_GROUPS } from "./catalog-groups.js";

/** Lean context's own families, declared on its extension. */
export const LEAN_CONTEXT_FAMILIES: readonly ToolFamily[] = [SKILLS_FAMILY];

export interface FamilyTable {
  /** The declared families, in listing order (the order rule above). */
  readonly families: readonly ToolFamily[];
  /** The titled groups, in catalog order. */
  readonly groups: readonly CatalogGroupTitle[];
  family(name: string): ToolFamily | undefined;
  /** The group a family joins: its declared one, else a group of its own. */
  groupOf(family: string): string;
  groupTitle(group: string): string;
  /** A group's place in the catalog; untitled groups share the last place. */
  groupRank(group: string): number;
}

export function familyTable(
  declaredFamilies: readonly ToolFamily[] = [],
  declaredGroups: readonly CatalogGroupTitle[] = [],
): FamilyTable {
  const ownFamilies = new Set(LEAN_CONTEXT_FAMILIES.map((f) => f.name));
  const ownGroups = new Set(LEAN_CONTEXT_GROUPS.map((g) => g.group));
  const families = firstOfEach(
    [...declaredFamilies.filter((f) => !ownFamilies.has(f.name)), ...LEAN_CONTEXT_FAMILIES],
    (f) => f.name,
  );
  const groups = firstOfEach(
    [...declaredGroups.filter((g) => !ownGroups.has(g.group)), ...LEAN_CONTEXT_GROUPS],
    (g) => g.group,
  );
  const byName = new Map(families.map((f) => [f.name, f]));
  const rank = new Map(groups.map((g, i) => [g.group, i]));
  return {
    families,
    groups,
    family: (name) => byName.get(name),
    groupOf: (family) => byName.get(family)?.group ?? family,
    groupTitle: (group) => groups.find((g) => g.group === group)?.title ?? `Tools of the ${group} family`,
    groupRank: (group) => rank.get(group) ?? groups.length,
  };
}

function firstOfEach<T>(items: readonly T[], key: (item: T) => string): T[] {
  const seen = new Set<string>();
  return items.filter((item) => {
    const k = key(item);
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}
