#!/usr/bin/env python3
"""Combine slide thumbnails into one grid image, numbered, for a quick visual review.

Usage: thumbnail_grid.py thumb-1.png thumb-2.png ... out.png [--cols 4]
"""
import sys

from PIL import Image, ImageDraw


def main(argv):
    cols = int(argv[argv.index("--cols") + 1]) if "--cols" in argv else 4
    files = [a for a in argv[1:] if a.endswith(".png") and a != argv[-1]]
    if not files:
        print(__doc__.strip(), file=sys.stderr)
        return 1
    images = [Image.open(f) for f in sorted(files, key=lambda f: int("".join(c for c in f if c.isdigit()) or 0))]
    w, h = images[0].size
    rows = (len(images) + cols - 1) // cols
    grid = Image.new("RGB", (cols * w, rows * h), "white")
    draw = ImageDraw.Draw(grid)
    for i, img in enumerate(images):
        x, y = (i % cols) * w, (i // cols) * h
        grid.paste(img, (x, y))
        draw.rectangle([x, y, x + 28, y + 18], fill="black")
        draw.text((x + 4, y + 3), str(i + 1), fill="white")
    grid.save(argv[-1])
    print(f"{len(images)} slides -> {argv[-1]}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
