#!/usr/bin/env node
/**
 * Builds the shipped `picasso` binary: one ESM bundle with lazily loaded chunks (esbuild).
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
 * - Dependencies adjusted as they are bundled (plugins below): Yoga decodes its WebAssembly
 *   without `fetch`, string-width's fast path takes box-drawing characters too, Ink's text modules
 *   make their Intl.Segmenter and emoji regex on first use, and zod carries its English messages only.
 * - Source maps are written beside each chunk; a bug's stack is mapped with them when it is reported
 *   (src/source-mapped-stack.ts), so stacks name TypeScript without a map read at every start.
 * - The version is written in from package.json (`__PICASSO_VERSION__`).
 * `--metafile` writes dist/meta.json for `npx esbuild --analyze`-style inspection.
 */
import { chmodSync, readFileSync, rmSync, writeFileSync } from "node:fs";
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
 * Yoga (Ink's layout engine) ships its WebAssembly as a base64 `data:` URL and, when `fetch` exists,
 * "downloads" it through fetch — which in Node loads undici (~90 ms) on the way to the first frame.
 * Without `fetch` it decodes the same bytes with `atob`. The bundle takes that path.
 */
const yogaWithoutFetch = {
  name: "yoga-without-fetch",
  setup(b) {
    b.onLoad({ filter: /yoga-layout[\\/]dist[\\/]binaries[\\/]yoga-wasm-base64-esm\.js$/ }, (args) => {
      const source = readFileSync(args.path, "utf8");
      const contents = source.replaceAll("typeof fetch", '"undefined"');
      if (contents === source) throw new Error(`yoga-without-fetch: no \`typeof fetch\` in ${args.path}`);
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

rmSync(outdir, { recursive: true, force: true });
const result = await build({
  entryPoints: [join(here, "src/main.ts")],
  outdir,
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
  plugins: [yogaWithoutFetch, stringWidthFastPath, lazyUnicodeTables, zodEnglishOnly],
  // Ink loads React's devtools only under DEV=true; the bundle never does.
  alias: { "react-devtools-core": join(here, "build-support/no-devtools.mjs") },
  // React (Ink's renderer) ships a development build chosen at run time; the bundle takes production.
  define: {
    __PICASSO_VERSION__: JSON.stringify(version),
    "process.env.NODE_ENV": JSON.stringify("production"),
  },
  // Bundled CommonJS dependencies call `require` for Node's built-ins.
  banner: {
    js: 'import { createRequire as __picassoRequire } from "node:module"; const require = __picassoRequire(import.meta.url);',
  },
  metafile: true,
  logLevel: "warning",
});
chmodSync(join(outdir, "main.js"), 0o755);
writeFileSync(join(outdir, "meta.json"), JSON.stringify(result.metafile));
