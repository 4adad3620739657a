import { describe, expect, it } from "vitest";
import { syntheticTimeline } from "../test/synthetic-timeline.js";
import { foldTimelineFile } from "./fold-file.js";
import { renderTimelineHtml } from "./render-timeline-html.js";

const fixture = (name: string) => new URL(`../test/fixtures/${name}`, import.meta.url).pathname;
const count = (html: string, pattern: RegExp) => html.match(pattern)?.length ?? 0;

describe("renderTimelineHtml", () => {
  it("draws one bar per step and highlights each drop with its reason", async () => {
    const html = renderTimelineHtml(await foldTimelineFile(fixture("broken-prefix.jsonl")));
    expect(count(html, /<g class="bar[ "]/g)).toBe(5);
    expect(count(html, /<g class="bar drop"/g)).toBe(3);
    expect(html).toContain("Prefix drops (3)");
    expect(html).toContain("−700 tokens, prefix changed at system");
    expect(html).toContain("prefix unchanged (cache expired or evicted)");
    expect(count(html, /<tr class="drop">/g)).toBe(3);
    expect(html).toContain("Saved by the cache:</b> not recorded");
  });

  it("gives each bar's tooltip what its own step sent, and after a turn's last bar what came after it", async () => {
    const html = renderTimelineHtml(await foldTimelineFile(fixture("broken-prefix.jsonl")));
    const titles = [...html.matchAll(/<g class="bar[^"]*"><title>([^<]*)<\/title>/g)].map((m) => m[1]);
    expect(titles).toHaveLength(5);
    // Turn 2's request sent turn 1's answer and the new question; turn 2's answer came after it.
    expect(titles[1]).toMatch(
      /^turn 2 · step 1 · .*\nentered: assistant \d+ B · user \d+ B\nafter it: assistant \d+ B$/,
    );
    // Turn 3 rewrote the history before its request: all of it was sent again with step 2.
    expect(titles[2]).toMatch(/\nentered: assistant ×2 \d+ B · user ×2 \d+ B\n/);
  });

  it("is self-contained: no script, no external reference of any kind", async () => {
    const html = renderTimelineHtml(await foldTimelineFile(fixture("broken-prefix.jsonl")));
    expect(html).not.toMatch(/<script|<link|<img|<iframe|@import|url\(/i);
    // The only URL is the SVG namespace, which is a name, never fetched.
    expect(new Set(html.match(/https?:\/\/[^"\s<]+/g))).toEqual(new Set(["http://www.w3.org/2000/svg"]));
  });

  it("escapes what the user typed", () => {
    const timeline = syntheticTimeline(4);
    timeline.turns[0]!.input = { bytes: 30, preview: '<script>alert("x")</script>' };
    const html = renderTimelineHtml(timeline);
    expect(html).not.toContain("<script>");
    expect(html).toContain("&#60;script&#62;alert(&#34;x&#34;)");
  });

  it("stays under 500 KB for a 1,000-step session", () => {
    const timeline = syntheticTimeline(1000);
    const html = renderTimelineHtml(timeline);
    const bytes = Buffer.byteLength(html);
    console.log(`HTML timeline of ${timeline.totals.steps} steps: ${bytes} bytes`);
    expect(count(html, /<g class="bar[ "]/g)).toBe(timeline.totals.steps);
    expect(bytes).toBeLessThan(500 * 1024);
  });
});
