// A separate Picasso-like process writing memories: node writer.mjs <db> <count> <label>.
// Prints "ack <id>" after each write is committed (acknowledged), then "done".
import { MemoryService } from "../dist/memory-service.js";
import { MemoryStore } from "../dist/memory-store.js";
import { openMemoryDb } from "../dist/open-db.js";

const [path, count, label] = process.argv.slice(2);
const opened = openMemoryDb(path);
if (!opened.db) {
  process.stdout.write(`problem ${opened.problem}\n`);
  process.exit(2);
}
const service = new MemoryService(new MemoryStore(opened.db, path), { projectScope: "project:race-1" });
const total = Number(count);
for (let i = 0; i < total; i++) {
  const { memory } = await service.remember({
    title: `${label} ${i}`,
    body: `written by ${label}, number ${i}`,
  });
  process.stdout.write(`ack ${memory.id}\n`);
}
process.stdout.write("done\n");
