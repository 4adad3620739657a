/**
 * Image files for tests in any package (`@picasso/images/test-images`): a PNG or JPEG of a given
 * size with a simple gradient, made with the same pure-JS codecs Picasso downscales with.
 */
import jpeg from "jpeg-js";
import pngjs from "pngjs";

function gradient(width: number, height: number): Buffer {
  const data = Buffer.alloc(width * height * 4);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const at = (y * width + x) * 4;
      data[at] = (x * 255) / Math.max(1, width - 1);
      data[at + 1] = (y * 255) / Math.max(1, height - 1);
      data[at + 2] = 128;
      data[at + 3] = 255;
    }
  return data;
}

export function testPng(width: number, height: number): Buffer {
  const png = new pngjs.PNG({ width, height });
  png.data = gradient(width, height);
  return pngjs.PNG.sync.write(png);
}

export function testJpeg(width: number, height: number): Buffer {
  return jpeg.encode({ width, height, data: gradient(width, height) }, 90).data;
}
