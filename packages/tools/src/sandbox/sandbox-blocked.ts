/**
 * Telling the model when the sandbox stopped a command, so it asks for an exception instead of
 * retrying blindly. A sandboxed command that failed is checked for the marks the two walls leave
 * in its output: a write outside the writable places (`Read-only file system`, EROFS) and a
 * network call (`Network is unreachable`, `Could not resolve host`, `Temporary failure in name
 * resolution`, ENETUNREACH, EAI_AGAIN…). The note names the wall and what the user can do.
 */
const WALLS: { wall: string; marks: RegExp; hint: string }[] = [
  {
    wall: "network",
    marks:
      /Network is unreachable|Could not resolve host|Temporary failure in name resolution|ENETUNREACH|EAI_AGAIN|getaddrinfo|Name or service not known|No address associated with hostname/i,
    hint: "the network is off inside the sandbox; ask the user to allow it (sandbox.network: true) or to run the command themselves",
  },
  {
    wall: "write outside the workspace",
    marks: /Read-only file system|EROFS/i,
    hint: "only the workspace and /tmp are writable inside the sandbox; write there, or ask the user to run it outside the sandbox",
  },
];

/** The note to append to a failed sandboxed command's result, or undefined. */
export function sandboxBlockNote(output: string): string | undefined {
  const hits = WALLS.filter((w) => w.marks.test(output));
  if (hits.length === 0) return undefined;
  return hits.map((w) => `[blocked by the sandbox: ${w.wall} — ${w.hint}]`).join("\n");
}
