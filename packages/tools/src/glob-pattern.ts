/**
 * Glob patterns over workspace paths, compiled to regular expressions.
 *
 * Syntax: `*` any run of characters except `/`; `?` one such character; `**` any run including
 * `/` (and `**\/` also matches nothing, so `src/**\/*.ts` includes `src/a.ts`); `{a,b}` either
 * alternative (nesting allowed); `[abc]`, `[a-z]`, `[!x]` character classes. A pattern without
 * `/` matches the file name at any depth (`*.ts`); one with `/` matches the path relative to
 * the search folder. A leading `./` is ignored.
 */

function escapeRegex(ch: string): string {
  return /[\\^$.*+?()[\]{}|/]/.test(ch) ? `\\${ch}` : ch;
}

export function globToRegExp(glob: string): RegExp {
  let source = "";
  let braces = 0;
  for (let i = 0; i < glob.length; i++) {
    const ch = glob[i]!;
    if (ch === "*") {
      if (glob[i + 1] === "*") {
        const slashAfter = glob[i + 2] === "/";
        source += slashAfter ? "(?:.*/)?" : ".*";
        i += slashAfter ? 2 : 1;
      } else {
        source += "[^/]*";
      }
    } else if (ch === "?") {
      source += "[^/]";
    } else if (ch === "{") {
      braces++;
      source += "(?:";
    } else if (ch === "}" && braces > 0) {
      braces--;
      source += ")";
    } else if (ch === "," && braces > 0) {
      source += "|";
    } else if (ch === "[") {
      const end = glob.indexOf("]", i + 2);
      if (end === -1) {
        source += "\\[";
      } else {
        let body = glob.slice(i + 1, end);
        if (body.startsWith("!")) body = `^${body.slice(1)}`;
        source += `[${body.replace(/\\/g, "\\\\")}]`;
        i = end;
      }
    } else {
      source += escapeRegex(ch);
    }
  }
  source += ")".repeat(braces);
  return new RegExp(`^${source}$`);
}

/** A predicate over paths relative to the search folder (forward slashes). */
export function globMatcher(glob: string): (relPath: string) => boolean {
  const pattern = glob.replace(/^\.\//, "");
  const regex = globToRegExp(pattern);
  if (pattern.includes("/")) return (relPath) => regex.test(relPath);
  return (relPath) => regex.test(relPath.slice(relPath.lastIndexOf("/") + 1));
}
