/** The teams extension (docs/teams.md): agent teams for a Picasso session. */

export { BoardRefusal, type BoardTask, TaskBoard, type TaskStatus } from "./team-board.js";
export { teamFamily } from "./team-family.js";
export { type Team, type TeamMember, TeamRoster } from "./team-roster.js";
export { createTeamsExtension, TEAMS_EXTENSION } from "./teams-extension.js";
