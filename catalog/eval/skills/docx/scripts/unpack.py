#!/usr/bin/env python3
"""Unzip a .docx into a folder and pretty-print its XML parts for editing.

Usage: unpack.py in.docx out_dir
Warns when comments.xml exists but is not registered in [Content_Types].xml.
"""
import sys
import zipfile
from pathlib import Path
from xml.dom import minidom


def main(argv):
    if len(argv) != 3:
        print(__doc__.strip(), file=sys.stderr)
        return 1
    out = Path(argv[2])
    with zipfile.ZipFile(argv[1]) as z:
        z.extractall(out)
    for part in out.rglob("*.xml"):
        text = part.read_text(encoding="utf-8")
        part.write_text(minidom.parseString(text).toprettyxml(indent="  "), encoding="utf-8")
    types = (out / "[Content_Types].xml").read_text(encoding="utf-8")
    if (out / "word" / "comments.xml").exists() and "comments.xml" not in types:
        print("warning: word/comments.xml is not in [Content_Types].xml", file=sys.stderr)
    print(f"unpacked to {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
