export * from "./compose-session.js";
export * from "./plugin-mounts.js";
