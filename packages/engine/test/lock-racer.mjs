// One of several processes racing for the same session lock, as Picasso processes opening one
// session do: node lock-racer.mjs <lock> <rounds>. Each round it tries to take the lock; once
// held, it checks the lock file still names it — before and after a moment of "writing the log" —
// and releases it. Prints "held <n>" and every round where its lock named another process
// ("stolen <round>": two writers on one log).
import { readFileSync } from "node:fs";
import { SessionLock } from "../dist/session-lock.js";

const [lockPath, rounds] = process.argv.slice(2);
const mine = () => {
  try {
    return JSON.parse(readFileSync(lockPath, "utf8")).pid === process.pid;
  } catch {
    return false;
  }
};
let held = 0;
for (let round = 0; round < Number(rounds); round++) {
  let lock;
  try {
    lock = SessionLock.acquire(lockPath, "race");
  } catch (error) {
    if (error.name !== "UserError") throw error;
    continue;
  }
  held++;
  let ok = mine();
  const until = process.hrtime.bigint() + 200_000n; // 0.2 ms holding the log
  while (process.hrtime.bigint() < until);
  ok = mine() && ok;
  if (!ok) process.stdout.write(`stolen ${round}\n`);
  lock.release();
}
process.stdout.write(`held ${held}\n`);
