#!/usr/bin/env node
// List an MCP server's tools over stdio and flag descriptions that are missing, vague or long.
// Usage: node check_tools.mjs <command> [args...]
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";

const [command, ...args] = process.argv.slice(2);
if (!command) {
  console.error("usage: node check_tools.mjs <command> [args...]");
  process.exit(1);
}
const client = new Client({ name: "check-tools", version: "1.0.0" });
await client.connect(new StdioClientTransport({ command, args }));
const { tools } = await client.listTools();
let flagged = 0;
for (const tool of tools) {
  const d = tool.description ?? "";
  const problems = [];
  if (d.length < 40) problems.push("description under 40 characters");
  if (d.length > 1024) problems.push("description over 1 KB");
  if (!/[a-z]+_[a-z]+/.test(tool.name)) problems.push("name is not service_verb_object");
  if (!tool.inputSchema?.properties) problems.push("no input properties");
  if (problems.length) flagged++;
  console.log(`${problems.length ? "!" : " "} ${tool.name}: ${d.split(". ")[0]}${problems.length ? ` [${problems.join("; ")}]` : ""}`);
}
console.log(`${tools.length} tools, ${flagged} flagged`);
await client.close();
