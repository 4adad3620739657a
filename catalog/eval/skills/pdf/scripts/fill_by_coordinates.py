#!/usr/bin/env python3
"""Write text onto a PDF that has no form fields, at given coordinates.

Usage: fill_by_coordinates.py form.pdf coordinates.json out.pdf
coordinates.json: [{"page": 1, "x": 72, "y": 700, "text": "Jane Doe", "size": 10}, ...]
x and y are PDF points from the bottom-left corner of the page (1 pt = 1/72 inch). To convert
from a pixel position in a pdftoppm image rendered at R dpi: x = px * 72 / R,
y = page_height_pt - py * 72 / R.
"""
import io
import json
import sys

from pypdf import PdfReader, PdfWriter
from reportlab.pdfgen import canvas


def overlay(width, height, items):
    buffer = io.BytesIO()
    c = canvas.Canvas(buffer, pagesize=(width, height))
    for item in items:
        c.setFont(item.get("font", "Helvetica"), item.get("size", 10))
        c.drawString(item["x"], item["y"], item["text"])
    c.save()
    buffer.seek(0)
    return PdfReader(buffer).pages[0]


def main(argv):
    if len(argv) < 4:
        print(__doc__.strip(), file=sys.stderr)
        return 1
    items = json.load(open(argv[2], encoding="utf-8"))
    writer = PdfWriter(clone_from=argv[1])
    for number, page in enumerate(writer.pages, start=1):
        mine = [i for i in items if i["page"] == number]
        if mine:
            box = page.mediabox
            page.merge_page(overlay(float(box.width), float(box.height), mine))
    with open(argv[3], "wb") as f:
        writer.write(f)
    print(f"wrote {len(items)} text items -> {argv[3]}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
