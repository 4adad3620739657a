export * from "./provider.js";
