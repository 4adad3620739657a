/**
 * `@picasso/workspace/testing`: the hostile repository and its plain-git control, for the tests of
 * any package that runs git (workspace, tools, the CLI). No product code imports this.
 */
export {
  HOSTILE_LAYOUTS,
  type HostileLayout,
  type HostileRepository,
  PLANTED_HOOK_EVENTS,
  plainGitEnvironment,
  plantHostileRepository,
} from "./hostile-repository.js";
export { controlMarkers, firePlantsWithPlainGit, gitVersion } from "./plain-git-control.js";
