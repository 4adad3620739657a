#!/usr/bin/env python3
"""Group log lines by message shape (ids, numbers, hex and quoted values masked), with counts
and the first and last timestamp of each shape.

Usage: error_shapes.py app.log [--level ERROR] [--top 20]
"""
import re
import sys
from collections import OrderedDict

TS = re.compile(r"^\S*?(\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}:\d{2})")
MASKS = [
    (re.compile(r"[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}"), "<uuid>"),
    (re.compile(r"0x[0-9a-fA-F]+|\b[0-9a-f]{12,}\b"), "<hex>"),
    (re.compile(r"\"[^\"]*\"|'[^']*'"), "<str>"),
    (re.compile(r"\b\d+(\.\d+)?\b"), "<n>"),
]


def shape(line):
    text = TS.sub("", line).strip()
    for pattern, mask in MASKS:
        text = pattern.sub(mask, text)
    return text[:200]


def main(argv):
    if len(argv) < 2:
        print(__doc__.strip(), file=sys.stderr)
        return 1
    level = argv[argv.index("--level") + 1] if "--level" in argv else None
    top = int(argv[argv.index("--top") + 1]) if "--top" in argv else 20
    shapes = OrderedDict()
    with open(argv[1], encoding="utf-8", errors="replace") as f:
        for line in f:
            if level and level not in line:
                continue
            ts = TS.match(line)
            key = shape(line)
            entry = shapes.setdefault(key, [0, ts.group(1) if ts else "?", None])
            entry[0] += 1
            entry[2] = ts.group(1) if ts else entry[2]
    for key, (count, first, last) in sorted(shapes.items(), key=lambda kv: -kv[1][0])[:top]:
        print(f"{count:7}  {first} .. {last}  {key}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
