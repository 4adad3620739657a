/**
 * Shrinking RGBA pixels by area averaging (each target pixel is the mean of the source pixels its
 * box covers): sharp enough for screenshots and text, no ringing, pure JS. Only ever shrinks.
 */
export interface Pixels {
  width: number;
  height: number;
  /** RGBA, 4 bytes a pixel, row by row. */
  data: Uint8Array;
}

/** The size that fits `maxSide` on the longest side, keeping the aspect ratio (at least 1×1). */
export function fitWithin(width: number, height: number, maxSide: number): { width: number; height: number } {
  const longest = Math.max(width, height);
  if (longest <= maxSide) return { width, height };
  const scale = maxSide / longest;
  return {
    width: Math.max(1, Math.round(width * scale)),
    height: Math.max(1, Math.round(height * scale)),
  };
}

export function downscale(source: Pixels, width: number, height: number): Pixels {
  const out = new Uint8Array(width * height * 4);
  const sx = source.width / width;
  const sy = source.height / height;
  for (let y = 0; y < height; y++) {
    const y0 = Math.floor(y * sy);
    const y1 = Math.max(y0 + 1, Math.min(source.height, Math.floor((y + 1) * sy)));
    for (let x = 0; x < width; x++) {
      const x0 = Math.floor(x * sx);
      const x1 = Math.max(x0 + 1, Math.min(source.width, Math.floor((x + 1) * sx)));
      let r = 0;
      let g = 0;
      let b = 0;
      let a = 0;
      for (let yy = y0; yy < y1; yy++) {
        let at = (yy * source.width + x0) * 4;
        for (let xx = x0; xx < x1; xx++, at += 4) {
          r += source.data[at]!;
          g += source.data[at + 1]!;
          b += source.data[at + 2]!;
          a += source.data[at + 3]!;
        }
      }
      const n = (y1 - y0) * (x1 - x0);
      const to = (y * width + x) * 4;
      out[to] = Math.round(r / n);
      out[to + 1] = Math.round(g / n);
      out[to + 2] = Math.round(b / n);
      out[to + 3] = Math.round(a / n);
    }
  }
  return { width, height, data: out };
}
