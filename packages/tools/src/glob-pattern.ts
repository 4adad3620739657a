/**
 * Glob patterns over workspace paths, matched by picomatch.
 *
 * Syntax (picomatch): `*` any run of characters except `/`; `?` one such character; `**` any run
 * including `/` (and `**\/` also matches nothing, so `src/**\/*.ts` includes `src/a.ts`); `{a,b}`
 * either alternative (nesting allowed); `[abc]`, `[a-z]`, `[!x]` character classes; extglobs such
 * as `+(a|b)`. Dot files match like any other name. A pattern without `/` matches the file name at
 * any depth (`*.ts`); one with `/` matches the path relative to the search folder. A leading `./`
 * is ignored.
 */
import picomatch from "picomatch";

/** The pattern as matched: without a leading `./`. */
export function normaliseGlob(glob: string): string {
  return glob.replace(/^\.\//, "");
}

/**
 * A predicate over paths relative to the search folder (forward slashes). `posix` makes `[!x]` a
 * negated class, as in a shell, instead of picomatch's literal-or-class reading.
 */
export function globMatcher(glob: string): (relPath: string) => boolean {
  const pattern = normaliseGlob(glob);
  const isMatch = picomatch(pattern, { dot: true, posix: true, basename: !pattern.includes("/") });
  return (relPath) => isMatch(relPath);
}

/** Why a glob cannot be compiled, or undefined when it can. */
export function globError(glob: string): string | undefined {
  try {
    picomatch.makeRe(normaliseGlob(glob), { posix: true });
    return undefined;
  } catch (error) {
    return `Invalid glob ${JSON.stringify(glob)}: ${(error as Error).message}.`;
  }
}
