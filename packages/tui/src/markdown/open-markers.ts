/**
 * A streaming reply's last paragraph with the inline markers that have not closed yet hidden —
 * `**`, `~~` and a `` ` `` — so the words do not shift when the closing marker arrives: `**bol`
 * shows `bol` now and bold `bold` a moment later, instead of `**bol` then `bold`. Markers inside
 * a code span are not counted; inside an open fence nothing changes (it is code to the end).
 */
const FENCE = /^ {0,3}(```|~~~)/gm;

export function withoutOpenMarkers(text: string): string {
  if ((text.match(FENCE) ?? []).length % 2 === 1) return text;
  const start = text.lastIndexOf("\n\n") + 1;
  const tail = text.slice(start);
  const pairs: Record<"**" | "~~", number[]> = { "**": [], "~~": [] };
  let openTick = -1;
  for (let i = 0; i < tail.length; i++) {
    const two = tail.slice(i, i + 2);
    if (tail[i] === "`") openTick = openTick === -1 ? i : -1;
    else if (openTick === -1 && (two === "**" || two === "~~")) {
      pairs[two].push(i);
      i += 1;
    }
  }
  const drop = [
    ...(openTick !== -1 ? [[openTick, 1]] : []),
    ...(["**", "~~"] as const).flatMap((m) => (pairs[m].length % 2 === 1 ? [[pairs[m].at(-1)!, 2]] : [])),
  ].sort((a, b) => b[0]! - a[0]!);
  let shown = tail;
  for (const [at, length] of drop) shown = shown.slice(0, at) + shown.slice(at! + length!);
  return text.slice(0, start) + shown;
}
