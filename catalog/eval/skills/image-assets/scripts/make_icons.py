#!/usr/bin/env python3
"""Make favicon.ico, apple-touch-icon.png and web-manifest icons from one square SVG or PNG.

Usage: make_icons.py logo.svg out_dir [--background "#ffffff"]
Needs ImageMagick 7 (`magick`). Prints the <link> tags and the manifest "icons" entry.
"""
import json
import subprocess
import sys
from pathlib import Path


def magick(*args):
    subprocess.run(["magick", *args], check=True)


def main(argv):
    if len(argv) < 3:
        print(__doc__.strip(), file=sys.stderr)
        return 1
    src, out = argv[1], Path(argv[2])
    bg = argv[argv.index("--background") + 1] if "--background" in argv else "#ffffff"
    out.mkdir(parents=True, exist_ok=True)
    magick("-background", "none", "-density", "384", src, "-define", "icon:auto-resize=48,32,16", str(out / "favicon.ico"))
    magick("-background", bg, "-density", "384", src, "-resize", "180x180", "-flatten", str(out / "apple-touch-icon.png"))
    for size in (192, 512):
        magick("-background", "none", "-density", "384", src, "-resize", f"{size}x{size}", str(out / f"icon-{size}.png"))
        inner = int(size * 0.8)
        magick("-background", bg, "-density", "384", src, "-resize", f"{inner}x{inner}", "-gravity", "center",
               "-extent", f"{size}x{size}", str(out / f"icon-{size}-maskable.png"))
    print('<link rel="icon" href="/favicon.ico" sizes="48x48">')
    print('<link rel="apple-touch-icon" href="/apple-touch-icon.png">')
    print('<link rel="manifest" href="/manifest.webmanifest">')
    icons = [{"src": f"/icon-{s}.png", "sizes": f"{s}x{s}", "type": "image/png"} for s in (192, 512)]
    icons += [{"src": f"/icon-{s}-maskable.png", "sizes": f"{s}x{s}", "type": "image/png", "purpose": "maskable"} for s in (192, 512)]
    print(json.dumps({"icons": icons}, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
