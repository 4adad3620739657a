#!/usr/bin/env python3
"""Zip an unpacked .docx folder back into a document, [Content_Types].xml first.

Usage: pack.py in_dir out.docx
Whitespace added by unpack.py between tags is removed again, except inside w:t and w:delText,
where spaces are content.
"""
import re
import sys
import zipfile
from pathlib import Path

BETWEEN_TAGS = re.compile(r">\s+<(?!/w:t>|/w:delText>)")


def main(argv):
    if len(argv) != 3:
        print(__doc__.strip(), file=sys.stderr)
        return 1
    src = Path(argv[1])
    files = sorted(p for p in src.rglob("*") if p.is_file())
    files.sort(key=lambda p: p.name != "[Content_Types].xml")
    with zipfile.ZipFile(argv[2], "w", zipfile.ZIP_DEFLATED) as z:
        for path in files:
            data = path.read_bytes()
            if path.suffix in (".xml", ".rels"):
                data = BETWEEN_TAGS.sub("><", data.decode("utf-8")).encode("utf-8")
            z.writestr(str(path.relative_to(src)), data)
    print(f"packed {len(files)} parts -> {argv[2]}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
