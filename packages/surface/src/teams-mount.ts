/**
 * The `teams` row: agent teams (packages/teams, docs/teams.md) — the deferred `team` family, the
 * board and results folded from the session log, the stop gate asking a member for its result,
 * `/team` and its `/context` panel. Its lanes and wake-ups come from the live session's start
 * context; an offline reader mounts it for its tools and families only.
 */
import { createTeamsExtension } from "@picasso/teams";
import type { Mounted } from "./extension-place.js";

export function teamsMount(): Mounted {
  return { extension: createTeamsExtension() };
}
