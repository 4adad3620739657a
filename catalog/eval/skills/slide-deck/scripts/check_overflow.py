#!/usr/bin/env python3
"""Flag text frames whose text probably does not fit their box.

Usage: check_overflow.py deck.pptx
Estimates lines from characters per line (average glyph width ~0.5 em) and the frame's height;
a heuristic: confirm flagged slides on the rendered thumbnails.
"""
import sys

from pptx import Presentation
from pptx.util import Pt


def main(argv):
    if len(argv) != 2:
        print(__doc__.strip(), file=sys.stderr)
        return 1
    prs = Presentation(argv[1])
    flagged = 0
    for number, slide in enumerate(prs.slides, start=1):
        for shape in slide.shapes:
            if not shape.has_text_frame or not shape.width or not shape.height:
                continue
            lines = 0.0
            size = Pt(18)
            for p in shape.text_frame.paragraphs:
                run_sizes = [r.font.size for r in p.runs if r.font.size]
                size = run_sizes[0] if run_sizes else size
                per_line = max(1, int(shape.width / (size * 0.5)))
                lines += max(1, -(-len(p.text) // per_line))
            needed = lines * size * 1.2
            if needed > shape.height:
                flagged += 1
                print(f"slide {number}: '{shape.name}' needs ~{needed / 12700:.0f} pt, has {shape.height / 12700:.0f} pt")
    print(f"{flagged} frame(s) flagged")
    return 1 if flagged else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
