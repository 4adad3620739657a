/// <reference lib="dom" />
/**
 * The HTML timeline in a real browser: Debian's headless Chromium (the system executable — `.ci/run`
 * installs it; `CHROMIUM_PATH` overrides), driven by playwright-core (one package, no dependencies), which never downloads one.
 * Each page loads from a file with no console error, no page error and no request but its own
 * file; its chart has one bar per step, drops drawn on the red backing the stylesheet gives them;
 * a full-page screenshot is saved in test-output/timeline-html/ (gitignored) for a human to look at.
 * Without Chromium the test fails and says how to install it: it is never skipped.
 */
import { accessSync, constants, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { delimiter, join } from "node:path";
import { pathToFileURL } from "node:url";
import { type Browser, chromium } from "playwright-core";
import { afterAll, describe, expect, it } from "vitest";
import { foldTimelineFile, renderTimelineHtml, type Timeline } from "../src/index.js";
import { syntheticTimeline } from "./synthetic-timeline.js";

const OUTPUT = new URL("../test-output/timeline-html/", import.meta.url).pathname;
const fixture = (name: string) => new URL(`./fixtures/${name}`, import.meta.url).pathname;

function chromiumPath(): string {
  const candidates = process.env.CHROMIUM_PATH
    ? [process.env.CHROMIUM_PATH]
    : (process.env.PATH ?? "")
        .split(delimiter)
        .flatMap((dir) => ["chromium", "chromium-headless-shell"].map((name) => join(dir, name)));
  for (const path of candidates) {
    try {
      accessSync(path, constants.X_OK);
      return path;
    } catch {}
  }
  throw new Error(
    "no Chromium to test the HTML timeline in: install Debian's `chromium` (apt-get install chromium; .ci/run does) or set CHROMIUM_PATH",
  );
}

/** Launched by the first test that needs it, so a missing Chromium fails each test (never a skip). */
let launched: Promise<Browser> | undefined;
function browser(): Promise<Browser> {
  launched ??= (async () => {
    const executablePath = chromiumPath();
    return chromium.launch({
      executablePath,
      headless: true,
      args: ["--no-sandbox", "--disable-gpu", "--no-first-run"],
    });
  })();
  return launched;
}
afterAll(async () => {
  await (await launched?.catch(() => undefined))?.close();
});

async function open(name: string, timeline: Timeline) {
  const file = join(OUTPUT, `${name}.html`);
  mkdirSync(OUTPUT, { recursive: true });
  writeFileSync(file, renderTimelineHtml(timeline));
  const page = await (await browser()).newPage();
  const problems: string[] = [];
  const requests: string[] = [];
  page.on("console", (m) => {
    if (m.type() === "error" || m.type() === "warning") problems.push(`console ${m.type()}: ${m.text()}`);
  });
  page.on("pageerror", (e) => problems.push(`page error: ${String(e)}`));
  page.on("request", (r) => requests.push(r.url()));
  await page.goto(pathToFileURL(file).href, { waitUntil: "networkidle" });
  return { page, file, problems, requests };
}

describe("the HTML timeline in headless Chromium", { timeout: 60_000 }, () => {
  it("loads offline without errors, one bar per step, drops on red; a screenshot is saved", async () => {
    const timeline = await foldTimelineFile(fixture("broken-prefix.jsonl"));
    const { page, file, problems, requests } = await open("broken-prefix", timeline);
    expect(problems).toEqual([]);
    expect(requests).toEqual([pathToFileURL(file).href]);
    expect(await page.$$eval("svg g.bar", (bars) => bars.length)).toBe(timeline.totals.steps);
    const backing = await page.$$eval("svg g.bar.drop rect.bg", (rects) =>
      rects.map((r) => getComputedStyle(r).fill),
    );
    expect(backing).toEqual(["rgb(253, 226, 226)", "rgb(253, 226, 226)", "rgb(253, 226, 226)"]);
    expect(await page.$eval("h2 + ul", (ul) => ul.textContent)).toContain("prefix changed at message 1");
    const shot = join(OUTPUT, "broken-prefix.png");
    await page.screenshot({ path: shot, fullPage: true });
    expect(readFileSync(shot).subarray(1, 4).toString()).toBe("PNG");
    await page.close();
  });

  it("draws a 1,000-step session with every bar, lanes as separate charts", async () => {
    const timeline = syntheticTimeline(1000);
    const { page, problems, requests } = await open("synthetic-1000", timeline);
    expect(problems).toEqual([]);
    expect(requests).toHaveLength(1);
    const perChart = await page.$$eval("svg", (svgs) => svgs.map((s) => s.querySelectorAll("g.bar").length));
    expect(perChart[0]).toBe(1000);
    expect(perChart.reduce((a, b) => a + b, 0)).toBe(timeline.totals.steps);
    await page.screenshot({ path: join(OUTPUT, "synthetic-1000.png") });
    await page.close();
  });
});
