#!/usr/bin/env python3
"""List the form fields of a PDF: name, type, page, current value, and allowed states.

Usage: check_fillable_fields.py form.pdf [--json]
Exit code 0 when the file has fields, 2 when it has none (fill by coordinates instead).
"""
import json
import sys

from pypdf import PdfReader

TYPES = {"/Tx": "text", "/Btn": "button", "/Ch": "choice", "/Sig": "signature"}


def field_pages(reader):
    pages = {}
    for number, page in enumerate(reader.pages, start=1):
        for annot in page.get("/Annots") or []:
            obj = annot.get_object()
            name = obj.get("/T") or (obj.get("/Parent") or {}).get("/T")
            if name is not None:
                pages.setdefault(str(name), number)
    return pages


def main(argv):
    if len(argv) < 2:
        print(__doc__.strip(), file=sys.stderr)
        return 1
    reader = PdfReader(argv[1])
    fields = reader.get_fields() or {}
    if not fields:
        print("no fillable fields: use fill_by_coordinates.py", file=sys.stderr)
        return 2
    pages = field_pages(reader)
    rows = []
    for name, field in sorted(fields.items()):
        kind = TYPES.get(field.get("/FT"), "unknown")
        states = [str(s) for s in field.get("/_States_", [])]
        rows.append({"name": name, "type": kind, "page": pages.get(name),
                     "value": str(field.get("/V", "")), "states": states})
    if "--json" in argv:
        print(json.dumps(rows, indent=2))
    else:
        for r in rows:
            extra = f" states={','.join(r['states'])}" if r["states"] else ""
            print(f"p{r['page']}\t{r['type']}\t{r['name']}\t{r['value']}{extra}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
