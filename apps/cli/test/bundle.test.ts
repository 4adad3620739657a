/**
 * The shipped binary is a bundle (build.mjs): one entry, lazily loaded CommonJS chunks, source maps,
 * and V8's code for the chunks cached between runs (compile-cache.ts).
 * `--version` answers from the entry alone; a failure deep inside a chunk reports its stack in
 * TypeScript source positions; the optional parts (the provider SDKs, the mock, the TUI, the
 * probe) are chunks of their own, loaded only when used.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { describe, expect, it } from "vitest";
import { BIN, picasso, script, workspace } from "./cli-harness.js";

const DIST = dirname(BIN);

describe("the bundled binary", () => {
  it("prints its version from the entry chunk alone", () => {
    const run = spawnSync(process.execPath, [BIN, "--version"], { encoding: "utf8" });
    expect(run.status).toBe(0);
    const { version } = JSON.parse(readFileSync(join(DIST, "../package.json"), "utf8"));
    expect(run.stdout).toBe(`${version}\n`);
    // What --version loads: main.js and what it imports statically — no command, no commander.
    const meta = JSON.parse(readFileSync(join(DIST, "meta.json"), "utf8")) as {
      outputs: Record<string, { imports: { path: string; kind: string }[]; bytes: number }>;
    };
    const staticClosure = new Set<string>();
    const visit = (path: string) => {
      if (staticClosure.has(path)) return;
      staticClosure.add(path);
      for (const dep of meta.outputs[path]?.imports ?? [])
        if (dep.kind === "import-statement") visit(dep.path);
    };
    visit(Object.keys(meta.outputs).find((p) => p.endsWith("dist/main.js"))!);
    const bytes = [...staticClosure].reduce((sum, p) => sum + (meta.outputs[p]?.bytes ?? 0), 0);
    expect(bytes).toBeLessThan(8 * 1024);
  });

  it("draws the TUI and opens a session without the schema library or the SDKs", () => {
    // What a chunk loads statically: Ink's first frame waits for all of the interactive chunk's, the
    // ready session for all of the wiring's and the mock provider's (no key). zod (the log-line
    // schemas, loaded on a log's first read), the provider and MCP SDKs, ajv, the image codecs and
    // execa load when first used (start-up, docs/benchmarks.md).
    const meta = JSON.parse(readFileSync(join(DIST, "meta.json"), "utf8")) as {
      outputs: Record<string, { imports: { path: string; kind: string }[]; inputs: Record<string, unknown> }>;
    };
    const inputsOf = (chunk: RegExp) => {
      const closure = new Set<string>();
      const visit = (path: string) => {
        if (closure.has(path)) return;
        closure.add(path);
        for (const dep of meta.outputs[path]?.imports ?? [])
          if (dep.kind === "import-statement") visit(dep.path);
      };
      visit(Object.keys(meta.outputs).find((p) => chunk.test(p))!);
      return [...closure].flatMap((c) => Object.keys(meta.outputs[c]?.inputs ?? {}));
    };
    const packagesIn = (inputs: string[], names: string[]) =>
      names.filter((name) => inputs.some((input) => input.includes(`node_modules/${name}/`)));
    const tui = inputsOf(/dist\/interactive-[A-Z0-9]+\.js$/);
    expect(packagesIn(tui, ["ink"])).toEqual(["ink"]);
    expect(packagesIn(tui, ["zod", "@modelcontextprotocol/sdk", "yaml", "execa", "ajv", "marked"])).toEqual(
      [],
    );
    const wiring = inputsOf(/dist\/wiring-[^/]*\.js$/);
    expect(packagesIn(wiring, ["yaml"])).toEqual(["yaml"]);
    const lazy = [
      "zod",
      "@anthropic-ai/sdk",
      "openai",
      "@modelcontextprotocol/sdk",
      "ajv",
      "execa",
      "pngjs",
      "jpeg-js",
    ];
    expect(packagesIn(wiring, lazy)).toEqual([]);
    expect(packagesIn(inputsOf(/dist\/open-mock-provider-[^/]*\.js$/), lazy)).toEqual([]);
  });

  it("splits plain text into graphemes by code unit only where the segmenter would split it so", () => {
    // Ink's grapheme splitting skips Intl.Segmenter for text its bundled pattern calls plain (build.mjs).
    const chunk = readdirSync(DIST).find((f) => /^interactive-.*\.js$/.test(f))!;
    const source = readFileSync(join(DIST, chunk), "utf8");
    const found = /__picassoPlainGraphemes=(\/\^\[[^\]]*\]\*\$\/)/.exec(source)?.[1];
    expect(found).toBeDefined();
    const plain = new Function(`return ${found}`)() as RegExp;
    const segmenter = new Intl.Segmenter(undefined, { granularity: "grapheme" });
    const graphemes = (text: string) => [...segmenter.segment(text)].map((s) => s.segment);
    const everyCharacter = Array.from({ length: 0x3000 }, (_, cp) => String.fromCharCode(cp)).filter((ch) =>
      plain.test(ch),
    );
    expect(everyCharacter.length).toBeGreaterThan(1000);
    // Each plain character stays a grapheme of its own beside every other plain character.
    const sample = everyCharacter.filter((_, i) => i % 7 === 0);
    for (const a of sample) expect(graphemes(a + sample.join(a))).toEqual([...(a + sample.join(a))]);
    for (const text of [
      "╭─ › ready │ default │",
      "\u001b[1mbold\u001b[22m · — … → ✓",
      "Ünïcödé ΑΒΓ Жж\ttab\n",
    ])
      expect(plain.test(text) && graphemes(text)).toEqual([...text]);
    // What clusters goes to the segmenter.
    for (const text of ["a\r\nb", "e\u0301", "👍🏽", "👩\u200d💻", "🇫🇷", "한국어", "x\ufe0f", "क्षि"])
      expect(plain.test(text)).toBe(false);
  });

  it("reports an unexpected failure inside a chunk with its TypeScript stack", () => {
    const script = `
      import { readdirSync } from "node:fs";
      import { join } from "node:path";
      const dist = process.argv[1];
      const { run } = await import(join(dist, readdirSync(dist).find((f) => /^cli-.*\\.js$/.test(f))));
      process.stdout.write = () => { throw new Error("stdout is gone"); };
      await run(["node", "picasso", "--help"]);
    `;
    const run = spawnSync(process.execPath, ["--input-type=module", "-e", script, DIST], {
      encoding: "utf8",
    });
    expect(run.status).toBe(70);
    expect(run.stderr).toMatch(/^picasso: internal error: Error: stdout is gone/);
    expect(run.stderr).toMatch(/apps\/cli\/src\/cli\.ts:\d+:\d+/);
  });

  it("ships a seed of V8's code for the chunks on the way to a session, made by the build", () => {
    const seed = join(DIST, "code-cache", `${process.version}-${process.arch}`);
    const seeded = readdirSync(seed);
    for (const entry of ["cli-", "interactive-", "interactive-loader-", "wiring-"]) {
      const chunk = readdirSync(DIST).find(
        (f) => f.startsWith(entry) && /^[A-Z0-9]{8}\.js$/.test(f.slice(entry.length)),
      )!;
      const { size, mtimeMs } = statSync(join(DIST, chunk));
      expect(seeded).toContain(`${chunk}.${size}.${Math.trunc(mtimeMs)}.v8`);
    }
  });

  it("keeps V8's code for its chunks in PICASSO_HOME: a session writes it, the next takes it all", async () => {
    const home = mkdtempSync(join(tmpdir(), "picasso-compile-cache-"));
    const dir = workspace();
    // A run that outlasts the 3 s after which the chunks' code is saved (main.ts).
    const slow = script(dir, { steps: [{ text: "done", delay_ms: 3300 }] });
    try {
      const run = (env: Record<string, string> = {}) =>
        picasso(dir, ["-p", "wait", "--mock-script", slow], { env: { PICASSO_HOME: home, ...env } });
      const codeDir = () => join(home, "cache", "code");
      const first = await run();
      expect([first.exitCode, first.stdout]).toEqual([0, "done"]);
      const [folder, ...others] = readdirSync(codeDir());
      expect(others).toEqual([]);
      const cacheDir = join(codeDir(), folder!);
      const files = () =>
        readdirSync(cacheDir)
          .sort()
          .map((f) => `${f} ${statSync(join(cacheDir, f)).mtimeMs}`);
      const written = files();
      // One cache per chunk the run loaded, each named after its chunk.
      expect(written.length).toBeGreaterThan(10);
      const chunks = new Set(readdirSync(DIST));
      for (const entry of written) expect(chunks.has(`${entry.split(/\.js\./)[0]}.js`)).toBe(true);

      // Every cache taken: none written again, the same answer.
      const second = await run();
      expect([second.exitCode, second.stdout]).toEqual([0, "done"]);
      expect(files()).toEqual(written);

      // A damaged cache is never handed to V8 (which would crash on it): the run is whole and
      // writes it again.
      const biggest = readdirSync(cacheDir).sort(
        (a, b) => statSync(join(cacheDir, b)).size - statSync(join(cacheDir, a)).size,
      )[0]!;
      const bytes = readFileSync(join(cacheDir, biggest));
      for (let i = 64; i < bytes.length; i += 101) bytes[i]! ^= 0x5a;
      writeFileSync(join(cacheDir, biggest), bytes);
      const third = await run();
      expect([third.exitCode, third.stdout]).toEqual([0, "done"]);
      expect(readFileSync(join(cacheDir, biggest)).equals(bytes)).toBe(false);

      // PICASSO_COMPILE_CACHE=off: nothing read or written.
      rmSync(join(home, "cache", "code"), { recursive: true });
      const off = await run({ PICASSO_COMPILE_CACHE: "off" });
      expect([off.exitCode, off.stdout]).toEqual([0, "done"]);
      expect(readdirSync(join(home, "cache"))).not.toContain("code");
    } finally {
      rmSync(home, { recursive: true, force: true });
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);

  it("keeps optional parts in chunks of their own", () => {
    const chunks = readdirSync(DIST).filter((f) => f.endsWith(".js"));
    for (const lazy of ["interactive-", "wiring-", "run-headless-", "probe-", "mock-server-"])
      expect(chunks.some((f) => f.startsWith(lazy))).toBe(true);
  });
});
