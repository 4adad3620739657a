/**
 * Tool families and catalog groups, as the extension that owns the tools declares them
 * (`PicassoExtension.families` / `.groups`); the engine hands them to the assembler
 * (`AssembleContext.families` / `.groups`), which builds Tier 1's families line, the rules
 * `tool_search` returns and the catalog's groups from them.
 */

/** A tool family, declared by the extension whose tools carry `family: name`. */
export interface ToolFamily {
  name: string;
  /** The catalog group it joins (`workspace`, `web`, `agents`, `session`…). */
  group: string;
  /**
   * What to reach for it for, a few words, for Tier 1's families line ("fetch, search"). Only
   * families with deferred tools in the composition are listed; without it the family is named
   * alone. Part of Tier 1: it must depend on nothing but the code.
   */
  when?: string;
  /**
   * What the family is, one line, contrasting it with its neighbours: the catalog's `what` of the
   * family node (never Tier 1). Absent: the first sentence of its rules.
   */
  what?: string;
  /** Usage rules returned by `tool_search` with the full schema of one of its tools (Tier 2). */
  rules?: string;
}

/** A catalog group's one-line title (the peek view, `picasso tools`). */
export interface CatalogGroupTitle {
  group: string;
  title: string;
}
