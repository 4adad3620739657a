#!/usr/bin/env node
/**
 * Builds the shipped `picasso` binary: one bundle with lazily loaded chunks (esbuild), in two stages:
 * an ESM bundle split into chunks (esbuild splits ESM only), then each chunk made CommonJS, file
 * for file, so that Node 20 compiles it through `Module.prototype._compile`, where the binary's
 * compile cache (src/compile-cache.ts) hands V8 the code it made for that chunk on an earlier run.
 * Nothing in the bundle may use a top-level `await` (CommonJS has none): the plugins below take
 * out the ones in Yoga and Ink.
 *
 * - Entry `src/main.ts` → `dist/main.js`; every dynamic `import()` (each command, the TUI, the
 *   engine wiring, the provider SDKs, the mock, the cache-probe…) becomes a chunk of its own in
 *   `dist/`, loaded only when used — so `--version` loads one small file and the TUI's first
 *   frame loads only what it draws.
 * - Everything else is bundled, workspace packages and npm dependencies alike (fewer files to
 *   resolve and read at start-up is most of the win). Left outside, loaded from node_modules at run
 *   time: native addons (better-sqlite3, node-pty; sqlite-vec, whose loader finds its platform
 *   package's `vec0` binary from its own place in node_modules) and js-tiktoken (its multi-megabyte
 *   ranks are read only when a token count is needed).
 * - Whitespace and syntax are minified (identifiers are not, so stacks keep their function names):
 *   less to read and compile on the way to the first frame, React's reconciler above all.
 * - Dependencies adjusted as they are bundled (plugins below): Yoga starts synchronously and
 *   without `fetch`, Ink has no devtools import, string-width's fast path takes box-drawing
 *   characters too, Ink's text modules make their Intl.Segmenter and emoji regex on first use, and
 *   zod carries its English messages only.
 * - Source maps are written beside each chunk, carried through both stages; a bug's stack is
 *   mapped with them when it is reported (src/source-mapped-stack.ts), so stacks name TypeScript
 *   without a map read at every start.
 * - The version is written in from package.json (`__PICASSO_VERSION__`).
 * dist/meta.json is the first stage's chunk graph (the same file names), for tests and inspection.
 */
import { spawnSync } from "node:child_process";
import { chmodSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { build } from "esbuild";

const here = dirname(fileURLToPath(import.meta.url));
const { version } = JSON.parse(readFileSync(join(here, "package.json"), "utf8"));
const outdir = join(here, "dist");

/** Packages that must be loaded from node_modules at run time, not bundled. */
export const EXTERNAL = [
  "better-sqlite3",
  // sqlite-vec's loader finds its platform package's `vec0` binary from its own place in node_modules.
  "sqlite-vec",
  "@lydell/node-pty",
  "js-tiktoken",
  "js-tiktoken/*",
];

/**
 * Yoga (Ink's layout engine) is Emscripten's output with its WebAssembly inlined as a base64 `data:`
 * URL, started asynchronously behind a top-level `await` in yoga-layout's entry (and, when `fetch`
 * exists, "downloaded" through it — which in Node loads undici, ~90 ms). A top-level await keeps the
 * bundle from being CommonJS (code-cached, compile-cache.ts). In the bundle Yoga starts
 * synchronously instead: Emscripten's `instantiateWasm` hook is also handed the data URL, and the
 * entry compiles and instantiates the module at once (Node allows that for any size) — then
 * Emscripten's start-up has run by the time `loadYoga()` returns, on the Module object it was given.
 */
const YOGA_HOOK_CALL = /h\.instantiateWasm\(d,\s*a\)/;
const SYNC_YOGA_ENTRY = `import loadYoga from "../binaries/yoga-wasm-base64-esm.js";
import wrapAssembly from "./wrapAssembly.js";
const started = {
  instantiateWasm(imports, receiveInstance, dataUrl) {
    const bytes = Buffer.from(dataUrl.slice(dataUrl.indexOf(",") + 1), "base64");
    receiveInstance(new WebAssembly.Instance(new WebAssembly.Module(bytes), imports));
    return {};
  },
};
loadYoga(started);
if (!started.calledRun) throw new Error("Yoga's WebAssembly did not start synchronously (build.mjs, yoga-sync)");
const Yoga = wrapAssembly(started);
export default Yoga;
export * from "./generated/YGEnums.js";
`;
const yogaSync = {
  name: "yoga-sync",
  setup(b) {
    b.onLoad({ filter: /yoga-layout[\\/]dist[\\/]binaries[\\/]yoga-wasm-base64-esm\.js$/ }, (args) => {
      const source = readFileSync(args.path, "utf8");
      if (!YOGA_HOOK_CALL.test(source)) throw new Error(`yoga-sync: no instantiateWasm call in ${args.path}`);
      return { contents: source.replace(YOGA_HOOK_CALL, "h.instantiateWasm(d,a,H)"), loader: "js" };
    });
    b.onLoad({ filter: /yoga-layout[\\/]dist[\\/]src[\\/]index\.js$/ }, (args) => {
      const source = readFileSync(args.path, "utf8");
      if (!source.includes("const Yoga = wrapAssembly(await loadYoga());"))
        throw new Error(`yoga-sync: yoga-layout's entry is not the one expected in ${args.path}`);
      return { contents: SYNC_YOGA_ENTRY, loader: "js", resolveDir: dirname(args.path) };
    });
  },
};

/**
 * Under DEV=true Ink imports React's devtools and reads its own package.json (for the devtools),
 * each behind a top-level `await`. The bundle carries no devtools (the alias below), and a top-level
 * await keeps it from being CommonJS: both go.
 */
const INK_DEV_AWAITS = [
  ["await import('./devtools.js');", "void 0;"],
  ["await loadPackageJson()", "{ name: undefined, version: undefined }"],
];
const inkWithoutDevtools = {
  name: "ink-without-devtools",
  setup(b) {
    b.onLoad({ filter: /[\\/]node_modules[\\/]ink[\\/]build[\\/]reconciler\.js$/ }, (args) => {
      let contents = readFileSync(args.path, "utf8");
      for (const [from, to] of INK_DEV_AWAITS) {
        if (!contents.includes(from)) throw new Error(`ink-without-devtools: no \`${from}\` in ${args.path}`);
        contents = contents.replace(from, to);
      }
      return { contents, loader: "js" };
    });
  },
};

/**
 * zod exports every one of its ~50 message locales through `z.locales` (about 300 KB, half the zod
 * the bundle carries), which a namespace export keeps from being tree-shaken, and which would be
 * compiled on every start. Picasso's messages are English and it never switches zod's locale, so
 * the bundle's `locales` holds English only (`en`, which zod itself imports directly).
 */
const zodEnglishOnly = {
  name: "zod-english-only",
  setup(b) {
    b.onLoad({ filter: /[\\/]node_modules[\\/]zod[\\/]v4[\\/]locales[\\/]index\.js$/ }, (args) => {
      const source = readFileSync(args.path, "utf8");
      if (!source.includes('export { default as en } from "./en.js";'))
        throw new Error(`zod-english-only: no English locale export in ${args.path}`);
      return {
        contents: 'export { default as en } from "./en.js";\n',
        loader: "js",
        resolveDir: dirname(args.path),
      };
    });
  },
};

/**
 * string-width (Ink measures every text node with it) answers printable ASCII at once and sends
 * anything else through Intl.Segmenter and a `\p{RGI_Emoji}` regex whose first use compiles for
 * ~90 ms — on the first frame, because the prompt box is drawn with `╭─╮│›`. The bundle widens its
 * fast path to every character it measures as 1 column on its own and that cannot join a cluster
 * (no marks, no emoji, no ignorables, no script that clusters; the set is computed here from
 * string-width itself), so
 * the answers are unchanged and the box, `·`, `—`, `…` and arrows skip the slow path.
 */
/** Latin, Greek, Cyrillic, then punctuation, arrows, box drawing and symbols: scripts whose letters
 * never form a cluster without a mark (Thai, Indic and Hangul do, so they stay on the slow path). */
const CANDIDATES = [
  [0x20, 0x52f],
  [0x2000, 0x2bff],
];
const ASCII_FAST_PATH = "/^[\\u0020-\\u007E]*$/";
const stringWidthFastPath = {
  name: "string-width-fast-path",
  setup(b) {
    b.onLoad({ filter: /[\\/]node_modules[\\/]string-width[\\/]index\.js$/ }, async (args) => {
      const source = readFileSync(args.path, "utf8");
      if (!source.includes(ASCII_FAST_PATH)) return undefined; // another major version: left as it is
      const { default: stringWidth } = await import(pathToFileURL(args.path).href);
      const joins = /[\p{M}\p{Extended_Pictographic}\p{Emoji_Presentation}\p{Default_Ignorable_Code_Point}]/u;
      const ranges = [];
      for (const [from, to] of CANDIDATES)
        for (let cp = from; cp <= to; cp++) {
          const ch = String.fromCodePoint(cp);
          if (joins.test(ch) || stringWidth(ch) !== 1) continue;
          const last = ranges.at(-1);
          if (last && last[1] === cp - 1) last[1] = cp;
          else ranges.push([cp, cp]);
        }
      const hex = (cp) => `\\u${cp.toString(16).padStart(4, "0")}`;
      const narrow = `/^[${ranges.map(([a, z]) => (a === z ? hex(a) : `${hex(a)}-${hex(z)}`)).join("")}]*$/`;
      return { contents: lazyUnicode(source.replace(ASCII_FAST_PATH, narrow), args.path), loader: "js" };
    });
  },
};

/**
 * Ink's text measuring and slicing modules (string-width, slice-ansi, ansi-tokenize) each make an
 * `Intl.Segmenter` when they load — the first one loads ICU's break-iterator data — and
 * string-width compiles a `\p{RGI_Emoji}` regex with the `v` flag: tens of ms on the way to the
 * first frame, for text the fast path above answers without them. In the bundle each is made on its
 * first use instead (`segment()` and `test()` are all these modules call on them).
 * Ink also splits every line it draws into graphemes (ansi-tokenize, slice-ansi). Text made only of
 * characters that are each a grapheme of their own whatever stands beside them (`__picassoPlainGraphemes`,
 * computed here with Intl.Segmenter itself: ASCII, tab, newline and escape, and the script and
 * symbol ranges above less every mark, joiner, ignorable and emoji) is split by code unit, as
 * the segmenter would split it; anything else (CR LF, combining marks, emoji sequences, Hangul…)
 * still goes to the segmenter.
 */
function plainGraphemesPattern() {
  const segmenter = new Intl.Segmenter(undefined, { granularity: "grapheme" });
  const count = (text) => [...segmenter.segment(text)].length;
  const joins = /[\p{M}\p{Extended_Pictographic}\p{Emoji_Presentation}\p{Default_Ignorable_Code_Point}]/u;
  const ranges = [];
  const candidates = [[0x09, 0x0a], [0x1b, 0x1b], ...CANDIDATES];
  for (const [from, to] of candidates)
    for (let cp = from; cp <= to; cp++) {
      const ch = String.fromCodePoint(cp);
      if (joins.test(ch)) continue;
      // A grapheme of its own beside a letter, itself, an escape and a newline, on either side.
      if (![`a${ch}a`, `${ch}${ch}a`, `\x1b${ch}\n`, `\n${ch}\x1b`].every((text) => count(text) === 3))
        continue;
      const last = ranges.at(-1);
      if (last && last[1] === cp - 1) last[1] = cp;
      else ranges.push([cp, cp]);
    }
  const hex = (cp) => `\\u${cp.toString(16).padStart(4, "0")}`;
  return `/^[${ranges.map(([a, z]) => (a === z ? hex(a) : `${hex(a)}-${hex(z)}`)).join("")}]*$/`;
}

const LAZY_UNICODE_HELPERS = `const __picassoPlainGraphemes = ${plainGraphemesPattern()};
const __picassoCodeUnits = (text) => ({
  *[Symbol.iterator]() {
    for (let index = 0; index < text.length; index++) yield { segment: text[index], index, input: text };
  },
  containing: (index) =>
    index >= 0 && index < text.length ? { segment: text[index], index, input: text } : undefined,
});
const __picassoLazySegmenter = (...args) => {
  let made;
  const graphemes = (args[1]?.granularity ?? "grapheme") === "grapheme";
  return {
    segment: (text) =>
      graphemes && __picassoPlainGraphemes.test(text)
        ? __picassoCodeUnits(text)
        : (made ??= new Intl.Segmenter(...args)).segment(text),
  };
};
const __picassoLazyRegExp = (pattern, flags) => {
  let made;
  return { test: (text) => (made ??= new RegExp(pattern, flags)).test(text) };
};
`;
const RGI_EMOJI = "/^\\p{RGI_Emoji}$/v";

function lazyUnicode(source, path) {
  const contents = source
    .replace(/new Intl\.Segmenter\(([^)]*)\)/g, "__picassoLazySegmenter($1)")
    .replace(RGI_EMOJI, '__picassoLazyRegExp("^\\\\p{RGI_Emoji}$", "v")');
  if (contents === source) throw new Error(`lazy-unicode: no Intl.Segmenter or RGI_Emoji regex in ${path}`);
  return LAZY_UNICODE_HELPERS + contents;
}

const lazyUnicodeTables = {
  name: "lazy-unicode-tables",
  setup(b) {
    b.onLoad(
      {
        filter:
          /[\\/]node_modules[\\/](string-width[\\/]index|slice-ansi[\\/]tokenize-ansi|@alcalzone[\\/]ansi-tokenize[\\/]build[\\/]tokenize)\.js$/,
      },
      (args) => ({ contents: lazyUnicode(readFileSync(args.path, "utf8"), args.path), loader: "js" }),
    );
  },
};

// Stage 1: one ESM bundle split into chunks (esbuild splits ESM only), written to a staging folder.
const staging = join(here, "dist.esm");
rmSync(staging, { recursive: true, force: true });
const result = await build({
  entryPoints: [join(here, "src/main.ts")],
  outdir: staging,
  bundle: true,
  splitting: true,
  format: "esm",
  platform: "node",
  target: "node20",
  sourcemap: "linked",
  sourcesContent: false,
  legalComments: "none",
  minifyWhitespace: true,
  minifySyntax: true,
  chunkNames: "[name]-[hash]",
  external: EXTERNAL,
  plugins: [yogaSync, inkWithoutDevtools, stringWidthFastPath, lazyUnicodeTables, zodEnglishOnly],
  // Ink loads React's devtools only under DEV=true; the bundle never does.
  alias: { "react-devtools-core": join(here, "build-support/no-devtools.mjs") },
  // React (Ink's renderer) ships a development build chosen at run time; the bundle takes production.
  define: {
    __PICASSO_VERSION__: JSON.stringify(version),
    "process.env.NODE_ENV": JSON.stringify("production"),
  },
  metafile: true,
  logLevel: "warning",
});

// Stage 2: each chunk made CommonJS, file for file (the same names, imports become `require`s, each
// dynamic import a `require` in a promise), its source map carried through to the TypeScript.
// CommonJS modules go through Node's `Module.prototype._compile`, where the binary's compile cache
// (src/compile-cache.ts) hands V8 the code it compiled last time.
const chunks = readdirSync(staging).filter((f) => f.endsWith(".js"));
// Not a `"type": "module"` folder: then esbuild does not read the chunks as Node's ESM, whose imports
// of a converted chunk would take its whole `exports` as the default export (`__toESM(…, 1)`)
// instead of the chunk's own default (an SDK's client class, say).
writeFileSync(join(staging, "package.json"), "{}\n");
const converted = join(here, "dist.cjs");
rmSync(converted, { recursive: true, force: true });
await build({
  entryPoints: chunks.map((f) => join(staging, f)),
  outdir: converted,
  bundle: false,
  format: "cjs",
  platform: "node",
  target: "node20",
  supported: { "dynamic-import": false },
  sourcemap: "linked",
  sourcesContent: false,
  legalComments: "none",
  minifyWhitespace: true,
  minifySyntax: true,
  define: { "import.meta.url": "__picassoModuleUrl" },
  // ESM is strict; the banner comes before esbuild's own "use strict", so it says it first.
  banner: { js: '"use strict";var __picassoModuleUrl=require("node:url").pathToFileURL(__filename).href;' },
  logLevel: "warning",
});
for (const file of chunks) {
  const text = readFileSync(join(converted, file), "utf8");
  if (/\bimport\.meta\b|\bimport\(/.test(text.replace(/"(?:[^"\\\n]|\\.)*"|`(?:[^`\\]|\\.)*`/g, "")))
    throw new Error(`build: ${file} still uses import.meta or import() after its CommonJS conversion`);
}
writeFileSync(join(converted, "package.json"), '{ "type": "commonjs" }\n');
chmodSync(join(converted, "main.js"), 0o755);
// The chunk graph, as tests and the bench read it (the same names in both stages).
writeFileSync(
  join(converted, "meta.json"),
  JSON.stringify(result.metafile).replaceAll('"dist.esm/', '"dist/'),
);
rmSync(outdir, { recursive: true, force: true });
renameSync(converted, outdir);
rmSync(staging, { recursive: true, force: true });

// The compile cache's seed, for a first start on a fresh PICASSO_HOME (src/compile-cache.ts).
const seeded = spawnSync(process.execPath, [join(here, "build-support/seed-compile-cache.cjs"), outdir], {
  encoding: "utf8",
});
if (seeded.status !== 0) throw new Error(`build: the compile cache's seed failed:\n${seeded.stderr}`);
